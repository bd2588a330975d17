// Package k8s matches Kubernetes and controller-runtime types, fields and
// functions by package path and name, without importing any Kubernetes module.
//
// Every matcher unaliases its argument and compares the declaring package's
// path and the object's name, so import aliases, dot imports and type
// aliases behave the same, and a same-named type in another package never
// matches.
package k8s

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/reconcilelint/reconcilelint/analyzers/internal/astutil"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Import paths of the packages reconcilelint knows.
const (
	CoreV1         = "k8s.io/api/core/v1"
	AppsV1         = "k8s.io/api/apps/v1"
	MetaV1         = "k8s.io/apimachinery/pkg/apis/meta/v1"
	Types          = "k8s.io/apimachinery/pkg/types"
	Labels         = "k8s.io/apimachinery/pkg/labels"
	Sets           = "k8s.io/apimachinery/pkg/util/sets"
	Equality       = "k8s.io/apimachinery/pkg/api/equality"
	Runtime        = "k8s.io/apimachinery/pkg/runtime"
	Client         = "sigs.k8s.io/controller-runtime/pkg/client"
	Controllerutil = "sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	apiPrefix         = "k8s.io/api/"
	applyConfigPrefix = "k8s.io/client-go/applyconfigurations/"
)

// Named returns the named type behind t, looking through aliases and one
// level of pointer, or nil.
func Named(t types.Type) *types.Named {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, _ := t.(*types.Named)
	return n
}

// Deref returns t without its pointers.
func Deref(t types.Type) types.Type {
	for {
		p, ok := types.Unalias(t).Underlying().(*types.Pointer)
		if !ok {
			return t
		}
		t = p.Elem()
	}
}

// IsNamed reports whether t (or *t) is the named type path.name.
func IsNamed(t types.Type, path, name string) bool {
	n := Named(t)
	if n == nil {
		return false
	}
	obj := n.Obj()
	return obj.Name() == name && obj.Pkg() != nil && obj.Pkg().Path() == path
}

// IsDeepEqual reports whether fn is reflect.DeepEqual or the DeepEqual of
// equality.Semantic (a method declared in apimachinery's forked reflect
// package). DeepDerivative is not: it ignores what its first argument
// leaves unset.
func IsDeepEqual(fn *types.Func) bool {
	if fn == nil || fn.Name() != "DeepEqual" || fn.Pkg() == nil {
		return false
	}
	p := fn.Pkg().Path()
	return p == "reflect" || p == "k8s.io/apimachinery/third_party/forked/golang/reflect"
}

// IsStrictEqual reports whether fn compares two values strictly:
// reflect.DeepEqual, equality.Semantic.DeepEqual, go-cmp's Equal (its
// options are not read: they may relax it), slices.Equal and maps.Equal.
// A server-defaulted field, a field another controller writes, or a value
// the round trip changes makes such a comparison unequal.
func IsStrictEqual(fn *types.Func) bool {
	return IsDeepEqual(fn) || IsFunc(fn, "github.com/google/go-cmp/cmp", "Equal") ||
		IsFunc(fn, "slices", "Equal") || IsFunc(fn, "maps", "Equal")
}

