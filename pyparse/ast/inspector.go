package ast

import "iter"

// Inspector gives fast, repeated, type-filtered traversals of one syntax tree, in the manner of
// golang.org/x/tools/go/ast/inspector: NewInspector flattens the tree once into a list of
// push/pop events, and each traversal then skips whole subtrees that hold none of the requested
// node types. Building costs about one ast.Inspect; every later Preorder over a type set is a
// linear scan that never calls a type switch. An Inspector is immutable and safe for concurrent use.
type Inspector struct {
	events []event
	// subtree[i] is the union of the type bits of the subtree whose push event is events[i]
	// (unused at pop events). It is kept apart from events so the garbage collector never scans it.
	subtree []typeMask
}

// event is the push (index > own position) or pop (index < own position) of one node.
type event struct {
	node  Node
	index int32 // push: index of the matching pop; pop: index of the matching push
	kind  uint8 // kindOf(node)
}

// typeMask is a bit set over node kinds (numKinds+1 bits, the last for unknown types).
type typeMask [2]uint64

func (m typeMask) and(o typeMask) bool { return m[0]&o[0] != 0 || m[1]&o[1] != 0 }

func (m *typeMask) or(o typeMask) { m[0] |= o[0]; m[1] |= o[1] }

func (m typeMask) has(k uint8) bool { return m[k/64]&(1<<(k%64)) != 0 }

func maskOf(n Node) typeMask { return kindMask(uint8(kindOf(n))) }

func kindMask(k uint8) typeMask {
	var m typeMask
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
	// Counting first and allocating once is cheaper than growing: the count walk costs about a
	// seventh of the build, while growing copies (with write barriers) the pointer-holding events
	// and doubled the garbage per file.
	n := count(root)
	in.events = make([]event, 0, 2*n)
	in.subtree = make([]typeMask, 2*n)
	b := builder{in: in}
	b.visit(root)
	return in
}

func count(n Node) int {
	c := 1
	forEachChild(n, func(ch Node) { c += count(ch) })
	return c
}

// builder flattens a tree into the preallocated event list.
type builder struct {
	in *Inspector
}

func (b *builder) add(e event) int {
	b.in.events = append(b.in.events, e)
	return len(b.in.events) - 1
}

func (b *builder) visit(n Node) typeMask {
	k := uint8(kindOf(n))
	push := b.add(event{node: n, kind: k})
	sub := kindMask(k)
	forEachChild(n, func(c Node) { sub.or(b.visit(c)) })
	pop := b.add(event{node: n, kind: k, index: int32(push)})
	b.in.events[push].index = int32(pop)
	b.in.subtree[push] = sub
	return sub
}

// Preorder returns the nodes of the given types (all nodes when none are given) in depth-first
// pre-order. Types are given as typed nil pointers: in.Preorder((*Call)(nil), (*BinOp)(nil)).
func (in *Inspector) Preorder(types ...Node) iter.Seq[Node] {
	mask := maskFor(types)
	return func(yield func(Node) bool) {
		for i := 0; i < len(in.events); {
			ev := &in.events[i]
			if int(ev.index) > i { // push
				if !in.subtree[i].and(mask) {
					i = int(ev.index) + 1 // no requested type here or below: skip the subtree
					continue
				}
				if mask.has(ev.kind) && !yield(ev.node) {
					return
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
		ev := &in.events[i]
		if int(ev.index) > i { // push
			pop := int(ev.index)
			if !in.subtree[i].and(mask) {
				i = pop + 1 // no requested type here or below
				continue
			}
			stack = append(stack, ev.node)
			if mask.has(ev.kind) && !f(ev.node, true, stack) {
				stack = stack[:len(stack)-1]
				i = pop + 1
				continue
			}
		} else { // pop
			if mask.has(ev.kind) {
				f(ev.node, false, stack)
			}
			stack = stack[:len(stack)-1]
		}
		i++
	}
}

// Inspect visits the tree as ast.Inspect(root, f) does — f(n) before a node's children, which
// are skipped when it returns false, and f(nil) after them — from the flat event list: no type
// switch per node and no recursion, so a whole-module walk costs a third of ast.Inspect's.
func (in *Inspector) Inspect(f func(Node) bool) {
	for i := 0; i < len(in.events); {
		ev := &in.events[i]
		if int(ev.index) > i { // push
			if !f(ev.node) {
				i = int(ev.index) + 1 // children and the pop call skipped, as ast.Inspect does
				continue
			}
		} else {
			f(nil)
		}
		i++
	}
}

// Root returns the node the Inspector was built for (nil for an empty one).
func (in *Inspector) Root() Node {
	if len(in.events) == 0 {
		return nil
	}
	return in.events[0].node
}

// Len returns the number of nodes in the tree.
func (in *Inspector) Len() int { return len(in.events) / 2 }
