package arrays

import (
	"sort"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file finds the loops around a node by descending the module's statements to it, without
// the parent map of every node (Info.parent), which costs a walk of the whole tree: the sized
// rules ask it of each finding they are about to make (InDataLoop).

// loopsAround returns the for and while loops around n, innermost first, within the function,
// class or module body n is in.
func (info *Info) loopsAround(n ast.Node) []ast.Stmt {
	if n == nil || !info.inSomeLoop(n.Span()) {
		return nil // most nodes a rule asks about are in no loop: no descent needed
	}
	var loops []ast.Stmt
	for _, st := range info.stmtPath(n) {
		switch st.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef:
			loops = loops[:0] // a loop outside a def does not run the def's body
		case *ast.For, *ast.AsyncFor, *ast.While:
			if ast.Node(st) != n {
				loops = append(loops, st) // its body, else clause or header
			}
		}
	}
	for i, j := 0, len(loops)-1; i < j; i, j = i+1, j-1 {
		loops[i], loops[j] = loops[j], loops[i]
	}
	return loops
}

// inSomeLoop reports whether the range at lies within one of the module's outermost loop
// statements (worked out once: their spans, in source order, do not overlap).
func (info *Info) inSomeLoop(at ast.Range) bool {
	info.loopSpansOnce.Do(func() {
		if info.mod == nil {
			return
		}
		isLoop := func(st ast.Stmt) bool {
			switch st.(type) {
			case *ast.For, *ast.AsyncFor, *ast.While:
				return true
			}
			return false
		}
		for _, st := range ast.Flatten(info.mod.Body, func(st ast.Stmt) bool { return !isLoop(st) }) {
			if isLoop(st) {
				info.loopSpans = append(info.loopSpans, st.Span())
			}
		}
	})
	spans := info.loopSpans
	i := sort.Search(len(spans), func(i int) bool { return spans[i].Start > at.Start }) - 1
	return i >= 0 && at.End <= spans[i].End
}

// stmtPath returns the statements around n, outermost first, down to the innermost one that
// holds n (n itself when it is a statement): a descent through the statement lists, each
// searched by position.
func (info *Info) stmtPath(n ast.Node) []ast.Stmt {
	if info.mod == nil || n == nil {
		return nil
	}
	at := n.Span()
	var path []ast.Stmt
	body := info.mod.Body
	for len(body) > 0 {
		// the last statement starting at or before n
		i := sort.Search(len(body), func(i int) bool { return body[i].Span().Start > at.Start }) - 1
		if i < 0 {
			break
		}
		st := body[i]
		if sp := st.Span(); at.End > sp.End {
			break
		}
		path = append(path, st)
		if ast.Node(st) == n {
			break
		}
		body = blockAt(ast.Bodies(st), at)
	}
	return path
}

// blockAt returns the statement list of blocks that holds the range at, or nil.
func blockAt(blocks [][]ast.Stmt, at ast.Range) []ast.Stmt {
	for _, b := range blocks {
		if len(b) > 0 && b[0].Span().Start <= at.Start && at.End <= b[len(b)-1].Span().End {
			return b
		}
	}
	return nil
}

// Statement returns the innermost statement holding n (n itself when it is one), as
// EnclosingStmt does, by a descent through the statement lists: for a rule that asks of a few
// nodes, cheaper than the parent map of every node.
func (info *Info) Statement(n ast.Node) ast.Stmt {
	if path := info.stmtPath(n); len(path) > 0 {
		return path[len(path)-1]
	}
	return nil
}

// LoopAround returns the innermost for or while loop around n in its function, class or module
// body (the statement descent's EnclosingLoop, lambdas aside), or nil.
func (info *Info) LoopAround(n ast.Node) ast.Stmt {
	if loops := info.loopsAround(n); len(loops) > 0 {
		return loops[0]
	}
	return nil
}
