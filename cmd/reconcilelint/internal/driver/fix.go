package driver

import (
	"bytes"
	"fmt"
	"go/format"
	"io"
	"os"
	"slices"
	"strings"
)

// edit is a text edit in byte offsets of one file.
type edit struct {
	start, end int
	text       string
}

// applyFixes applies the first suggested fix of every finding and returns
// how many findings it left unfixed: those without a fix, those whose fix
// was skipped, and with diff all of them (nothing is written).
// Identical edits (the same fix seen through a package and its test
// variant, or one import added by several fixes) are applied once; a fix
// whose edits overlap an already accepted different edit is skipped whole.
// Changed files are gofmt-ed. With diff, files are left alone and a
// unified diff is printed instead.
func applyFixes(graph *actionGraph, diff bool, stdout, stderr io.Writer) (int, error) {
	byFile := map[string][]edit{}
	var skipped, unfixable int
	all := findings(graph)
	for _, f := range all {
		fset := f.act.Package.Fset
		d := f.diag
		if len(d.SuggestedFixes) == 0 {
			unfixable++
			continue
		}
		fix := d.SuggestedFixes[0]
		proposed := map[string][]edit{}
		for _, te := range fix.TextEdits {
			end := te.End
			if !end.IsValid() {
				end = te.Pos
			}
			tf := fset.File(te.Pos)
			if tf == nil {
				continue
			}
			proposed[tf.Name()] = append(proposed[tf.Name()], edit{tf.Offset(te.Pos), tf.Offset(end), string(te.NewText)})
		}
		if conflicts(byFile, proposed) {
			skipped++
			continue
		}
		for name, es := range proposed {
			for _, e := range es {
				if !slices.Contains(byFile[name], e) {
					byFile[name] = append(byFile[name], e)
				}
			}
		}
	}
	names := make([]string, 0, len(byFile))
	for name := range byFile {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		old, err := os.ReadFile(name)
		if err != nil {
			return 0, err
		}
		updated := apply(old, byFile[name])
		if formatted, err := format.Source(updated); err == nil {
			updated = formatted
		}
		if diff {
			io.WriteString(stdout, unifiedDiff(name, old, updated))
			continue
		}
		if err := os.WriteFile(name, updated, 0o644); err != nil {
			return 0, err
		}
	}
	if skipped > 0 {
		fmt.Fprintf(stderr, "%d fix(es) skipped: they overlap other fixes; run again to apply them\n", skipped)
	}
	if diff {
		return len(all), nil
	}
	return unfixable + skipped, nil
}

// conflicts reports whether a proposed fix overlaps accepted edits other
// than identical ones.
func conflicts(accepted, proposed map[string][]edit) bool {
	for name, es := range proposed {
		for _, e := range es {
			for _, a := range accepted[name] {
				if a == e {
					continue
				}
				if e.start < a.end && a.start < e.end {
					return true
				}
				if e.start == e.end && a.start == a.end && e.start == a.start {
					return true // two different insertions at one point: order unknown
				}
			}
		}
	}
	return false
}

func apply(src []byte, edits []edit) []byte {
	slices.SortStableFunc(edits, func(a, b edit) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return a.end - b.end
	})
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.start])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes()
}

// unifiedDiff renders a line diff of a file with three lines of context.
func unifiedDiff(name string, a, b []byte) string {
	x, y := splitLines(a), splitLines(b)
	ops := lineOps(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s (old)\n+++ %s (new)\n", name, name)
	const ctx = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-ctx, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run-end > 2*ctx || run == len(ops) {
				end = min(end+ctx, len(ops))
				break
			}
			end = run
		}
		ai, bi := ops[start].ai, ops[start].bi
		var an, bn int
		var body strings.Builder
		for _, op := range ops[start:end] {
			switch op.kind {
			case ' ':
				an++
				bn++
				body.WriteString(" " + op.text)
			case '-':
				an++
				body.WriteString("-" + op.text)
			case '+':
				bn++
				body.WriteString("+" + op.text)
			}
		}
		fmt.Fprintf(&out, "@@ -%d,%d +%d,%d @@\n%s", ai+1, an, bi+1, bn, body.String())
		i = end
	}
	return out.String()
}

type lineOp struct {
	kind   byte
	text   string
	ai, bi int // line indexes before this op
}

func splitLines(b []byte) []string {
	var lines []string
	for l := range strings.Lines(string(b)) {
		if !strings.HasSuffix(l, "\n") {
			l += "\n"
		}
		lines = append(lines, l)
	}
	return lines
}

// lineOps computes an edit script with Myers' algorithm, after trimming
// the common prefix and suffix: O((n+m)·D) time and O(D²) memory for D
// changed lines, so a few fixes in a long file stay cheap.
func lineOps(x, y []string) []lineOp {
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	mx, my := x[pre:len(x)-suf], y[pre:len(y)-suf]
	var ops []lineOp
	for i := range pre {
		ops = append(ops, lineOp{' ', x[i], i, i})
	}
	i, j := 0, 0
	for _, k := range myers(mx, my) {
		switch k {
		case ' ':
			ops = append(ops, lineOp{' ', mx[i], pre + i, pre + j})
			i++
			j++
		case '-':
			ops = append(ops, lineOp{'-', mx[i], pre + i, pre + j})
			i++
		case '+':
			ops = append(ops, lineOp{'+', my[j], pre + i, pre + j})
			j++
		}
	}
	for k := range suf {
		ops = append(ops, lineOp{' ', x[len(x)-suf+k], len(x) - suf + k, len(y) - suf + k})
	}
	return ops
}

// myers returns a shortest edit script turning a into b: ' ' keeps a line,
// '-' deletes one of a, '+' inserts one of b.
func myers(a, b []string) []byte {
	n, m := len(a), len(b)
	limit := n + m
	v := make([]int, 2*limit+3) // v[off+k]: furthest x on diagonal k
	off := limit + 1
	var trace [][]int // trace[d]: v[off-d .. off+d] before round d
	for d := 0; d <= limit; d++ {
		trace = append(trace, slices.Clone(v[off-d:off+d+1]))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // down: insert b[y]
			} else {
				x = v[off+k-1] + 1 // right: delete a[x]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x++
				y++
			}
			v[off+k] = x
			if x >= n && y >= m {
				return backtrack(trace, n, m)
			}
		}
	}
	return nil // not reached: d = n+m always ends
}

func backtrack(trace [][]int, x, y int) []byte {
	var ops []byte
	for d := len(trace) - 1; d > 0; d-- {
		prev := trace[d] // v[-d..d] before round d: the ends of round d-1
		at := func(k int) int { return prev[k+d] }
		k := x - y
		var pk int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		px := at(pk)
		py := px - pk
		start := px // the point after this round's one move
		if pk == k-1 {
			start = px + 1
		}
		for x > start { // the snake of equal lines after the move
			ops = append(ops, ' ')
			x--
			y--
		}
		if pk == k+1 {
			ops = append(ops, '+')
		} else {
			ops = append(ops, '-')
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		ops = append(ops, ' ')
		x--
		y--
	}
	slices.Reverse(ops)
	return ops
}
