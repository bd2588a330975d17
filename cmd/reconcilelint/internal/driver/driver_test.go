package driver

import (
	"go/token"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func TestIsVetInvocation(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"-V=full"}, true},
		{[]string{"-flags"}, true},
		{[]string{"-json", "/tmp/go-build/vet.cfg"}, true},
		{[]string{"./..."}, false},
		{[]string{"-fix", "./..."}, false},
		{nil, false},
	} {
		if got := isVetInvocation(tc.args); got != tc.want {
			t.Errorf("isVetInvocation(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}

func TestSelectAnalyzers(t *testing.T) {
	t.Parallel()
	a, b := &analysis.Analyzer{Name: "a"}, &analysis.Analyzer{Name: "b"}
	all := []*analysis.Analyzer{a, b}
	names := func(list []*analysis.Analyzer) string {
		var s []string
		for _, x := range list {
			s = append(s, x.Name)
		}
		return strings.Join(s, ",")
	}
	for _, tc := range []struct {
		a, b triState
		want string
	}{
		{unset, unset, "a,b"},
		{setTrue, unset, "a"},
		{setFalse, unset, "b"},
		{setTrue, setFalse, "a"},
	} {
		ta, tb := tc.a, tc.b
		got := names(selectAnalyzers(all, map[string]*triState{"a": &ta, "b": &tb}))
		if got != tc.want {
			t.Errorf("-a=%v -b=%v: got %q, want %q", tc.a.String(), tc.b.String(), got, tc.want)
		}
	}
}

func TestApplyMergesIdenticalAndOrdersEdits(t *testing.T) {
	t.Parallel()
	src := []byte("abcdef")
	got := apply(src, []edit{{4, 5, "E"}, {0, 0, ">"}, {1, 2, "B"}})
	if string(got) != ">aBcdEf" {
		t.Errorf("apply = %q", got)
	}
}

func TestConflicts(t *testing.T) {
	t.Parallel()
	accepted := map[string][]edit{"f.go": {{10, 20, "x"}, {5, 5, "imp"}}}
	for _, tc := range []struct {
		name string
		e    edit
		want bool
	}{
		{"identical edit", edit{10, 20, "x"}, false},
		{"identical insertion", edit{5, 5, "imp"}, false},
		{"overlap", edit{15, 25, "y"}, true},
		{"different insertion at the same point", edit{5, 5, "other"}, true},
		{"disjoint", edit{20, 30, "z"}, false},
	} {
		if got := conflicts(accepted, map[string][]edit{"f.go": {tc.e}}); got != tc.want {
			t.Errorf("%s: conflicts = %v, want %v", tc.name, got, tc.want)
		}
	}
	if conflicts(accepted, map[string][]edit{"g.go": {{15, 25, "y"}}}) {
		t.Error("edits in another file conflict")
	}
}

func TestUnifiedDiff(t *testing.T) {
	t.Parallel()
	a := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n"
	b := "1\n2\n3\n4\nfive\n6\n7\n8\n9\n10\n"
	got := unifiedDiff("x.go", []byte(a), []byte(b))
	want := "--- x.go (old)\n+++ x.go (new)\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"
	if got != want {
		t.Errorf("unifiedDiff:\n%s\nwant:\n%s", got, want)
	}
	if d := unifiedDiff("x.go", []byte(a), []byte(a)); strings.Contains(d, "@@") {
		t.Errorf("diff of equal files has hunks:\n%s", d)
	}
	// An insertion at the top and one at the bottom make two hunks.
	c := "0\n" + a + "11\n"
	if n := strings.Count(unifiedDiff("x.go", []byte(a), []byte(c)), "@@ -"); n != 2 {
		t.Errorf("got %d hunks, want 2", n)
	}
}

func TestShortPath(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ dir, file, want string }{
		{"/m", "/m/main.go", "./main.go"},
		{"/m", "/m/controllers/service.go", "controllers/service.go"},
		{"/m/controllers", "/m/api/types.go", "/m/api/types.go"},
		{"/m", "/other/x.go", "/other/x.go"},
		{"/m", "/m..x/y.go", "/m..x/y.go"},
		{"", "/m/main.go", "/m/main.go"},
	} {
		if got := shortPath(tc.dir, tc.file); got != tc.want {
			t.Errorf("shortPath(%q, %q) = %q, want %q", tc.dir, tc.file, got, tc.want)
		}
	}
}

// TestMyersIsShortest: on random line sequences the script turns a into b,
// and has as few edits as the longest common subsequence allows.
func TestMyersIsShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 500 {
		a := randomLines(rng, rng.IntN(12))
		b := randomLines(rng, rng.IntN(12))
		ops := myers(a, b)
		var got []string
		i, j, edits := 0, 0, 0
		for _, op := range ops {
			switch op {
			case ' ':
				if a[i] != b[j] {
					t.Fatalf("myers(%q, %q) keeps %q against %q", a, b, a[i], b[j])
				}
				got = append(got, a[i])
				i++
				j++
			case '-':
				i++
				edits++
			case '+':
				got = append(got, b[j])
				j++
				edits++
			}
		}
		if i != len(a) || !slices.Equal(got, b) {
			t.Fatalf("myers(%q, %q) = %q: does not give b", a, b, ops)
		}
		if want := len(a) + len(b) - 2*lcsLen(a, b); edits != want {
			t.Fatalf("myers(%q, %q): %d edits, shortest is %d", a, b, edits, want)
		}
	}
}

func randomLines(rng *rand.Rand, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = string(rune('a' + rng.IntN(3)))
	}
	return out
}

func lcsLen(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// TestUTF16Columns: SARIF declares UTF-16 code unit columns; a position
// after a non-ASCII string counts its code units, not its bytes.
func TestUTF16Columns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.go")
	line := "\ts := \"é𝄞\"; x := 1\n" // é: 2 bytes, 1 unit; 𝄞: 4 bytes, 2 units
	if err := os.WriteFile(path, []byte("package a\n"+line), 0o644); err != nil {
		t.Fatal(err)
	}
	byteCol := strings.Index(line, "x") + 1
	p := token.Position{Filename: path, Line: 2, Column: byteCol, Offset: len("package a\n") + byteCol - 1}
	if got, want := (utf16Columns{}).column(p), byteCol-3; got != want {
		t.Errorf("column = %d, want %d (byte column %d)", got, want, byteCol)
	}
}
