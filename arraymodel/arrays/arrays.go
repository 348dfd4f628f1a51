// Package arrays infers, per function and module scope in program order, which Python names and
// expressions hold arrays, with their backend, dtype and shape where these follow from the code,
// and "unknown" where they do not. It never guesses a number.
//
// # API (for rules and the memory estimator)
//
//	info := arrays.Analyze(mod, imports.Build(mod))   // or pass.ResultOf[arrays.Analyzer].(*arrays.Info)
//	a, ok := info.Array(expr)     // facts at that expression's program point (after evaluating it)
//	a.Backend, a.DType, a.Shape   // imports.Backend, npapi.DType (NoDType = unknown), []Dim (nil = rank unknown)
//	n, ok := a.NBytes()           // bytes when dtype and every dim are known
//	a.ViewOf                      // the base array a view keeps alive (nil for owners)
//	a.Alloc                       // the expression that allocated the data (for a view: its base's)
//	a.Origin                      // Fresh (allocated here), Param, External (file, unknown call), View
//	a.Producer                    // for index arrays: the nonzero/argwhere/where call
//	info.IsArray(expr)            // known to be an array (any shape)
//	info.Int(expr)                // the integer value of expr at that point (N, 1024*1024-2, 2**20, len(x))
//	info.DTypeOf(expr)            // the dtype an expression names (np.float32, "f4", x.dtype)
//	info.Scalar(expr)             // the dtype of a scalar expression (1.0 → WeakFloat, x.sum() → x's dtype)
//	info.ReadAfter(stmt, name)    // is name read again after stmt (later in its scope, in a loop around it, or by a nested function)
//	info.MayAlias(stmt, name)     // may the array name holds be reachable another way (param, view, escaped, another name)
//	info.Escapes(nameNode)        // does this read hand the array to something that keeps it
//	info.Assignments(scope, name) // every statement that binds name in scope
//	info.Callee(call)             // the npapi entry of a library function, ndarray method or Generator method
//	info.EnclosingLoop(n), info.EnclosingStmt(n), info.ScopeOf(n), info.Parent(n)
//	info.Imports()                // the imports.Info the analysis used
//	arrays.SameShape(a, b), arrays.SameExpr(x, y), arrays.Bytes(n), arrays.Commas(n)
//
// Facts come from the one interpreter (arraymodel/absint), which the memory estimator runs too:
// each scope runs once, in explore mode — loops run twice and are joined with the state before
// them, both branches of an `if` (each `match` case, each `except` handler) run and are joined,
// comprehensions are evaluated — and the values seen at an expression join into its fact
// (facts.go). A function body sees an enclosing scope's final value of a name only when that
// scope binds the name exactly once; a call to a function of the file is unknown (each function
// is inferred from its own body). Parameters annotated as arrays (np.ndarray, cp.ndarray,
// jax.Array, numpy.typing.NDArray[...]) are arrays of unknown shape; other parameters are
// symbols, so sizes computed from them are polynomials (npapi.Poly). A top-level function called
// once in its file (its name used nowhere else) runs after the scope of that call and takes an
// array parameter from what the call passes there, when its dtype is known: its shape, and
// whether it scales with the data (a shape the caller does not know keeps it an input)
// (callers.go).
package arrays

