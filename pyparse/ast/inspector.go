package ast

import "iter"

// Inspector gives fast, repeated, type-filtered traversals of one syntax tree, in the manner of
// golang.org/x/tools/go/ast/inspector: NewInspector flattens the tree once into a list of
// push/pop events, and each traversal then skips whole subtrees that hold none of the requested
// node types. Building costs about one ast.Inspect; every later Preorder over a type set is a
// linear scan that never calls a type switch. An Inspector is immutable and safe for concurrent use.
type Inspector struct {
	events []event
}

// event is the push (index > own position) or pop (index < own position) of one node.
type event struct {
	node  Node
	mask  typeMask // push: the node's own type bit; pop: the union of the subtree's type bits
	index int32    // push: index of the matching pop; pop: index of the matching push
}

// typeMask is a bit set over node kinds (numKinds+1 bits, the last for unknown types).
type typeMask [2]uint64

func (m typeMask) and(o typeMask) bool { return m[0]&o[0] != 0 || m[1]&o[1] != 0 }

func (m *typeMask) or(o typeMask) { m[0] |= o[0]; m[1] |= o[1] }

func maskOf(n Node) typeMask {
	var m typeMask
	k := kindOf(n)
	m[k/64] |= 1 << (k % 64)
	return m
}

// maskFor returns the mask of the given node types; no types means every type.
func maskFor(types []Node) typeMask {
	if len(types) == 0 {
		return typeMask{^uint64(0), ^uint64(0)}
	}
	var m typeMask
	for _, t := range types {
		m.or(maskOf(t))
	}
	return m
}

// NewInspector returns an Inspector for the tree rooted at root (usually a *Module).
// A nil root gives an Inspector that visits nothing.
func NewInspector(root Node) *Inspector {
	in := &Inspector{}
	if root == nil {
		return in
	}
	// Typical trees have about two events per 12 source bytes; grow from a modest guess.
	in.events = make([]event, 0, 64)
	var visit func(n Node) typeMask
	visit = func(n Node) typeMask {
		push := len(in.events)
		own := maskOf(n)
		in.events = append(in.events, event{node: n, mask: own})
		sub := own
		forEachChild(n, func(c Node) { sub.or(visit(c)) })
		pop := len(in.events)
		in.events = append(in.events, event{node: n, mask: sub, index: int32(push)})
		in.events[push].index = int32(pop)
		return sub
	}
	visit(root)
	return in
}

// Preorder returns the nodes of the given types (all nodes when none are given) in depth-first
// pre-order. Types are given as typed nil pointers: in.Preorder((*Call)(nil), (*BinOp)(nil)).
func (in *Inspector) Preorder(types ...Node) iter.Seq[Node] {
	mask := maskFor(types)
	return func(yield func(Node) bool) {
		for i := 0; i < len(in.events); {
			ev := in.events[i]
			if int(ev.index) > i { // push
				if ev.mask.and(mask) && !yield(ev.node) {
					return
				}
				pop := int(ev.index)
				if !in.events[pop].mask.and(mask) {
					i = pop + 1 // no requested type below: skip the subtree
					continue
				}
			}
			i++
		}
	}
}

// WithStack visits the nodes of the given types (all nodes when none are given) in depth-first
// order, calling f(n, true, stack) before a node's children and f(n, false, stack) after them.
// stack holds the path from the root to n inclusive; it is reused, so copy it to keep it. If f
// returns false on a push, the node's children and its pop call are skipped.
func (in *Inspector) WithStack(types []Node, f func(n Node, push bool, stack []Node) bool) {
	mask := maskFor(types)
	var stack []Node
	for i := 0; i < len(in.events); {
		ev := in.events[i]
		if int(ev.index) > i { // push
			pop := int(ev.index)
			stack = append(stack, ev.node)
			if ev.mask.and(mask) && !f(ev.node, true, stack) {
				stack = stack[:len(stack)-1]
				i = pop + 1
				continue
			}
			if !in.events[pop].mask.and(mask) {
				stack = stack[:len(stack)-1]
				i = pop + 1
				continue
			}
		} else { // pop
			push := int(ev.index)
			if in.events[push].mask.and(mask) {
				f(ev.node, false, stack)
			}
			stack = stack[:len(stack)-1]
		}
		i++
	}
}

// Len returns the number of nodes in the tree.
func (in *Inspector) Len() int { return len(in.events) / 2 }
