package merge

import corev1 "k8s.io/api/core/v1"

// Known false positive, pinned: an object built only to be written out
// (exported as YAML for a user, created once) never reaches an update or a
// comparison, so its map order costs no churn. maporder does not follow
// where the object goes after its builder returns, and reports it.
func exportContainer(env map[string]string) corev1.Container {
	c := corev1.Container{Name: "exported"}
	for k, v := range env { // want `range over map env feeds Container.Env in map order`
		c.Env = append(c.Env, corev1.EnvVar{Name: k, Value: v})
	}
	return c
}