// IsFunc reports whether fn is the package-level function path.name.
func IsFunc(fn *types.Func, path, name string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != path {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() == nil
}

// IsMethodIn reports whether fn is a method named name declared in the
// package path (on any receiver type).
func IsMethodIn(fn *types.Func, path, name string) bool {
	if fn == nil || fn.Name() != name || fn.Pkg() == nil || fn.Pkg().Path() != path {
		return false
	}
	sig, _ := fn.Type().(*types.Signature)
	return sig != nil && sig.Recv() != nil
}

// Callee returns the function or method a call statically invokes, or nil
// (for builtins, conversions, and calls of function values).
func Callee(info *types.Info, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	return fn
}

// IsApplyConfigPath reports whether a package path holds apply
// configurations: client-go's, or an operator's generated ones, which live
// under an "applyconfiguration" or "applyconfigurations" path element.
func IsApplyConfigPath(path string) bool {
	if strings.HasPrefix(path, applyConfigPrefix) {
		return true
	}
	for elem := range strings.SplitSeq(path, "/") {
		if elem == "applyconfiguration" || elem == "applyconfigurations" {
			return true
		}
	}
	return false
}

// IsApplyMethod reports a method of an apply configuration (a builder:
// WithName, WithStatus, ...).
func IsApplyMethod(fn *types.Func) bool {
	sig, ok := fn.Type().(*types.Signature)
	return ok && sig.Recv() != nil && fn.Pkg() != nil && IsApplyConfigPath(fn.Pkg().Path())
}

// ReceiverName names the receiver type of a method's signature, or
// "receiver" when it has no name.
func ReceiverName(sig *types.Signature) string {
	if n := Named(sig.Recv().Type()); n != nil {
		return n.Obj().Name()
	}
	return "receiver"
}

// IsKubernetesLibrary reports whether the package of pass belongs to the
// Kubernetes libraries (k8s.io/..., sigs.k8s.io/...) used as a dependency,
// or holds generated apply configurations. Analyzers know the functions of
// these that matter from tables, so they need not summarise them.
//
// The main module is never a library, whatever its path: cluster-api and
// other operators live under sigs.k8s.io. Drivers give the main module no
// version. Without module information (GOPATH-mode tests) the path decides.
func IsKubernetesLibrary(pass *analysis.Pass) bool {
	path := pass.Pkg.Path()
	if IsApplyConfigPath(path) {
		return true // generated, in a dependency or in the main module
	}
	if m := pass.Module; m != nil && m.Path != "" && m.Version == "" {
		return false // the main module
	}
	return strings.HasPrefix(path, "k8s.io/") || strings.HasPrefix(path, "sigs.k8s.io/")
}

// APITypes decides which packages hold Kubernetes API types: k8s.io/api,
// apimachinery's meta/v1, apply configurations, packages that declare a
// struct embedding metav1.TypeMeta (an operator's own CRD types), and any
// extra path prefixes from settings. Results are cached per package.
type APITypes struct {
	extra []string
	cache map[*types.Package]bool
}

// NewAPITypes returns a matcher that also accepts the given path prefixes.
func NewAPITypes(extraPrefixes []string) *APITypes {
	return &APITypes{extra: extraPrefixes, cache: make(map[*types.Package]bool)}
}

// IsAPIPackage reports whether pkg declares Kubernetes API types.
func (a *APITypes) IsAPIPackage(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	if v, ok := a.cache[pkg]; ok {
		return v
	}
	v := a.isAPIPackage(pkg)
	a.cache[pkg] = v
	return v
}

func (a *APITypes) isAPIPackage(pkg *types.Package) bool {
	path := pkg.Path()
	if strings.HasPrefix(path, apiPrefix) || path == MetaV1 || IsApplyConfigPath(path) {
		return true
	}
	for _, p := range a.extra {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return declaresTypeMetaStruct(pkg)
}

// declaresKind remembers declaresTypeMetaStruct for the life of the
// process: a type-checked package's declarations do not change.
var declaresKind sync.Map // *types.Package -> bool

// declaresTypeMetaStruct reports whether pkg declares a struct type that
// embeds metav1.TypeMeta, the mark of a Kubernetes object type.
func declaresTypeMetaStruct(pkg *types.Package) bool {
	if v, ok := declaresKind.Load(pkg); ok {
		return v.(bool)
	}
	v := scanTypeMetaStruct(pkg)
	declaresKind.Store(pkg, v)
	return v
}

func scanTypeMetaStruct(pkg *types.Package) bool {
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		if tn, ok := scope.Lookup(name).(*types.TypeName); ok && IsKind(tn.Type()) {
			return true
		}
	}
	return false
}

// IsKind reports whether t (or *t) is a Kubernetes object type, a list
// included: a named struct embedding metav1.TypeMeta (or, for a list,
// metav1.ListMeta).
func IsKind(t types.Type) bool {
	n := Named(t)
	if n == nil {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range st.Fields() {
		if f.Embedded() && (IsNamed(f.Type(), MetaV1, "TypeMeta") || IsNamed(f.Type(), MetaV1, "ListMeta")) {
			return true
		}
	}
	return false
}

// IsBuiltinAPIPackage reports whether pkg declares Kubernetes' own API
// types (k8s.io/api/..., apimachinery's meta/v1), not an operator's.
func IsBuiltinAPIPackage(pkg *types.Package) bool {
	return pkg != nil && (strings.HasPrefix(pkg.Path(), apiPrefix) || pkg.Path() == MetaV1)
}

// requestOptions are Kubernetes' own request options types, by package and
// name: the parameters of one API call (a list, an exec, a log stream),
// encoded as query parameters and never stored. (SELinuxOptions and
// WindowsSecurityContextOptions are stored in a Pod: not here.)
var requestOptions = map[string][]string{
	CoreV1: {"PodLogOptions", "PodAttachOptions", "PodExecOptions", "PodPortForwardOptions", "PodProxyOptions", "NodeProxyOptions", "ServiceProxyOptions"},
	MetaV1: {"ListOptions", "GetOptions", "DeleteOptions", "CreateOptions", "PatchOptions", "ApplyOptions", "UpdateOptions", "TableOptions"},
}

// IsRequestOptions reports whether t (or *t) is one of Kubernetes' own
// request options types (corev1.PodExecOptions, metav1.ListOptions, ...):
// nothing written into one is stored, so nothing in it can drift or churn.
func IsRequestOptions(t types.Type) bool {
	n := Named(t)
	return n != nil && n.Obj().Pkg() != nil && slices.Contains(requestOptions[n.Obj().Pkg().Path()], n.Obj().Name())
}

// IsAPIField reports whether v is a field of a struct declared in an API
// package. A field's package is the package of the struct that declares it,
// so promoted fields (ObjectMeta.Annotations through a Deployment) count.
func (a *APITypes) IsAPIField(v *types.Var) bool {
	return v != nil && v.IsField() && a.IsAPIPackage(v.Pkg())
}

// IsAPIStruct reports whether t (or *t) is a struct type declared in an API
// package.
func (a *APITypes) IsAPIStruct(t types.Type) bool {
	n := Named(t)
	if n == nil {
		return false
	}
	if _, ok := n.Underlying().(*types.Struct); !ok {
		return false
	}
	return a.IsAPIPackage(n.Obj().Pkg())
}

// IsStdlib reports whether pkg is a standard-library package: its path has
// no dot in the first element, and that element is a standard root.
func IsStdlib(pkg *types.Package) bool {
	if pkg == nil {
		return false
	}
	first, _, _ := strings.Cut(pkg.Path(), "/")
	return !strings.Contains(first, ".") && stdlibRoots[first]
}

// stdlibRoots lists the first path elements of standard-library packages.
var stdlibRoots = map[string]bool{
	"archive": true, "bufio": true, "bytes": true, "cmp": true, "compress": true,
	"container": true, "context": true, "crypto": true, "database": true,
	"debug": true, "embed": true, "encoding": true, "errors": true, "expvar": true,
	"flag": true, "fmt": true, "go": true, "hash": true, "html": true, "image": true,
	"index": true, "internal": true, "io": true, "iter": true, "log": true,
	"maps": true, "math": true, "mime": true, "net": true, "os": true, "path": true,
	"plugin": true, "reflect": true, "regexp": true, "runtime": true,
	"slices": true, "sort": true, "strconv": true, "strings": true, "structs": true,
	"sync": true, "syscall": true, "testing": true, "text": true, "time": true,
	"unicode": true, "unique": true, "unsafe": true, "weak": true, "vendor": true,
}

// MetadataField returns "Annotations" or "Labels" when v is that field of
// metav1.ObjectMeta (or of an ObjectMeta apply configuration), reached
// directly or promoted through an object, and "" otherwise.
func MetadataField(v *types.Var) string {
	if v == nil || !v.IsField() || v.Pkg() == nil {
		return ""
	}
	if p := v.Pkg().Path(); p != MetaV1 && !IsApplyConfigPath(p) {
		return ""
	}
	switch v.Name() {
	case "Annotations", "Labels":
		return v.Name()
	}
	return ""
}

// MetadataMap returns "Annotations" or "Labels" when e is an object's
// annotations or labels map: the ObjectMeta field, or the result of
// GetAnnotations()/GetLabels() declared in metav1 (on ObjectMeta or the
// metav1.Object interface behind client.Object). Otherwise "".
func MetadataMap(info *types.Info, e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		v, _ := info.Uses[x.Sel].(*types.Var)
		return MetadataField(v)
	case *ast.CallExpr:
		if fn := Callee(info, x); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == MetaV1 {
			switch fn.Name() {
			case "GetAnnotations":
				return "Annotations"
			case "GetLabels":
				return "Labels"
			}
		}
	}
	return ""
}

// MetadataSetter returns "Annotations" or "Labels" when call sets an
// object's annotations or labels wholesale: SetAnnotations/SetLabels
// declared in metav1 (on ObjectMeta or the metav1.Object interface behind
// client.Object), or WithAnnotations/WithLabels of an apply configuration.
// The receiver is the selector's X. Otherwise "".
func MetadataSetter(info *types.Info, call *ast.CallExpr) (field string, recv ast.Expr) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return "", nil
	}
	fn := Callee(info, call)
	if fn == nil || fn.Pkg() == nil {
		return "", nil
	}
	switch p := fn.Pkg().Path(); {
	case p == MetaV1 && (fn.Name() == "SetAnnotations" || fn.Name() == "SetLabels"):
		return strings.TrimPrefix(fn.Name(), "Set"), sel.X
	case IsApplyConfigPath(p) && (fn.Name() == "WithAnnotations" || fn.Name() == "WithLabels"):
		return strings.TrimPrefix(fn.Name(), "With"), sel.X
	}
	return "", nil
}

