// Package defaultdrift defines an Analyzer that reports strict drift
// checks that the API server's defaulting makes unequal for ever.
//
// # Analyzer defaultdrift
//
// defaultdrift: report strict comparisons of a live object with a desired one that leaves server-defaulted fields unset.
//
// The API server fills defaults on every create and update: a pod spec's
// restartPolicy, dnsPolicy and schedulerName, a container's
// terminationMessagePath and imagePullPolicy, a probe's timeouts and
// thresholds, a volume's defaultMode, a Deployment's revisionHistoryLimit,
// progressDeadlineSeconds and strategy, a Service's sessionAffinity and
// clusterIP, and many more. An operator that builds the desired object
// without them, reads the live one and decides drift with
// reflect.DeepEqual, equality.Semantic.DeepEqual or cmp.Equal sees a
// difference on every reconcile and updates the object every time: a new
// revision, often a rollout, and a hot loop.
//
// WRONG:
//
//	desired := buildDeployment(cr) // leaves RevisionHistoryLimit, DNSPolicy, ... unset
//	if !equality.Semantic.DeepEqual(live.Spec, desired.Spec) {
//		live.Spec = desired.Spec
//		return r.Update(ctx, live)
//	}
//
// RIGHT:
//
//	// compare only the fields the operator owns (or set every default in
//	// the builder, or use server-side apply)
//	if *live.Spec.Replicas != *desired.Spec.Replicas || live.Spec.Template.Spec.Containers[0].Image != image {
//		...
//	}
//
// The table of defaulted fields is generated from Kubernetes' own
// defaulting code (SetDefaults_* of k8s.io/kubernetes and +default=
// markers of k8s.io/api, v1.37.2) by tools/defaultgen, with the fields
// that the API server, admission or controllers fill in (a Service's
// clusterIP, a claim's volumeName). Only fields filled whenever they are
// unset count; a default given under further conditions (a feature gate,
// another field's value: a Subject's apiGroup is filled for User and Group
// subjects, not for a ServiceAccount) is left out.
//
// Reported: reflect.DeepEqual, equality.Semantic.DeepEqual, cmp.Equal
// without options, slices.Equal and maps.Equal (lists of ports, of
// tolerations), and == or != on structs, where one side is read from
// the API server (the live-object engine: Get, List, a CreateOrUpdate
// mutate function, and what is derived from them) and the other is built
// by the operator (composite literals, builder functions in this or
// another package, known through facts, and methods reached through an
// interface implemented in the module), when the compared type reaches a
// defaulted field the desired side does not set, inside a part it does
// set (a probe's periodSeconds counts only in a probe the operator sends),
// and the branch taken on the result writes: an if whose branches call
// Update, Patch, Apply or CreateOrUpdate, itself or through functions of
// the package or a function of another package whose flow Summary says
// it writes, reached directly, through a boolean variable, a negation or
// a phi, or through the function or closure that returns the comparison
// (a needsUpdate callback handed to a helper, as an argument or as a
// field of a struct of callbacks, that updates when it returns true, in
// this package or another: the flow engine's Decides).
//
// Not reported: equality.Semantic.DeepDerivative(desired, live), which
// ignores what the desired side leaves unset (its caveat: it also hides a
// field the operator stopped setting, so a removal never reaches the
// cluster); comparisons of fields that are not defaulted; both sides live
// or both desired; a desired value whose fields are not known (a
// value from a function not summarised, handed to a function not known,
// a parameter whose callers are not in the module); comparisons whose
// result decides no write; generated
// files; _test.go files, which no analyzer of the suite analyses. A strict comparison of a live Pod's spec (not a
// template) is admissionclobber's finding: admission, not defaulting, is
// the first reason it never matches, and only admissionclobber reports it.
//
// Mutator frameworks are reported where the operator calls them. A
// mutator is a function given the desired and the existing object (two
// parameters of the same type) that compares a part of both strictly and,
// when they differ, copies the desired part into the existing one; a
// framework reads the live object and runs the mutators it is handed
// (reconcile(desired, framework.DeploymentMutator(m1, m2, ...))). Each
// mutator's comparisons are summarised and exported as facts; a call that
// is handed a desired object whose builder is known together with such
// mutators (as arguments, as arguments of a call there, or in a local list
// of them, appends included) is reported when a mutator compares a part in
// which the builder leaves server-defaulted fields unset. The message
// names the mutator and where it compares (file:line, in another package).
// That the framework passes the live object as the existing one is
// assumed from the mutator's copy into it; a mutator list returned by a
// function, or built in another function, is not followed.
//
// Reconcile helpers are reported where they are called too. A helper
// handed the desired object (ensure(ctx, c, desired)) that reads the live
// one itself, or is handed it, and compares a part of both strictly
// before a write it decides, is summarised the same way (the builders
// engine's compared parameters, exported as facts); so is a function that
// hands its own parameter on to such a helper, to a fixed point over the
// package's calls. A call that hands it a desired object whose builder is
// known is reported when the compared part holds a server-defaulted field
// the builder leaves unset: "desired Deployment handed to ensure.Rollout,
// which reads the live one and compares its Spec.Strategy strictly with
// it (ensure.go:28), leaves 1 server-defaulted field unset". A helper
// that only deletes and creates the object again on a difference is not
// followed (Delete and Create are not writes the flow engine decides),
// nor is a comparison of a pointer or a scalar field (== of structs only).
//
// roundtripdrift asks the same engine (builders: the comparisons, which
// side is live, what the builder sets, the mutators) about the same
// comparisons for another cause: values the server gives back in another
// form (quantities, empty lists, StringData). A comparison with both
// causes gets one finding from each; with one, only that analyzer's.
//
// Limits, chosen for precision: a desired value whose builder is in a
// package that is not analysed with this one is not known, nor is one
// handed to a function that is not summarised before the comparison.
//
// Bounds: builder summaries are iterated for at most 4 rounds over the
// package's calls; a desired value is followed through at most 4 local
// variables, a list of mutators through 3; a compared type's fields are
// walked 10 levels deep; a returned comparison is followed 3 returns up
// to the branches that use it, and a write through every function of the
// package that the branch calls (other packages through facts).
//
// Settings:
//
//	extra-fields   comma-separated (flag) or list (golangci-lint) of
//	               Type.Field entries filled by the server in your clusters
//	               (a defaulting webhook's): PodSpec.PriorityClassName.
//	ignore-fields  Type.Field entries of the table to leave out.
package defaultdrift
