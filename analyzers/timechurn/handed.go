package timechurn

// Handed values: a function that stores what its caller hands it into an
// object, as it is (a status type's AddCondition(c) that puts c in place
// of the condition of its type, or appends it). It stamps nothing itself;
// a caller that hands it a stamped condition stamps the object. Such a
// store is an entry of the flow engine's hand-offs whose Value is the
// parameter stored and whose Obj is the parameter (or the receiver) whose
// object receives it, exported with the stamps; at a call, the argument
// given for Value is looked at like any value the caller stores.

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/directive"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/flow"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/funcs"
	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// timeHolders returns the package's functions (not in generated files)
// one of whose parameters holds a time in a field: a condition, a
// status entry. Only they can store a caller's stamp.
func timeHolders(pass *analysis.Pass, graph *funcs.Graph) map[*types.Func]bool {
	generated := map[*token.File]bool{}
	for _, f := range pass.Files {
		if directive.IsGenerated(pass, f) {
			generated[pass.Fset.File(f.Pos())] = true // a deep copy stores whole values, and is not the author's
		}
	}
	out := map[*types.Func]bool{}
	for _, fd := range graph.Decls {
		fn := graph.Func(fd)
		if fn == nil || generated[pass.Fset.File(fd.Pos())] {
			continue
		}
		params := fn.Type().(*types.Signature).Params()
		for i := range params.Len() {
			if holdsTime(params.At(i).Type()) {
				out[fn] = true
				break
			}
		}
	}
	return out
}

// holdsTime reports whether t (or what it points to) is a struct with a
// time field of its own (isTime).
func holdsTime(t types.Type) bool {
	st, ok := types.Unalias(k8s.Deref(t)).Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := range st.NumFields() {
		if isTime(st.Field(i).Type()) {
			return true
		}
	}
	return false
}

// valueStores records fn's unguarded stores of a time-holding parameter,
// as it is or appended, into the object of another parameter or of the
// receiver.
func (f *fnState) valueStores(fn *types.Func) {
	info := f.info()
	sig := fn.Type().(*types.Signature)
	objs := map[*types.Var]int{}
	if sig.Recv() != nil {
		objs[sig.Recv()] = flow.Receiver
	}
	for i := range sig.Params().Len() {
		objs[sig.Params().At(i)] = i
	}
	ast.Inspect(f.fd.Body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok == token.DEFINE || len(as.Lhs) != len(as.Rhs) || f.guarded(as) {
			return true
		}
		for i, l := range as.Lhs {
			if _, isLocal := ast.Unparen(l).(*ast.Ident); isLocal {
				continue
			}
			obj, ok := objs[astutil.RootVar(info, l)]
			if !ok {
				continue
			}
			values := []ast.Expr{as.Rhs[i]}
			if call, ok := ast.Unparen(as.Rhs[i]).(*ast.CallExpr); ok && astutil.IsAppend(info, call) && len(call.Args) > 1 {
				values = call.Args[1:]
			}
			for _, v := range values {
				j := f.p.flow.Param(fn, v)
				if j < 0 || j == obj || !holdsTime(info.TypeOf(v)) || !isWhole(v) {
					continue
				}
				if f.p.stamps.Add(fn, flow.Entry[stamp]{Obj: obj, Value: j, At: f.p.where(as.Pos())}) {
					f.p.changed = true
				}
			}
		}
		return true
	})
}

// isWhole reports whether v names a variable itself (c, *c), not a part
// of one: a condition stored whole carries its time.
func isWhole(v ast.Expr) bool {
	switch x := ast.Unparen(v).(type) {
	case *ast.Ident:
		return true
	case *ast.StarExpr:
		return isWhole(x.X)
	}
	return false
}