// IsTemplate reports whether t is a pod template: corev1.PodTemplateSpec or
// its apply configuration, through pointers.
func IsTemplate(t types.Type) bool {
	n := Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return false
	}
	switch p, name := n.Obj().Pkg().Path(), n.Obj().Name(); {
	case p == CoreV1 && name == "PodTemplateSpec":
		return true
	case IsApplyConfigPath(p) && name == "PodTemplateSpecApplyConfiguration":
		return true
	}
	return false
}

// IsDeepCopy reports whether call is a generated deep copy, x.DeepCopy()
// or x.DeepCopyObject(): a method without arguments whose one result is a
// copy of its receiver (the receiver's type, or runtime.Object). A method
// of another shape that happens to share the name does not count.
func IsDeepCopy(info *types.Info, call *ast.CallExpr) bool {
	return len(call.Args) == 0 && IsDeepCopyFunc(Callee(info, call))
}

// IsDeepCopyFunc reports whether fn is a generated deep copy, DeepCopy or
// DeepCopyObject (see IsDeepCopy).
func IsDeepCopyFunc(fn *types.Func) bool {
	if fn == nil || (fn.Name() != "DeepCopy" && fn.Name() != "DeepCopyObject") {
		return false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || sig.Params().Len() != 0 || sig.Results().Len() != 1 {
		return false
	}
	res := sig.Results().At(0).Type()
	if fn.Name() == "DeepCopyObject" {
		return IsNamed(res, "k8s.io/apimachinery/pkg/runtime", "Object")
	}
	recv := Named(sig.Recv().Type())
	return recv != nil && Named(res) != nil && Named(res).Obj() == recv.Obj()
}

// ThroughTemplate reports whether e is a pod template or is reached
// through one: some part of e (a field, an accessor's result, a variable,
// behind & or *) is a PodTemplateSpec or its apply configuration, whatever
// it is called.
func ThroughTemplate(info *types.Info, e ast.Expr) bool {
	for {
		if IsTemplate(info.TypeOf(ast.Unparen(e))) {
			return true
		}
		b, ok := astutil.Base(info, e)
		if !ok {
			return false
		}
		e = b
	}
}

// IsClientMethod reports whether fn is one of the named methods of
// controller-runtime's client (client.Client, its status writer) or of a
// typed clientset: client-go's (k8s.io/client-go/kubernetes/typed/...),
// or one that client-gen wrote for an operator's own kinds
// (.../clientset/versioned/typed/<group>/<version>), which has the same
// methods with the same meaning.
func IsClientMethod(fn *types.Func, names ...string) bool {
	if fn == nil || fn.Pkg() == nil || !slices.Contains(names, fn.Name()) {
		return false
	}
	p := fn.Pkg().Path()
	return p == Client || strings.HasPrefix(p, "k8s.io/client-go/kubernetes/typed/") || IsGeneratedClientset(p)
}

// IsGeneratedClientset reports a package of typed clients that client-gen
// generated: client-gen puts them under <clientset>/typed/<group>/<version>,
// with the clientset named "versioned" by default. Fakes are left out.
func IsGeneratedClientset(path string) bool {
	i := strings.Index(path, "/clientset/")
	if i < 0 || strings.HasSuffix(path, "/fake") {
		return false
	}
	return strings.Contains(path[i:], "/typed/")
}

// decoders are the functions that fill a value from bytes the caller
// hands them (a manifest), by package path and name (a method's name for
// the decoder types of the package).
var decoders = map[string][]string{
	"encoding/json":                                     {"Unmarshal", "Decode"},
	"sigs.k8s.io/yaml":                                  {"Unmarshal", "UnmarshalStrict"},
	"gopkg.in/yaml.v2":                                  {"Unmarshal", "UnmarshalStrict", "Decode"},
	"gopkg.in/yaml.v3":                                  {"Unmarshal", "Decode"},
	"k8s.io/apimachinery/pkg/util/yaml":                 {"Unmarshal", "Decode"},
	"k8s.io/apimachinery/pkg/runtime":                   {"Decode", "DecodeInto", "FromUnstructured"},
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured": {"UnmarshalJSON"},
}

// IsDecoder reports whether fn decodes a value from bytes it is handed:
// what it fills or returns is the caller's data (a manifest), not a value
// of fn's module.
func IsDecoder(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	for _, name := range decoders[fn.Pkg().Path()] {
		if fn.Name() == name {
			return true
		}
	}
	return false
}

// Pruned reports whether field f, selected from a value of type owner (or
// set in a literal of it), is one the API server never stores: a field of
// a struct in a custom resource package (one that declares a kind) with
// no JSON name. The schema generated from the types leaves such a field
// out (controller-gen refuses one in a resource's types), and the server
// prunes what the schema does not name. The fields of Kubernetes' own
// packages are all named; embedded fields are inlined, not pruned.
func Pruned(owner types.Type, f *types.Var) bool {
	if f == nil || f.Embedded() || f.Pkg() == nil || IsBuiltinAPIPackage(f.Pkg()) || !declaresTypeMetaStruct(f.Pkg()) {
		return false
	}
	tag, ok := fieldTag(owner, f)
	if !ok {
		return false // not found: say nothing
	}
	name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
	return name == "" || name == "-"
}

// fieldTag returns the tag of field f as owner has it, directly or
// promoted from an embedded struct.
func fieldTag(owner types.Type, f *types.Var) (string, bool) {
	obj, index, _ := types.LookupFieldOrMethod(owner, true, f.Pkg(), f.Name())
	if obj != f {
		return "", false
	}
	t := owner
	for n, i := range index {
		st, ok := Deref(t).Underlying().(*types.Struct)
		if !ok {
			return "", false
		}
		if n == len(index)-1 {
			return st.Tag(i), true
		}
		t = st.Field(i).Type()
	}
	return "", false
}