import (
	"fmt"
	"github.com/arraylint/arraylint/arraymodel/absint"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// Dim is one dimension of a shape: a known length, a symbolic length (a name whose value the
// program does not fix, such as a parameter n), or unknown. It is npapi's, so the table's shape
// rules work on these shapes directly.
type Dim = npapi.Dim

// Int returns a known dimension.
func Int(n int64) Dim { return npapi.Int(n) }

// Sym returns a dimension equal to the value of the named variable.
func Sym(name string) Dim { return npapi.Sym(name) }

// Origin says where an array's data came from (absint.Origin).
type Origin = absint.Origin

// The origins.
const (
	// External is data the program does not create itself: a file load, an unknown function's
	// result, a module attribute. Its dtype is not the program's choice.
	External = absint.External
	// Fresh is an array this code allocates: a constructor, random sampling, an operator, a copy.
	Fresh = absint.Fresh
	// Param is an array received as a parameter (annotated as an array).
	Param = absint.Param
	// View is a view (slice, reshape, transpose) of another array, recorded in ViewOf.
	View = absint.View
)

// Role distinguishes ordinary data from the index arrays nonzero-like functions return.
type Role uint8

// The roles.
const (
	Data       Role = iota
	IndexTuple      // the tuple of index arrays from nonzero / one-argument where
	IndexArray      // one integer index array (argwhere, flatnonzero, an element of an IndexTuple)
	Mask            // a boolean array from a comparison or logical operation
)

// Array is what is known about an array value.
type Array struct {
	Backend imports.Backend
	DType   npapi.DType // NoDType when unknown
	Shape   []Dim       // nil when even the rank is unknown
	Origin  Origin
	Role    Role
	// Alloc is the expression that allocated the data: a constructor call, an operator, an
	// astype call. For a view it is the base's Alloc; nil when unknown (parameters, externals).
	Alloc ast.Node
	// AtMost bounds the elements of an array whose size the values decide (np.unique,
	// np.nonzero of an array of known size); 0 when there is no bound.
	AtMost int64
	// ViewOf is the array a view keeps alive (always an owner, never itself a view).
	ViewOf *Array
	// Producer is the nonzero/argwhere/flatnonzero/where call of an index array or index tuple.
	Producer *ast.Call
	// Mask is the argument of Producer (the boolean condition the indices were made from).
	MaskExpr ast.Expr
	// Unpacked is, for an index array bound by unpacking an IndexTuple (`rows, cols =
	// np.nonzero(m)`), the number of targets (one per dimension of the mask); 0 otherwise.
	Unpacked int
	// Component is that index array's position in the unpacking.
	Component int
	// Data reports an array whose extent comes from the data the code is given (an input, or
	// computed elementwise from one) where its shape does not say so: the rank or a dimension is
	// unknown. See Scales.
	Data bool
	// ShapeOf names, for an array whose rank is not known, the input whose shape it has
	// (np.zeros(x.shape), np.empty_like(x), x * 2 of an input x), or "".
	ShapeOf string
}

// Rank returns the number of dimensions, or -1 when unknown.
func (a *Array) Rank() int {
	if a.Shape == nil {
		return -1
	}
	return len(a.Shape)
}

// Size returns the number of elements when every dimension is known, saturating past int64
// (npapi.Size).
func (a *Array) Size() (int64, bool) { return npapi.Size(a.Shape) }

// NBytes returns the size of the array's data in bytes when its dtype and shape are known.
func (a *Array) NBytes() (int64, bool) {
	n, ok := a.Size()
	if !ok || !a.DType.Known() {
		return 0, false
	}
	return npapi.NBytes(n, a.DType), true
}

// Base returns the array that owns a's data: ViewOf for a view, a itself otherwise.
func (a *Array) Base() *Array {
	if a.ViewOf != nil {
		return a.ViewOf
	}
	return a
}

// ShapeString renders the shape as "(10000000,)", "(n, 3)" or "(?)" when the rank is unknown.
func (a *Array) ShapeString() string {
	if a.Shape == nil {
		return "(?)"
	}
	parts := make([]string, len(a.Shape))
	for i, d := range a.Shape {
		parts[i] = d.String()
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// String summarizes a, e.g. "float32(10000000,) fresh numpy".
func (a *Array) String() string {
	return fmt.Sprintf("%s%s %s %s", a.DType, a.ShapeString(), a.Origin, a.Backend)
}

// NumPyElides reports whether NumPy computes the binary operator op in place into a large
// temporary operand — its left one, or its right one (right) when op commutes — instead of
// allocating the result (temporary elision: absint.ElidesInto, the memory estimate's rule).
func NumPyElides(op ast.Operator, right bool) bool { return absint.ElidesInto(op, right) }

// SameShape reports whether a and b are known to have equal shapes (every dimension known and
// equal, or the same symbol, or both the shape of one input whose rank is not known).
func SameShape(a, b *Array) bool {
	if a.Shape == nil && b.Shape == nil && a.ShapeOf != "" {
		return a.ShapeOf == b.ShapeOf // both the shape of one input
	}
	if a.Shape == nil || b.Shape == nil || len(a.Shape) != len(b.Shape) {
		return false
	}
	for i := range a.Shape {
		x, y := a.Shape[i], b.Shape[i]
		switch {
		case x.Known && y.Known && x.N == y.N:
		case !x.Known && !y.Known && x.Sym.Equal(y.Sym):
		default:
			return false
		}
	}
	return true
}
