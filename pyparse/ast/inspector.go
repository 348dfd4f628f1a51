package ast

import (
	"iter"
	"slices"
	"sync"
)

// Inspector gives fast, repeated, type-filtered traversals of one syntax tree, in the manner of
// golang.org/x/tools/go/ast/inspector: NewInspector flattens the tree once into a list of its
// nodes in depth-first pre-order, each with the end of its subtree and the node types in it, and
// each traversal then skips whole subtrees that hold none of the requested node types. Building
// costs about one ast.Inspect; every later Preorder over a type set is a linear scan that never
// calls a type switch. An Inspector is immutable and safe for concurrent use.
type Inspector struct {
	nodes []Node
	// info[i] describes nodes[i]. It is kept apart from nodes so the garbage collector never
	// scans it.
	info []nodeInfo
}

// nodeInfo is what a traversal needs to know of one node besides the node itself. The subtree's
// type mask is held in two fields, not a typeMask, so that the struct packs into 16 bytes
// (a typeMask field would take 24): on the 52 MB array corpus that is 35 MB less to allocate and
// copy per run.
type nodeInfo struct {
	sub   uint64 // the kinds 0..63 of the node's subtree (the union of their type bits)
	subHi uint16 // the kinds 64.. of the node's subtree
	kind  uint8  // kindOf(node)
	end   int32  // index of the first node after the node's subtree
}

// meets reports whether the node's subtree holds a node of a type in m.
func (inf *nodeInfo) meets(m typeMask) bool {
	return inf.sub&m[0] != 0 || uint64(inf.subHi)&m[1] != 0
}

// typeMask is a bit set over node kinds (numKinds+1 bits, the last for unknown types).
type typeMask [2]uint64

// The unknown kind, numKinds, must fit nodeInfo.subHi.
var _ [64 + 16 - (numKinds + 1)]struct{}

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
	// The tree is flattened into pooled scratch slices, then copied into exactly sized ones:
	// cheaper than a walk that only counts the nodes to presize them, and than growing slices
	// per file (which copies the pointer-holding list and doubles the garbage).
	b := builderPool.Get().(*builder)
	b.acc, b.accHi = 0, 0
	b.visit(root)
	info := b.info
	in.nodes = append(make([]Node, 0, len(b.nodes)), b.nodes...)
	in.info = slices.Clone(info)
	clear(b.nodes) // keep no tree alive from the pool
	b.nodes, b.info = b.nodes[:0], b.info[:0]
	builderPool.Put(b)
	return in
}

var builderPool = sync.Pool{New: func() any { return new(builder) }}

// builder flattens a tree into its node list; its walk, visit, is generated (build_gen.go).
//
// The subtree masks are made during the walk: acc/accHi hold the kinds seen so far in the
// innermost open subtree; push saves its parent's in the new node's sub/subHi and pop swaps them
// back, merging. This replaced a backward pass over the finished list, which read every node's
// info again (about 3% of Parse plus NewInspector on the array corpus).
type builder struct {
	nodes []Node
	info  []nodeInfo
	acc   uint64
	accHi uint16
}

// push appends n, of kind k, whose children follow, and returns its index.
func (b *builder) push(n Node, k uint8) int {
	b.nodes = append(b.nodes, n)
	b.info = append(b.info, nodeInfo{sub: b.acc, subHi: b.accHi, kind: k})
	m := kindMask(k)
	b.acc, b.accHi = m[0], uint16(m[1])
	return len(b.nodes) - 1
}

// pop ends the subtree of the node at index i after the nodes appended so far.
func (b *builder) pop(i int) {
	inf := &b.info[i]
	parent, parentHi := inf.sub, inf.subHi
	inf.sub, inf.subHi, inf.end = b.acc, b.accHi, int32(len(b.nodes))
	b.acc |= parent
	b.accHi |= parentHi
}

// leaf appends n, of kind k, which has no children.
func (b *builder) leaf(n Node, k uint8) {
	b.nodes = append(b.nodes, n)
	m := kindMask(k)
	b.info = append(b.info, nodeInfo{sub: m[0], subHi: uint16(m[1]), end: int32(len(b.nodes)), kind: k})
	b.acc |= m[0]
	b.accHi |= uint16(m[1])
}

// Preorder returns the nodes of the given types (all nodes when none are given) in depth-first
// pre-order. Types are given as typed nil pointers: in.Preorder((*Call)(nil), (*BinOp)(nil)).
func (in *Inspector) Preorder(types ...Node) iter.Seq[Node] {
	mask := maskFor(types)
	return func(yield func(Node) bool) {
		for i := 0; i < len(in.info); {
			inf := &in.info[i]
			if !inf.meets(mask) {
				i = int(inf.end) // no requested type here or below: skip the subtree
				continue
			}
			if mask.has(inf.kind) && !yield(in.nodes[i]) {
				return
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
	var open []int32 // the index of each node on stack
	for i := 0; ; {
		// Pop the nodes whose subtrees end here.
		for len(open) > 0 && int(in.info[open[len(open)-1]].end) <= i {
			j := open[len(open)-1]
			if mask.has(in.info[j].kind) {
				f(in.nodes[j], false, stack)
			}
			stack = stack[:len(stack)-1]
			open = open[:len(open)-1]
		}
		if i >= len(in.info) {
			return
		}
		inf := &in.info[i]
		if !inf.meets(mask) {
			i = int(inf.end) // no requested type here or below
			continue
		}
		stack = append(stack, in.nodes[i])
		if mask.has(inf.kind) && !f(in.nodes[i], true, stack) {
			stack = stack[:len(stack)-1]
			i = int(inf.end)
			continue
		}
		open = append(open, int32(i))
		i++
	}
}

// Inspect visits the tree as ast.Inspect(root, f) does — f(n) before a node's children, which
// are skipped when it returns false, and f(nil) after them — from the flat node list: no type
// switch per node and no recursion, so a whole-module walk costs a third of ast.Inspect's.
func (in *Inspector) Inspect(f func(Node) bool) {
	var buf [64]int32
	ends := buf[:0] // the subtree ends of the nodes whose f(nil) is due
	for i := 0; ; {
		for len(ends) > 0 && int(ends[len(ends)-1]) <= i {
			ends = ends[:len(ends)-1]
			f(nil)
		}
		if i >= len(in.info) {
			return
		}
		end := in.info[i].end
		if !f(in.nodes[i]) {
			i = int(end) // children and the pop call skipped, as ast.Inspect does
			continue
		}
		ends = append(ends, end)
		i++
	}
}

// Root returns the node the Inspector was built for (nil for an empty one).
func (in *Inspector) Root() Node {
	if len(in.nodes) == 0 {
		return nil
	}
	return in.nodes[0]
}

// Len returns the number of nodes in the tree.
func (in *Inspector) Len() int { return len(in.nodes) }
