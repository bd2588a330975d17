package flow

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/k8s"
)

// seed applies to one call what it says by itself of the objects it is
// given or returns:
//
//  1. the target of controller-runtime's client.Reader.Get, and the list
//     filled by List (its Items are derived from it), are read;
//  2. the result of a typed clientset's Get (client-go's, or one that
//     client-gen wrote for the operator's kinds), or of a lister's Get or
//     List (the informer cache's copies of the server's objects), is read;
//  3. the object of controllerutil.CreateOrUpdate or CreateOrPatch holds
//     the server's copy inside the mutate function;
//  4. an object passed to Update or a Patch that sends its content (of
//     the client, its status writer, or a typed clientset) must exist on
//     the server; not one sent as desired state by an apply patch, nor one
//     whose patch is made apart from it (patches.go);
//  5. a function of another package does to its parameters and results
//     what its Summary fact says.
//
// Each is evidence: it is followed back to where the object came from.
func (s *solver) seed(site ssa.CallInstruction) {
	c := site.Common()
	args := argsOf(c)
	fn := calleeObject(c)
	if fn == nil {
		return
	}
	switch {
	case IsClientMethod(fn, "Get") && len(args) >= 3:
		s.evidentAt(site, args[2], ReadByGet)
	case IsClientMethod(fn, "List") && len(args) >= 2:
		s.evidentAt(site, args[1], ReadByGet)
	case (k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrUpdate") || k8s.IsFunc(fn, k8s.Controllerutil, "CreateOrPatch")) && len(args) >= 3:
		s.evidentAt(site, args[2], MutateFunction)
	case IsClientMethod(fn, "Update") && len(args) >= 2:
		s.evidentAt(site, args[1], WrittenBack)
	case IsClientMethod(fn, "Patch") && len(args) >= 3:
		s.patched(site, args[1], args[2], Depth) // patches.go: an apply patch sends a desired object
	case isClientsetMethod(fn, "Update") || isClientsetMethod(fn, "Patch"):
		if len(args) >= 2 && isObjectLike(args[1].Type()) {
			s.evidentAt(site, args[1], WrittenBack)
		}
	case isClientsetMethod(fn, "Get") || isListerGet(fn) || isListerList(fn):
		markResult(s, site, 0, ClientsetGet)
	default:
		sums := s.summaries(c, fn)
		if len(sums) > 0 {
			s.r.summaryOf[c] = sums
		}
		for _, sum := range sums {
			s.handOver(site, sum)
			for _, p := range sum.Params {
				if p.Index >= len(args) {
					continue
				}
				if p.Field != "" {
					if i := fieldIndex(args[p.Index].Type(), p.Field); i >= 0 {
						s.evidentField(args[p.Index], i, p.Why)
					}
					continue
				}
				if p.Patch > 0 && p.Patch <= len(args) {
					s.patched(site, args[p.Index], args[p.Patch-1], Depth)
				} else {
					s.evidentAt(site, args[p.Index], p.Why)
				}
				s.writer(fn, p)
			}
			for _, r := range sum.Results {
				markResult(s, site, r.Index, r.Why)
			}
		}
	}
}

// IsClientMethod reports whether fn is the controller-runtime client
// method name (of Reader, Writer, Client, or a status or sub-resource
// writer), or a method of that name on a type that implements
// client.Client.
func IsClientMethod(fn *types.Func, name string) bool {
	if fn.Name() != name || fn.Pkg() == nil {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return false
	}
	if fn.Pkg().Path() == k8s.Client {
		return true
	}
	// A reconciler embedding client.Client: r.Get resolves to the
	// interface method, declared in the client package, so it was caught
	// above. A fake or wrapper client with its own method is matched by
	// its parameter types: (context.Context, ..., client.Object, ...).
	params := sig.Params()
	for i := range params.Len() {
		if k8s.IsNamed(params.At(i).Type(), k8s.Client, "Object") {
			return true
		}
	}
	return false
}

// isClientsetMethod reports whether fn is a typed clientset method name.
func isClientsetMethod(fn *types.Func, name string) bool {
	return k8s.IsClientMethod(fn, name) && fn.Pkg().Path() != k8s.Client
}

// isListerGet reports whether fn is the Get of a namespace lister or
// lister that client-go's generators write (k8s.io/client-go/listers/...,
// or an operator's own generated listers): it returns the informer
// cache's copy of the object.
func isListerGet(fn *types.Func) bool {
	if fn.Name() != "Get" || fn.Pkg() == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Params().Len() != 1 || sig.Results().Len() != 2 || !isObjectLike(sig.Results().At(0).Type()) {
		return false
	}
	return isListerPackage(fn.Pkg().Path())
}

// isListerPackage reports whether path holds generated listers:
// client-go's, or an operator's own (…/client/listers/…).
func isListerPackage(path string) bool {
	return strings.HasPrefix(path, "k8s.io/client-go/listers/") || strings.Contains(path, "/listers/")
}

// isListerList reports whether fn is the List of a generated lister: its
// result holds the informer cache's copies of the objects.
func isListerList(fn *types.Func) bool {
	if fn.Name() != "List" || fn.Pkg() == nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Params().Len() != 1 || sig.Results().Len() != 2 {
		return false
	}
	sl, ok := sig.Results().At(0).Type().Underlying().(*types.Slice)
	return ok && isObjectLike(sl.Elem()) && isListerPackage(fn.Pkg().Path())
}

// isApplyPatch reports whether v is controller-runtime's client.Apply.
func isApplyPatch(v ssa.Value) bool {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	g, ok := load.X.(*ssa.Global)
	return ok && g.Name() == "Apply" && g.Pkg != nil && g.Pkg.Pkg.Path() == k8s.Client
}

// isAccessor reports whether fn is a method without arguments returning a
// pointer to a struct: an accessor handing out a part of its receiver
// (`workload.PodTemplate()`), through an interface too.
func isAccessor(fn *types.Func) bool {
	sig := fn.Type().(*types.Signature)
	if sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	p, ok := sig.Results().At(0).Type().(*types.Pointer)
	if !ok {
		return false
	}
	_, isStruct := p.Elem().Underlying().(*types.Struct)
	return isStruct
}

// isGenericObject reports whether t is runtime.Object or client.Object.
func isGenericObject(t types.Type) bool {
	return k8s.IsNamed(t, k8s.Runtime, "Object") || k8s.IsNamed(t, k8s.Client, "Object")
}

// isObjectLike reports whether t (or *t) is a struct or an interface: a
// Kubernetes object, or client.Object.
func isObjectLike(t types.Type) bool {
	if t == nil {
		return false
	}
	t = types.Unalias(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	switch t.Underlying().(type) {
	case *types.Struct, *types.Interface: // a type parameter's is its constraint
		return true
	}
	return false
}
