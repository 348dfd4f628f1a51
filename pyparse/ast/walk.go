package ast

// Inspect traverses the tree rooted at n in depth-first pre-order, children in CPython's field
// order. It calls f(node); if f returns true, Inspect visits the node's children, then calls
// f(nil) (as go/ast.Inspect does).
func Inspect(n Node, f func(Node) bool) {
	if n == nil {
		return
	}
	// One closure for the whole walk, not one per node visited.
	var visit func(Node)
	visit = func(c Node) {
		if !f(c) {
			return
		}
		forEachChild(c, visit)
		f(nil)
	}
	visit(n)
}

// Children returns the direct children of n in CPython's field order.
func Children(n Node) []Node {
	var out []Node
	forEachChild(n, func(c Node) { out = append(out, c) })
	return out
}

// ForEachChild calls f on each direct child of n in CPython's field order.
func ForEachChild(n Node, f func(Node)) { forEachChild(n, f) }

// Bodies returns the statement lists directly inside st: the body of a def or class; the body
// and else clause of if, for and while; a with's body; a try's body, handlers, else and finally
// clauses; each case of a match. Other statements hold none.
func Bodies(st Stmt) [][]Stmt {
	switch s := st.(type) {
	case *FunctionDef:
		return [][]Stmt{s.Body}
	case *AsyncFunctionDef:
		return [][]Stmt{s.Body}
	case *ClassDef:
		return [][]Stmt{s.Body}
	case *If:
		return [][]Stmt{s.Body, s.Orelse}
	case *For:
		return [][]Stmt{s.Body, s.Orelse}
	case *AsyncFor:
		return [][]Stmt{s.Body, s.Orelse}
	case *While:
		return [][]Stmt{s.Body, s.Orelse}
	case *With:
		return [][]Stmt{s.Body}
	case *AsyncWith:
		return [][]Stmt{s.Body}
	case *Try:
		out := [][]Stmt{s.Body, s.Orelse, s.Finalbody}
		for _, h := range s.Handlers {
			out = append(out, h.Body)
		}
		return out
	case *TryStar:
		out := [][]Stmt{s.Body, s.Orelse, s.Finalbody}
		for _, h := range s.Handlers {
			out = append(out, h.Body)
		}
		return out
	case *Match:
		var out [][]Stmt
		for _, c := range s.Cases {
			out = append(out, c.Body)
		}
		return out
	}
	return nil
}

// StmtTargets returns the targets a statement assigns itself, as written (a tuple target is one
// target): those of an assignment, augmented or annotated assignment, a for loop and a with
// statement's `as` clauses; none for any other statement.
func StmtTargets(st Stmt) []Expr {
	switch st := st.(type) {
	case *Assign:
		return st.Targets
	case *AugAssign:
		return []Expr{st.Target}
	case *AnnAssign:
		return []Expr{st.Target}
	case *For:
		return []Expr{st.Target}
	case *AsyncFor:
		return []Expr{st.Target}
	case *With:
		var out []Expr
		for _, it := range st.Items {
			if it.OptionalVars != nil {
				out = append(out, it.OptionalVars)
			}
		}
		return out
	case *AsyncWith:
		var out []Expr
		for _, it := range st.Items {
			if it.OptionalVars != nil {
				out = append(out, it.OptionalVars)
			}
		}
		return out
	}
	return nil
}

// TargetNames returns the names an assignment target binds: `a`, each name of `a, (b, *c)` and
// `[a, b]`; none for an attribute or a subscript.
func TargetNames(e Expr) []string {
	switch x := e.(type) {
	case *Name:
		return []string{x.ID}
	case *Tuple:
		return targetsNames(x.Elts)
	case *List:
		return targetsNames(x.Elts)
	case *Starred:
		return TargetNames(x.Value)
	}
	return nil
}

func targetsNames(elts []Expr) []string {
	var out []string
	for _, el := range elts {
		out = append(out, TargetNames(el)...)
	}
	return out
}

// Flatten returns the statements of body in order, each followed by the statements of the blocks
// inside it (Bodies) when into says to enter it: into = NotScope gives the statements a def's
// body runs itself, not those of the defs and classes it defines.
func Flatten(body []Stmt, into func(Stmt) bool) []Stmt {
	var out []Stmt
	var walk func([]Stmt)
	walk = func(sts []Stmt) {
		for _, st := range sts {
			out = append(out, st)
			if into(st) {
				for _, b := range Bodies(st) {
					walk(b)
				}
			}
		}
	}
	walk(body)
	return out
}

// NotScope reports whether st opens no scope of its own (it is no def or class).
func NotScope(st Stmt) bool {
	switch st.(type) {
	case *FunctionDef, *AsyncFunctionDef, *ClassDef:
		return false
	}
	return true
}
