package analyzers_test

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilelint/reconcilelint/analyzers"
	"github.com/reconcilelint/reconcilelint/internal/repotest"
)

// TestEveryListNamesEveryAnalyzer checks that each place listing the suite
// names every analyzer of All(), so that the next analyzer cannot be
// left out of one: the README's table and plugin paragraph, the example
// golangci-lint configuration (header, enable list, settings blocks), the
// pre-commit hooks' descriptions, the generated docs and the suite's
// settings schema. A count in words ("the seven") would go stale: none is
// allowed beside a list.
func TestEveryListNamesEveryAnalyzer(t *testing.T) {
	t.Parallel()
	root := repotest.Root(t)
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	readme := read("README.md")
	example := read(".golangci.example.yml")
	hooks := read(".pre-commit-hooks.yaml")
	docs := read("docs/analyzers.md")

	// The sections that list the suite.
	pluginPara := section(t, readme, "one per analyzer", "suite, not both")
	exampleHeader := section(t, example, "The whole suite is also", "not both")
	enable := section(t, example, "enable:", "settings:")
	var hookDescriptions []string
	for _, m := range regexp.MustCompile(`(?m)^- id: (\S+)\n(?:  .*\n)*?  description: (.*)$`).FindAllStringSubmatch(hooks, -1) {
		if m[1] == "reconcilelint" || m[1] == "reconcilelint-system" {
			hookDescriptions = append(hookDescriptions, m[2])
		}
	}
	if len(hookDescriptions) != 2 {
		t.Fatalf("found %d hook descriptions, want those of reconcilelint and reconcilelint-system", len(hookDescriptions))
	}
	var settingsKeys []string
	st := reflect.TypeFor[analyzers.Settings]()
	for i := range st.NumField() {
		key, _, _ := strings.Cut(st.Field(i).Tag.Get("json"), ",")
		settingsKeys = append(settingsKeys, key)
	}

	for _, a := range analyzers.All() {
		n := a.Name
		for _, c := range []struct{ where, text, want string }{
			{"README analyzers table", readme, "| [`" + n + "`](docs/analyzers.md#" + n + ") |"},
			{"README plugin paragraph", pluginPara, "`" + n + "`"},
			{".golangci.example.yml header", exampleHeader, n},
			{".golangci.example.yml enable list", enable, "    - " + n + "\n"},
			{".golangci.example.yml settings", example, "\n      " + n + ":\n        type: module\n"},
			{".pre-commit-hooks.yaml reconcilelint description", hookDescriptions[0], n},
			{".pre-commit-hooks.yaml reconcilelint-system description", hookDescriptions[1], n},
			{"docs/analyzers.md", docs, "\n## " + n + "\n"},
		} {
			if !strings.Contains(c.text, c.want) {
				t.Errorf("%s does not name %s (looked for %q)", c.where, n, c.want)
			}
		}
		if !slices.Contains(settingsKeys, n) {
			t.Errorf("analyzers.Settings has no key %q", n)
		}
	}
	counts := regexp.MustCompile(`(?i)\b(the|these|all) (two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b`)
	for where, text := range map[string]string{"README plugin paragraph": pluginPara, ".golangci.example.yml header": exampleHeader,
		"README": readme, ".golangci.example.yml": example, ".pre-commit-hooks.yaml": hooks} {
		if m := counts.FindString(text); m != "" {
			t.Errorf("%s counts the analyzers in words (%q): it goes stale with the next one", where, m)
		}
	}
}

// section returns text from the first from to the first to after it.
func section(t *testing.T, text, from, to string) string {
	t.Helper()
	i := strings.Index(text, from)
	if i < 0 {
		t.Fatalf("no %q", from)
	}
	j := strings.Index(text[i:], to)
	if j < 0 {
		t.Fatalf("no %q after %q", to, from)
	}
	return text[i : i+j+len(to)]
}
