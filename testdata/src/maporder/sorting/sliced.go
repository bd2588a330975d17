package sorting

import (
	"fmt"
	"sort"
	"strings"

	xmaps "golang.org/x/exp/maps"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// The blocked finalizers are sorted, the first three named and the rest
// only counted: the part cut off after the sort is in sorted order too.
func BlockedMessage(c *metav1.Condition, blocked map[string][]string) {
	names := xmaps.Keys(blocked)
	sort.Strings(names)
	var rest []string
	if len(names) > 3 {
		rest = names[3:]
		names = names[:3]
	}
	c.Message = strings.Join(names, ", ")
	owners := 0
	for _, n := range rest {
		owners += len(blocked[n])
	}
	if owners > 0 {
		c.Message = fmt.Sprintf("%s and %d more owners", c.Message, owners)
	}
}

// The same cut, the rest spelled out one by one after the sort.
func BlockedSpelled(c *metav1.Condition, blocked map[string][]string) {
	names := xmaps.Keys(blocked)
	sort.Strings(names)
	msg := ""
	for _, n := range names[1:] {
		msg += n + ";"
	}
	c.Message = msg
}

// Without the sort, the spelled-out rest is in map order.
func BlockedUnsorted(c *metav1.Condition, blocked map[string][]string) {
	names := xmaps.Keys(blocked) // want `xmaps.Keys\(blocked\) is in map order and feeds Condition.Message; sort it first`
	msg := ""
	for _, n := range names[1:] {
		msg += n + ";"
	}
	c.Message = msg
}

// A total summed over the map is the same in any order.
func OwnerCount(c *metav1.Condition, blocked map[string][]string) {
	total := 0
	for _, owners := range blocked {
		total += len(owners)
	}
	c.Message = fmt.Sprintf("%d owners block deletion", total)
}
