package controller

import (
	api "maporder/crd/api/v1alpha1"
)

// provisioner keeps a copy of a widget's spec to walk its hosts.
type provisioner struct{ spec api.WidgetSpec }

// Known false positive: the copy of the spec is only walked, host by
// host, and never sent, so its order reaches nothing stored. A field of
// the operator's own API types is a sink wherever the struct is held, so
// it is reported.
func (p *provisioner) useAllHosts(hostnames map[string]string) {
	p.spec.Hosts = nil
	for _, h := range hostnames { // want `range over map hostnames feeds WidgetSpec.Hosts in map order`
		p.spec.Hosts = append(p.spec.Hosts, h)
	}
}
