package admissionclobber_test

import (
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers/admissionclobber"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

func TestAdmissionClobber(t *testing.T) {
	repotest.Run(t, admissionclobber.Analyzer, "admissionclobber/a", "admissionclobber/tablet", "admissionclobber/podmerge", "admissionclobber/nocorev1", "admissionclobber/inverse", "admissionclobber/contains", "admissionclobber/listed", "admissionclobber/listed/kube", "admissionclobber/claims")
}

func TestSettings(t *testing.T) {
	a := admissionclobber.New(admissionclobber.Config{
		ExtraFields:  []string{"Container.LivenessProbe"},
		IgnoreFields: []string{"Container.Env"},
	})
	repotest.Run(t, a, "admissionclobber/settings")
}

func TestSettingsValidation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		cfg  admissionclobber.Config
		want string
	}{
		{admissionclobber.Config{ExtraFields: []string{"PodSpec.HostAliases", "Pod.Spec"}},
			`admissionclobber.extra-fields[1]: "Pod.Spec" is not a field of the form PodSpec.Name or Container.Name`},
		{admissionclobber.Config{ExtraFields: []string{"Container.env"}},
			`admissionclobber.extra-fields[0]: "Container.env" is not a field of the form PodSpec.Name or Container.Name`},
		{admissionclobber.Config{IgnoreFields: []string{"PodSpec.Affinity", "PodSpec.HostAliases"}},
			`admissionclobber.ignore-fields[1]: "PodSpec.HostAliases" is neither a default field nor in extra-fields`},
		{admissionclobber.Config{ExtraFields: []string{"PodSpec.HostAliases"}, IgnoreFields: []string{"PodSpec.HostAliases"}}, ""},
	} {
		err := admissionclobber.Validate(tc.cfg)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != tc.want {
			t.Errorf("Validate(%+v) = %q, want %q", tc.cfg, got, tc.want)
		}
	}
	// The standalone flag is checked as it is set.
	if err := admissionclobber.New(admissionclobber.Config{}).Flags.Set("extra-fields", "PodSpec.X,bad"); err == nil ||
		err.Error() != `admissionclobber.extra-fields[1]: "bad" is not a field of the form PodSpec.Name or Container.Name` {
		t.Errorf("flag error = %v", err)
	}
}
