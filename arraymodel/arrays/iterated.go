package arrays

import (
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file says which statements run once per iteration of a loop that is not in their own
// scope: the body of a function called inside a loop (`for i in steps: a = get_accel(pos)`)
// allocates its temporaries on every iteration of the caller's loop, as the loop's own body
// would.

// iterationHops bounds how many callers up the search for a loop goes (step called by run
// called by main inside a loop).
const iterationHops = 3

// CalledInLoop returns, for a statement or expression outside any loop of its own function, a
// loop that runs that function once per iteration: a loop of the file around one of the calls
// of the top-level function n is in, or around a call of a top-level function calling it (up to
// iterationHops callers). It returns nil when n is in a loop of its own scope (EnclosingLoop
// gives that one), at module level, in a method or nested function, or when the function's
// name is used other than as a callee (passed on or rebound: its calls are not all in sight).
func (info *Info) CalledInLoop(n ast.Node) ast.Stmt {
	if info.mod == nil || !info.mayArrays || info.EnclosingLoop(n) != nil {
		return nil
	}
	return info.FunctionCalledInLoop(n)
}

// FunctionCalledInLoop returns a loop of the file that runs the function n is in once per
// iteration, as CalledInLoop does, whether or not n is also in a loop of its own function (a
// return statement runs at most once per call, wherever it stands).
func (info *Info) FunctionCalledInLoop(n ast.Node) ast.Stmt {
	if info.mod == nil || !info.mayArrays {
		return nil
	}
	return info.calledInLoop(info.enclosingDef(n), 0)
}

func (info *Info) calledInLoop(def *ast.FunctionDef, hops int) ast.Stmt {
	if def == nil || hops >= iterationHops || info.parent(def) != ast.Node(info.mod) {
		return nil // a method, a nested function or the module: calls not indexed by name
	}
	calls, ok := info.shared.Calls(info.mod).All(info.mod, def)
	if !ok {
		return nil
	}
	for _, c := range calls {
		if info.parent(c) == nil {
			continue // a call made up for a function handed over with its arguments (run_timed(f, n))
		}
		if loop := info.EnclosingLoop(c); loop != nil {
			return loop
		}
	}
	for _, c := range calls {
		caller := info.enclosingDef(c)
		if caller == nil || caller == def || info.parent(c) == nil {
			continue
		}
		if loop := info.calledInLoop(caller, hops+1); loop != nil {
			return loop
		}
	}
	return nil
}
