// Package fieldfight defines an Analyzer that reports writes of fields
// that another controller of the cluster owns.
//
// # Analyzer fieldfight
//
// fieldfight: report writes of fields that another controller owns: the two controllers undo each other.
//
// Some fields of an object are written by a controller other than the
// operator that manages the object. When the operator writes them too, on
// every reconcile, each undoes what the other did, for ever:
//
//   - a HorizontalPodAutoscaler (or a KEDA ScaledObject, which makes one)
//     owns spec.replicas of its target Deployment, StatefulSet or
//     ReplicaSet. An operator that sets the replicas, or replaces the
//     spec with one whose replicas are nil (the API server makes that 1),
//     scales the workload back down after every scale-up;
//   - a CA injector (cert-manager's cainjector, for
//     cert-manager.io/inject-ca-from, inject-ca-from-secret and
//     inject-apiserver-ca; OpenShift's service-ca, for
//     service.beta.openshift.io/inject-cabundle) fills caBundle of
//     webhook configurations, of a CRD's conversion webhook and of an
//     APIService. An operator that replaces the webhooks whole clears it,
//     and TLS to the webhook fails until the injector writes it again;
//   - the volume binder sets a PersistentVolumeClaim's spec.volumeName,
//     and the Job controller generates a Job's spec.selector. Both specs
//     are immutable: an update that clears them is rejected on every
//     reconcile.
//
// WRONG:
//
//	// hpa.go builds an HPA with ScaleTargetRef{Kind: "Deployment", ...}
//	controllerutil.CreateOrUpdate(ctx, c, dep, func() error {
//		dep.Spec = buildSpec(cr) // Replicas from the resource, or nil
//		return nil
//	})
//
// RIGHT:
//
//	controllerutil.CreateOrUpdate(ctx, c, dep, func() error {
//		replicas := dep.Spec.Replicas
//		dep.Spec = buildSpec(cr)
//		if cr.Spec.Autoscaling != nil {
//			dep.Spec.Replicas = replicas // the autoscaler's value
//		}
//		return nil
//	})
//
// Reported, on an object read from the API server (the flow engine's live
// objects: Get, List, listers, a CreateOrUpdate mutate function, and
// what is derived from them), when the owner is there. Where a write
// lands is the flow engine's answer (Locate): through pointer locals
// (`wh := &cfg.Webhooks[i]`), a local list that shares the live object's
// elements (`hooks := cfg.Webhooks; hooks[i].ClientConfig.CABundle = b`),
// captured variables and a pointer set from one place; a write into a
// local copy (`hook := cfg.Webhooks[0]`) stays local and is not reported.
//   - a write of the owned field whose value is not read from the live
//     object (`dep.Spec.Replicas = cr.Spec.Replicas`);
//   - a wholesale replacement of a part that holds it (`dep.Spec = ...`,
//     `cfg.Webhooks = desired.Webhooks`, `src.DeepCopyInto(&dep.Spec)`),
//     unless the new value carries the
//     field over from the live object, or the field is written again on
//     a path after it (that write is then checked; one on a branch the
//     replacement is not on is not after it). The flow engine answers the
//     carry-over (flow.Result.CarriesFrom): the new value, through its
//     locals, phis, literals and calls, is built from a read of the field
//     (or of what holds it) on a live object, or took it before the write
//     into one of its parts (`spec.Replicas = dep.Spec.Replicas`, into a
//     list element, through a pointer a helper returned), or was handed
//     with the live object to a helper called for its effect that may
//     write into it
//     (`keepReplicas(&spec, dep.Spec)`; a comparison carries nothing),
//     to a method of the struct holding it (`b.keepCount(dep)` before
//     `dep.Spec = b.spec`) or to a closure that captured it. The engine
//     follows the value into the functions of the package: what a builder
//     returns (a count a helper of the builder read from the cluster), the
//     value a mutate function captured from its factory, and a parameter
//     to its callers, each of which must carry it (one caller handing a
//     count from the resource is enough to report); a part of an object
//     made elsewhere in the package is what was stored in that part of
//     every object of its kind that can reach it, through a builder's
//     returns, the lists objects are appended to and read back from, a
//     type switch's case and a helper's parameter. Saving the
//     live value elsewhere (into a status) is no carry-over;
//   - a nil written to replicas on a live object that is written back,
//     even under a condition about the autoscaler (`if
//     cr.Spec.Autoscaling != nil { dep.Spec.Replicas = nil }`): an update
//     that leaves the count nil is defaulted to 1 by the API server, so
//     the write still scales the workload back; only a condition about
//     the object's creation guards it. A live copy cleared to be hashed
//     or compared, and not sent, is silent;
//   - the inverse form: a desired object sent with Update after only its
//     metadata was copied from the live one, or sent with a merge patch
//     taken against a copy of the live one (`client.MergeFrom(live.DeepCopy())`),
//     unless the base was given the owned field first (the difference is
//     then chosen);
//   - for replicas, a strict comparison of the live value (==, !=,
//     reflect.DeepEqual, equality.Semantic.DeepEqual, ptr.Equal) that
//     decides a write (the flow engine's Decides);
//   - an apply configuration that sets the field (WithReplicas on a
//     Deployment, StatefulSet or ReplicaSet spec, WithCABundle on a
//     webhook client config): server-side apply takes the field back on
//     every apply.
//   - a replacement made by a helper, of this package or another, on an
//     object its caller hands it (`EnsureCRD(&modified, existing,
//     *required)` doing `existing.Spec = required.Spec`), or on a live
//     object with a value its caller hands it: whether the object is
//     live and where the value comes from is known only at the call, so
//     the helper's summary (a fact) says what it replaces, and each call
//     decides. It is reported at the call where the object is live and
//     the value is built by the module (a literal, a local a decoder
//     fills, a result of one of the module's functions, through type
//     switches and assertions: the flow engine's Origin); a call that
//     hands its own parameter over passes the question on to its own
//     callers, through any number of calls and packages. The message
//     names the calls and the assignment;
//   - `unstructured.SetNestedField(u.Object, v, "spec", "replicas")` under
//     a condition `u.GetKind() == "Deployment"`, on a live object or on
//     the object a manifest transformer (manifestival's Transformer) is
//     handed before the manifest is applied; here the module shows the
//     autoscalers when it compares a kind with "HorizontalPodAutoscaler".
//
// When the owner is there: for replicas, when the module builds a
// HorizontalPodAutoscaler whose target kind is that workload's (or is not
// a constant), or a KEDA ScaledObject, in the package or in a package of
// the module that it imports; for caBundle, when the module names an
// injection annotation, or never sets a caBundle itself (then something
// else fills it); a write of caBundle itself, or WithCABundle, is reported
// only with an injection annotation. The volume binder and the Job
// controller are always there. The message names the owner and where its
// evidence is, and Related points at it.
//
// Not reported: a write under a condition about the owner (an identifier
// containing autoscal, hpa, scaledobject or keda for replicas; inject or
// cabundle for caBundle, a string naming the owner's kind), or about the
// object's creation (CreationTimestamp, ResourceVersion,
// OperationResultCreated), in the branch, in a case, or after an if on it
// that leaves the block, in the function or an enclosing one (a mutate
// closure's); a write that runs only when the object is created (the
// NotFound branch after a Get); a field server-side apply leaves out;
// objects that are only built and created; generated files and _test.go
// files.
//
// Not reported: a caBundle-holding part replaced, without an injection
// annotation named, by a value whose origin is unknown (a parameter with
// no caller in the module, a value of another module's library, such as a
// test environment that serves the webhooks and fills their bundles); a
// replacement on a copy (`required.DeepCopy()`); a CRD decoded from a
// manifest the module embeds (`//go:embed`) when none of its CRDs converts
// by webhook: a CRD has a caBundle only under a webhook conversion. The
// embedded files are read from the package's directory, as the compiler
// reads them.
//
// Not reported: a workload scaled to zero replicas, or from zero (a write
// under `if *dep.Spec.Replicas == 0`), and a comparison of the count
// with zero or nil: an autoscaler does not act on a target at zero
// replicas (autoscaling is disabled there), so maintenance steps that
// park a workload at zero and bring it back do not fight it.
//
// Not reported, by decision: the fields the API server allocates on a
// Service (clusterIP, clusterIPs, nodePorts, healthCheckNodePort). Since
// Kubernetes 1.20 the server copies them from the stored Service into an
// update that leaves them empty (patchAllocatedValues in
// pkg/registry/core/service/storage), so replacing a Service's spec
// wholesale keeps them; a strict comparison of them is defaultdrift's
// finding. The condition's sense is not read: a write made only where
// autoscaling is on (`if cr.Spec.Autoscaling != nil { dep.Spec.Replicas
// = min }`) is not reported either. An object whose kind is data (a
// client.Object or an unstructured object of a rendered manifest) is
// checked only where a condition names its kind; see below.
//
// How it relates to the others: restartrevert and admissionclobber are
// the same bug class for two owners with rules of their own (kubectl's
// restartedAt key in a template's annotations; the Pod fields admission
// mutates) and keep reporting them; fieldfight covers the owners above.
// A comparison that fieldfight reports for replicas is one that
// defaultdrift does not (replicas are set by the builder there).
//
// Limits: evidence is read from the package and the packages of the
// module it imports (a package fact); an HPA built in a package that the
// writing package does not import is not seen. A guard in a function's
// callers is not seen. A name is compared by what it is computed from
// (the flow engine's NameSources: every name the function gives the
// object, in its literal, through its metadata or a pointer to it, with
// SetName, or the Name of the key it is read with, so an object named
// the autoscaler's target on one path counts as that one): a
// workload read with a key made from a desired object's name
// (`types.NamespacedName{Name: desired.Name}`) is followed into the
// constructor that built it; names computed from the same values with
// other constant text (`cr.Name + "-router"` against `cr.Name`; format
// verbs are not text) are other names. The order of the parts is not
// read: `a + "-x"` and `"-x" + a` are taken to be one name. The carry-over helper is recognised by what it is
// handed, not by what it does, and what the new value took is counted
// flow-insensitively before the write (a store in a loop that runs after
// it, or on another branch, counts). An object built by the operator is
// live only where it is read or its content is sent back: not where it
// is sent as an apply patch (`client.Apply`, or one built by hand,
// `client.RawPatch(client.Apply.Type(), data)`, through patch helpers
// too, as Crunchy PGO sends every object), nor with a patch body made
// apart from it; nor where a lookup of it is on a branch that returns
// before (flow.Result.NotReadAt), in the function or in the caller that
// hands it to a helper (flow.Result.ParamNotRead). A live object whose part is replaced
// wholesale is not reported when every write of it is such an apply or
// patch (flow.Dest.OnlyApplied): apply leaves the other owner's field,
// which the object sent lacks, where it is. A field set on every
// reconcile is still reported when applied: with the field in the
// applied object, the two owners still fight over it.
//
// Settings: none.
package fieldfight
