package missingout

import (
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file asks what NumPy itself does with an arithmetic chain. Since NumPy 1.13 an
// elementwise operator whose operand is a temporary — an array no name holds, made by the
// expression, owning its data, of the result's dtype and shape and at least 256 KiB — computes
// in place into it (temporary elision; absint models it for the memory estimate, measured under
// tracemalloc). So on NumPy `z = x * y + 1.0` makes one array, not a temporary and a result, and
// `C = C + alpha * np.dot(A, B)` adds into the product's own buffer: the in-place rewrites this
// rule suggests save nothing there (the sixteenth held-out corpus's first review:
// bench/heldout16/REVIEW.md, bench/heldout16/elision.py). CuPy and Legate do not elide.

// numpyChain reports whether res is computed by NumPy (and nothing else: code that may run on
// CuPy or cuPyNumeric keeps its temporaries — a module that takes the array module as a value,
// as cuPyNumeric's examples take it from their harness, runs on whichever it is handed) at a
// size NumPy elides.
func numpyChain(info *arrays.Info, res *arrays.Array) bool {
	if res.Backend != imports.NumPy || info.Imports().TakesModule() {
		return false
	}
	if n, ok := res.NBytes(); ok && n < npapi.MinElideBytes {
		return false
	}
	return true // a size not known is reported only as large: far above the elision bound
}

// elidedFirst reports whether NumPy computes the chain's first operator in place into one of
// its operands, a temporary of the result's dtype and shape: then the chain allocates nothing
// beyond what its operands' own expressions make.
func elidedFirst(info *arrays.Info, ch chain, res *arrays.Array) bool {
	op := ch.ops[0]
	running := ch.base // the operand ch.rights[0] is applied to
	return temporary(info, running, res) && arrays.NumPyElides(op.Op, running == op.Right) ||
		temporary(info, ch.rights[0], res) && arrays.NumPyElides(op.Op, ch.rights[0] == op.Right)
}

// elidedRest reports whether NumPy computes every operator of the chain after the first in
// place into the running value (a temporary from the first operator on).
func elidedRest(ch chain) bool {
	for _, op := range ch.ops[1:] {
		if !arrays.NumPyElides(op.Op, false) {
			return false
		}
	}
	return true
}

// temporary reports whether e makes an array no name holds (a call or an operator), owning its
// data, with res's dtype and shape.
func temporary(info *arrays.Info, e ast.Expr, res *arrays.Array) bool {
	switch e.(type) {
	case *ast.Call, *ast.BinOp, *ast.UnaryOp:
	default:
		return false
	}
	a, ok := info.Array(e)
	return ok && freshLike(a, res)
}

// freshLike reports whether a is a fresh array (owning its data) of res's dtype and shape: one
// that could hold res's value in place.
func freshLike(a, res *arrays.Array) bool {
	return a.Origin == arrays.Fresh && a.DType == res.DType && arrays.SameShape(a, res)
}

// heldTemporaries returns the array the first operator of ch makes, when it is fresh with the
// dtype and shape of whole's (the result the chain feeds: the chain itself, or the ufunc call
// around it) and so could hold every later running value — unless NumPy already computes them
// in it (elidedRest). Not for JAX, whose temporaries XLA fuses.
func heldTemporaries(info *arrays.Info, ch chain, whole ast.Expr) (*arrays.Array, bool) {
	res, ok := info.Array(whole)
	if !ok || res.Origin != arrays.Fresh || res.Backend == imports.JAX {
		return nil, false
	}
	inner, ok := info.Array(ch.ops[0])
	if !ok || !freshLike(inner, res) {
		return nil, false
	}
	if numpyChain(info, res) && elidedRest(ch) {
		return nil, false
	}
	return inner, true
}
