package flow

// Lists read from an informer cache, whose order is the cache's map order.

import "go/types"

// CacheList reports whether fn reads a list of objects from an informer
// cache, and where the list is: the argument it fills (controller-runtime's
// client.Reader.List fills argument 1), or its first result (arg is -1: a
// generated lister's List). The cache keeps its objects in a Go map and
// lists them in that map's order, a new one at each call.
//
// A client.Reader is taken to be the manager's cached client, which is
// what reconcilers are given; a reader straight to the API server
// (manager.GetAPIReader) lists in key order, but the type does not say
// which it is.
func CacheList(fn *types.Func) (arg int, ok bool) {
	switch {
	case fn == nil:
		return 0, false
	case IsClientMethod(fn, "List"):
		return 1, true
	case isListerList(fn):
		return -1, true
	}
	return 0, false
}
