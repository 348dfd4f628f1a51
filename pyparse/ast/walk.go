package ast

// Inspect traverses the tree rooted at n in depth-first pre-order, children in CPython's field
// order. It calls f(node); if f returns true, Inspect visits the node's children, then calls
// f(nil) (as go/ast.Inspect does).
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	forEachChild(n, func(c Node) { Inspect(c, f) })
	f(nil)
}

// Children returns the direct children of n in CPython's field order.
func Children(n Node) []Node {
	var out []Node
	forEachChild(n, func(c Node) { out = append(out, c) })
	return out
}

// ForEachChild calls f on each direct child of n in CPython's field order.
func ForEachChild(n Node, f func(Node)) { forEachChild(n, f) }
