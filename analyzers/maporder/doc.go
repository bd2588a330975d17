// Package maporder defines an Analyzer that reports Go map iteration order
// reaching a Kubernetes object, an apply configuration or a hash written
// into one.
//
// # Analyzer maporder
//
// maporder: report map iteration order that reaches an order-sensitive Kubernetes field.
//
// Go randomises map iteration order. When that order reaches a list in an
// API object (Container.Env, Ports, Volumes, Args, status lists, a CRD's
// own slices), a With* builder of an apply configuration, a hash or
// string written into an annotation, label or ConfigMap/Secret value, or a
// string field (an env value, a condition message, a selector kept in a
// custom resource's status), every reconcile may send a different object.
// A hash kept in a plain string field of a custom resource is the
// operator's own bookkeeping and not a sink. Server-side apply keeps the order
// of the request, so the pod template changes, the generation climbs and
// the workload rolls for ever.
//
// WRONG:
//
//	var env []*corev1apply.EnvVarApplyConfiguration
//	for k, v := range envVars { // map order
//		env = append(env, corev1apply.EnvVar().WithName(k).WithValue(v))
//	}
//	container.WithEnv(env...)
//
// RIGHT:
//
//	for _, k := range slices.Sorted(maps.Keys(envVars)) {
//		v := envVars[k]
//		env = append(env, corev1apply.EnvVar().WithName(k).WithValue(v))
//	}
//	container.WithEnv(env...)
//
// Sources: range over a map (or over maps.Keys/Values/All of one),
// slices.Collect(maps.Keys(m)), golang.org/x/exp/maps.Keys/Values,
// sets.Set.UnsortedList, and a list read from an informer cache
// (flow.CacheList): the list controller-runtime's client.Reader.List
// fills, and a generated lister's List result. The cache holds its objects
// in a Go map and lists them in that map's order, a new one at each List;
// the finding is reported at the List call, and a sort of the list (or of
// what is built from it) clears it like any other. A helper that has the
// cache fill a list its caller passes (a *PodList or a client.ObjectList
// parameter) fills it in that order, in the package or, through its fact,
// from another. A reader that goes to
// the API server (manager.GetAPIReader) lists in key order, but a
// client.Reader does not say which it is: its lists are reported too.
// The statements that put the order into a value are matched in the
// function's syntax (an append or an index write, in the loop, to a slice
// declared outside it; a write to a builder); the
// flow engine's Taint then carries it on the function's SSA form, so a
// variable holds map order wherever a path from such a value reaches it
// (`if one { mounts = []VolumeMount{{...}} } else { for _, k := range
// keys { mounts = append(mounts, ...) } }`), and so does what it is
// handed to: an interface and the list asserted back from it, the case
// of a type switch, a closure's captured variables, a closure called in
// place (its result, and the parameter a call hands it), the fields of
// the function's own objects and what a pointer parameter points to. A
// variable captured by a closure (a sort's callback) holds at each read
// only what the writes that run before it put there. A function literal
// handed to a function that calls it once per entry of a map (`for k, v
// := range m { fn(k, v) }`, in the package or, through a fact, in
// another) runs its body in that map's order: what it appends to a list
// of its caller is in map order. Order is followed
// through appends and index writes to slices declared outside the loop,
// through strings.Builder,
// bytes.Buffer and hash writers, through standard-library calls whose
// result is a string, byte slice or slice (strings.Join, fmt.Sprintf,
// hex.EncodeToString), and through functions of any package that return
// such a slice, fill one they are given, or pass a parameter to a sink
// (summarised as facts). A call of an interface method follows every
// implementation declared in the calling package or in the packages of
// the same module it imports. An interface the calling package declares,
// whose implementation is in a package it does not import (the program's
// main hands one to the other), is joined where they meet: a result of
// the interface method that reaches a sink is said in a fact on the
// method, and where a value of a concrete type is handed over as that
// interface (an argument, a field of a struct literal, an assignment, a
// conversion) and its method returns map order, the finding is reported
// at that spot, naming the map and the sink. sort.*, slices.Sort*, slices.Sorted, sets.List,
// labels.Set.String and helpers that sort their argument clear the order.
// A function literal's result is a sink when the literal is handed to a
// function of another package (as an argument or a field of a struct of
// callbacks) whose flow Summary says it writes that result into the
// object it updates: conditions built in map order by a status callback
// of a reconcile framework. A literal the function calls itself, or whose
// framework only logs the result, is left to the rules above.
//
// Fields of the module's own structs are channels: order stored into one
// (`cfg.Keys[name] = maps.Keys(cm.Data)`, `Keys{Data: maps.Keys(m)}`,
// appends in a map loop) reaches every read of that field in the package,
// wherever the read is, unless the function reading it assigned or sorted
// it first or built the struct with a literal. Across packages, a read of
// a list-holding field that reaches a sink is exported as a fact on the
// field, and a package storing map order into that field is reported at
// the store (`... feeds Container.VolumeMounts via Config.Keys`). This
// flow is flow-insensitive: a field sorted in place anywhere in its
// package is not a channel at all, and a field that one function fills
// in map order taints the reads of another value of the same type (a
// copy decoded from YAML, say) too.
//
// The diagnostic sits on the range statement (or the source call) and
// names the map and the first sink; every sink it reaches is listed as
// related information. When the range is in another package, the call that
// brings the ordered value in is reported instead.
//
// A suggested fix rewrites `for k, v := range m` into a range over
// slices.Sorted(maps.Keys(m)) with `v := m[k]`. It is offered only when
// the key type is ordered, the file's Go version is at least go1.23, m is a
// variable or field path, the loop body does not modify m, and the names
// slices and maps are free or already those packages.
//
// Bounds: summaries of the functions of one package are iterated to a
// fixed point over their calls (a worklist revisiting the callers of a
// changed summary) for at most 6 rounds, so a chain of more than 6 helpers
// handing map order to each other in one package is not followed to its
// end; across packages, facts carry summaries without a bound.
//
// Limits, chosen for precision: order that reaches only logs, errors,
// counters, len, or other maps is not reported. The Items of a top-level
// kind (a struct embedding TypeMeta or ListMeta) are a collection read from
// the server, handed to an informer or sent in a hook request, and are not
// a sink; nor is a field without a JSON name of a struct in a custom
// resource package (a `Problems []error` beside the types): the
// resource's schema leaves it out and the API server prunes it; nor are
// the fields of a request's options (the command of
// `corev1.PodExecOptions`, `metav1.ListOptions`): read once by the API
// server, never stored. A list filled by index inside the range is
// filled in iteration order when the index is a counter (`out[i] = v;
// i++`) or does not depend on the entry (the last entry wins); one whose
// index is computed from the entry itself (`out[e.rank] = e.item`, a
// position stored with each entry) is filled in an order of its own and
// is not reported: the flow engine's ByKey tells the two apart on the
// SSA form (a value carried from one iteration to the next is a phi that
// depends on itself; a call of a function of the package that only reads,
// such as the index of the container of a given name, counts as computed
// from its arguments). Likewise an append into an element that the entry
// chooses (`tmpl.Spec.Containers[idx].VolumeMounts = append(...)` with idx
// computed from the key) is each entry's own and is not reported; two
// entries that choose the same element are not told apart. A loop over a
// list that rewrites its own elements where they are (`for i, a := range
// args { args[i] = ... }`) leaves the list in the order it had. An element taken from an ordered slice (keys[0]) is content, not
// order: the common one-element case is harmless, and the arbitrary first
// element of a larger list is not reported. Entries appended only when
// missing from a list that starts as an existing one (`out :=
// current.Env`, a clone of it, or the field itself), tested with a call
// taking that list or an index filled from it, are an order-preserving
// merge: after the first write every entry is present and nothing moves,
// so it is not reported (whether the existing list is the live one is not
// checked). So is a loop over what is left of a map after a loop over an
// existing list (a field of an object, or a local declared from one)
// appended that list's entries to the same output and deleted them from
// the map: only entries the list lacks are added, after it. When the list
// looped over is a parameter of a helper (`merge(have, wanted)`), it
// depends on the call: `svc.Spec.Ports = merge(svc.Spec.Ports, wanted)`
// keeps the Service's ports first and is silent; the same helper given
// another list (a model's, a new one) adds the rest of the map in map
// order on every call and is reported. A helper that only passes such a
// call's result on (a wrapper) is reported even when its caller passes
// its own list (a known false positive). A last-wins assignment in a map
// loop (name = k) and an early return from one are not followed. A sort
// clears the order of what it sorts for every point after it that a path
// from it reaches, and of what is sliced from it there (`rest :=
// names[3:]`): a sort inside one branch clears it after the branch
// too, the path around it not told apart. A number summed in a map loop
// (`total += len(v)`) is the same in any order; only a string built with
// += carries the loop's order. Order written through
// a pointer to a struct parameter is summarised across functions only
// through the fields it lands in (channels, above). Order joined into a
// string field of the operator's own (non-API) struct that text/template
// then renders into a workload's arguments is not followed, by decision:
// such a field is not a sink (most strings an operator builds are logged
// or shown), a string field carries order to other packages only where
// the package stores it (no fact is exported for it), and following
// template execution would mean evaluating the template. Sorting is recognised in the
// standard library's and slices' sort functions, in the Sort method of a
// sort.Interface (`sort.StringSlice(names).Sort()`), through conversions
// (`sort.Sort(byName(list))`), in the package's and other packages'
// helpers that sort a parameter (facts), and in an interface method every
// implementation of which in the module sorts. A list stored into a sink
// (a field, a literal's field) and sorted in place afterwards, on a path
// from the store (the flow engine's HandedAfter: through a local sharing
// its array, or by such a helper), is not reported; which element of a
// list is sorted is not told apart (`c[0].Env` and `c[1].Env` are one).
// An object whose order is reported must be able to churn: a field sink of
// an object that this package sees only created (client Create), encoded
// for a person to read (JSON, YAML, fmt) or named in a log line (klog,
// logr) is not reported, since its order is sent once. The object is followed by the flow engine on the
// package's SSA form: into the objects, lists and variables it is stored
// in, closures that capture it, the functions of the package it is passed
// to or returned from (at most 8), interface methods implemented in the
// package, and helpers of other packages through their summaries (an
// executor's QueueUpdate that updates later counts as an update). The
// object a helper fills through its parameter goes where its callers in
// the package send their arguments (flow.Result.WhereAcross): a helper
// whose callers only create the object is not reported. Anything else it
// meets (a parameter of an exported function or a method, whose callers
// may be elsewhere; an exported function's result; an unknown call)
// counts as a possible update. An
// update sent only when an order-insensitive comparison finds a change
// (each element looked up in the other list) is still reported, though it
// is not a loop: the order there changes with every real change, and
// proving a comparison order-insensitive is beyond this analyzer; sorting
// keeps the object deterministic. Functions of the standard library and of Kubernetes library modules are
// known from tables, not summarised. Generated files are neither reported
// nor summarised: a deep copy keeps the order it is given and makes none,
// so a helper that a generator wrote to return map order is missed. A
// function that no order can enter (no list or string parameter, no map
// range or key listing, no call of a function that moves order, no read of
// a field that carries it) is not walked: it could find nothing.
// _test.go files are not analysed, by this analyzer or any other of the
// suite: a test is not a reconcile, so it is not reported, and what it
// hands the package's functions does not count (a helper that only a test
// passes a live object does not see a live object). A field of an API
// type is a sink wherever its struct is held: a copy of a custom
// resource's spec that the controller keeps only to walk (its list of
// nodes filled from a map) is reported though it is never sent.
//
// Settings:
//
//	api-packages   comma-separated (flag) or list (golangci-lint) of package
//	               path prefixes whose struct types count as Kubernetes API
//	               types, in addition to k8s.io/api/..., apply
//	               configurations, and packages declaring a struct that
//	               embeds metav1.TypeMeta. Default: none.
package maporder
