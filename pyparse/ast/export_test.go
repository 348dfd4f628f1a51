package ast

import "fmt"

// CheckSubtreeMasks compares each node's subtree mask and end in in with those recomputed the
// slow obvious way: the union of the kinds of the nodes in its range, and the end of that range
// found by counting the nodes Inspect visits below it.
func CheckSubtreeMasks(in *Inspector) error {
	for i, inf := range in.info {
		if inf.kind != uint8(kindOf(in.nodes[i])) {
			return fmt.Errorf("node %d (%T): kind %d, want %d", i, in.nodes[i], inf.kind, kindOf(in.nodes[i]))
		}
		n := 0
		Inspect(in.nodes[i], func(c Node) bool {
			if c != nil {
				n++
			}
			return true
		})
		if int(inf.end) != i+n {
			return fmt.Errorf("node %d (%T): end %d, want %d", i, in.nodes[i], inf.end, i+n)
		}
		var want typeMask
		for j := i; j < i+n; j++ {
			want.or(kindMask(in.info[j].kind))
		}
		if got := (typeMask{inf.sub, uint64(inf.subHi)}); got != want {
			return fmt.Errorf("node %d (%T): subtree mask %x, want %x", i, in.nodes[i], got, want)
		}
	}
	return nil
}
