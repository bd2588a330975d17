package a

import corev1 "k8s.io/api/core/v1"

func trailing(svc *corev1.Service, ports map[string]int32) {
	for name, port := range ports { //reconcilelint:ignore maporder the API server sorts these ports
		svc.Spec.Ports = append(svc.Spec.Ports, corev1.ServicePort{Name: name, Port: port})
	}
}

func statementAbove(svc *corev1.Service, ports map[string]int32) {
	//reconcilelint:ignore stalekey,maporder ports are sorted by a webhook before storage
	for name, port := range ports {
		svc.Spec.Ports = append(svc.Spec.Ports, corev1.ServicePort{Name: name, Port: port})
	}
}

// A directive for another analyzer does not silence maporder.
func otherAnalyzer(svc *corev1.Service, ports map[string]int32) {
	//reconcilelint:ignore stalekey not about ordering
	for name, port := range ports { // want `range over map ports feeds ServiceSpec.Ports in map order`
		svc.Spec.Ports = append(svc.Spec.Ports, corev1.ServicePort{Name: name, Port: port})
	}
}

// Only the statement right after the directive is covered.
func nextStatementOnly(svc *corev1.Service, ports map[string]int32) {
	//reconcilelint:ignore maporder the first loop only
	for name, port := range ports {
		svc.Spec.Ports = append(svc.Spec.Ports, corev1.ServicePort{Name: name, Port: port})
	}
	for name, port := range ports { // want `range over map ports feeds ServiceSpec.Ports in map order`
		svc.Spec.Ports = append(svc.Spec.Ports, corev1.ServicePort{Name: name, Port: port})
	}
}

// A directive that silences nothing is reported, so stale ones do not
// pile up.
func silencesNothing(svc *corev1.Service, ports map[string]int32) {
	/* want `//reconcilelint:ignore directive silences no maporder finding; remove maporder from it` */ //reconcilelint:ignore maporder left over from an old loop
	_ = len(ports)
}

// Malformed directives are reported and silence nothing.
func malformed(svc *corev1.Service, ports map[string]int32) {
	/* want `malformed //reconcilelint:ignore directive: a reason is required after the analyzer names` */ //reconcilelint:ignore maporder
	for name, port := range ports { // want `range over map ports feeds ServiceSpec.Ports in map order`
		svc.Spec.Ports = append(svc.Spec.Ports, corev1.ServicePort{Name: name, Port: port})
	}
	_ = 1 /* want `malformed //reconcilelint:ignore directive: unknown analyzer "mapordr" \(known: maporder, stalekey, presencedrift, admissionclobber, restartrevert, defaultdrift, timechurn, fieldfight, roundtripdrift\)` */ //reconcilelint:ignore mapordr typo
	_ = 2 /* want `malformed //reconcilelint:ignore directive: name the analyzers to ignore and give a reason` */ //reconcilelint:ignore
	_ = 3 /* want `malformed //reconcilelint:ignore directive: "//reconcilelint:ignored" is not //reconcilelint:ignore` */ //reconcilelint:ignored maporder x
}
