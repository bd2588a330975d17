package flow

// Patch bodies written as text: which label and annotation keys a Patch
// removes when its body is a merge patch setting the key to null
// (`{"metadata":{"labels":{"example.com/x":null}}}`) or a JSON patch's
// remove operation (`{"op":"remove","path":"/metadata/labels/example.com~1x"}`).

import (
	"go/token"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

var (
	nullKey    = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"\s*:\s*null`)
	removeOp   = regexp.MustCompile(`\{[^{}]*"op"\s*:\s*"remove"[^{}]*\}`)
	removePath = regexp.MustCompile(`"path"\s*:\s*"/metadata/(?:labels|annotations)/([^"]*)"`)
)

// PatchDeletions returns the keys that the package's Patch calls remove
// through a body written as text (a constant, a concatenation, or
// fmt.Sprintf with a constant format, `%q`, `%s` and `%v` taking constant
// arguments), each with the calls that remove it: a key set to null in a
// merge patch, or a JSON patch's remove operation on a label or an
// annotation (`~1` read as `/`). A body made any other way says nothing.
func (r *Result) PatchDeletions() map[string][]token.Pos {
	if !r.ready() {
		return nil
	}
	r.deletionsOnce.Do(func() {
		r.deletions = map[string][]token.Pos{}
		for _, fn := range r.funcs {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					site, ok := instr.(ssa.CallInstruction)
					if !ok {
						continue
					}
					for _, key := range patchRemoves(site) {
						r.deletions[key] = append(r.deletions[key], site.Pos())
					}
				}
			}
		}
	})
	return r.deletions
}

// patchRemoves returns the keys site removes, a Patch whose patch is a
// RawPatch with a body known as text.
func patchRemoves(site ssa.CallInstruction) []string {
	c := site.Common()
	fn := calleeObject(c)
	args := argsOf(c)
	if fn == nil || !IsClientMethod(fn, "Patch") || len(args) < 3 {
		return nil
	}
	patch := args[2]
	for x := convertedFrom(patch); x != nil; x = convertedFrom(patch) {
		patch = x
	}
	raw, ok := patch.(*ssa.Call)
	if !ok {
		return nil
	}
	rf := calleeObject(raw.Common())
	rargs := argsOf(raw.Common())
	if rf == nil || !k8s.IsFunc(rf, k8s.Client, "RawPatch") || len(rargs) != 2 {
		return nil
	}
	body, ok := text(rargs[1], 0)
	if !ok {
		return nil
	}
	var keys []string
	for _, m := range nullKey.FindAllStringSubmatch(body, -1) {
		if k, err := strconv.Unquote(`"` + m[1] + `"`); err == nil {
			keys = append(keys, k)
		}
	}
	for _, op := range removeOp.FindAllString(body, -1) {
		if m := removePath.FindStringSubmatch(op); m != nil {
			keys = append(keys, strings.NewReplacer("~1", "/", "~0", "~").Replace(m[1]))
		}
	}
	return keys
}

// text returns the text of a string or byte slice value built from
// constants: a conversion, a concatenation, fmt.Sprintf with a constant
// format. A non-constant argument of Sprintf reads as a NUL byte, which
// no key contains.
func text(v ssa.Value, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return constString(x)
	case *ssa.Convert:
		return text(x.X, depth+1)
	case *ssa.ChangeType:
		return text(x.X, depth+1)
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok := text(x.X, depth+1)
		if !ok {
			return "", false
		}
		b, ok := text(x.Y, depth+1)
		return a + b, ok
	case *ssa.Call:
		fn := calleeObject(x.Common())
		args := argsOf(x.Common())
		if fn == nil || !k8s.IsFunc(fn, "fmt", "Sprintf") || len(args) != 2 {
			return "", false
		}
		format, ok := constString(args[0])
		if !ok {
			return "", false
		}
		return sprintf(format, variadicElems(args[1])), true // in order: the builder stores them so
	}
	return "", false
}

// sprintf fills format's %q, %s and %v verbs with the constant strings
// among args (a NUL byte for any other), and %% with a percent sign.
func sprintf(format string, args []ssa.Value) string {
	var b strings.Builder
	next := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' || i+1 == len(format) {
			b.WriteByte(format[i])
			continue
		}
		i++
		verb := format[i]
		if verb == '%' {
			b.WriteByte('%')
			continue
		}
		s, known := "", false
		if next < len(args) && args[next] != nil {
			a := args[next]
			if mi, ok := a.(*ssa.MakeInterface); ok {
				a = mi.X
			}
			s, known = constString(a)
		}
		next++
		switch {
		case !known:
			b.WriteByte(0)
		case verb == 'q':
			b.WriteString(strconv.Quote(s))
		default:
			b.WriteString(s)
		}
	}
	return b.String()
}
