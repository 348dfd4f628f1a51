// Package npapi is a data table of the array API shared by NumPy, CuPy, cuPyNumeric and
// jax.numpy: which functions construct arrays (and their default dtypes and shape arguments),
// which are ufuncs with `out=`, reductions, indexing functions, views versus copies, joins, and the
// random APIs (legacy np.random.*, Generator methods, jax.random). It also holds dtype item sizes
// and NumPy's promotion rules (dtype.go).
//
// Names are backend-neutral API names as produced by imports.Classify: "zeros",
// "random.random", "linalg.norm", "jax.random.normal". Array methods (x.astype, x.reshape …) and
// Generator methods (rng.random …) have their own tables.
package npapi

import (
	"slices"
	"strings"
)

//go:generate go run ./internal/gencoverage

// Kind classifies an API function by what it returns.
type Kind uint8

// The function kinds.
const (
	Other       Kind = iota
	Constructor      // new array from a shape: zeros, ones, empty, full, eye, identity
	Like             // new array shaped like its first argument: zeros_like …
	Range            // new 1-D array from bounds: arange, linspace, logspace
	Random           // new array of random values; shape from the size argument
	Convert          // array from data: array, asarray, ascontiguousarray, copy
	Ufunc            // elementwise, broadcasting, with out=
	Reduction        // reduces over axis (None = all), keepdims, out=
	Index            // index-producing: nonzero, argwhere, flatnonzero, where (1 argument)
	Scatter          // writes through indices or masks in place: put, putmask, copyto, place
	Gather           // take, compress, extract: a new array from selected elements
	View             // returns a view of the first argument: reshape, ravel, transpose …
	Join             // concatenate, stack, vstack, hstack …
	Product          // matmul, dot, outer, einsum …
	RNGFactory       // random.default_rng, random.RandomState, jax.random.key
)

// Func describes one API function.
type Func struct {
	Name string
	Kind Kind
	// DType is the result dtype when no dtype= is given (NoDType: follows the inputs).
	DType DType
	// ShapeArg is the positional index of the shape/size argument (-1 when none) and ShapeKw its
	// keyword ("shape" or "size").
	ShapeArg int
	ShapeKw  string
	// DTypeKw reports whether the function accepts dtype= (a fix may move a cast into it), and
	// DTypeArg is its positional index (-1 when it is keyword-only or absent).
	DTypeKw  bool
	DTypeArg int
	// Out reports whether the function accepts out= (an output buffer).
	Out bool
	// Nin is the number of array inputs of a ufunc.
	Nin int
	// Varargs reports that the shape is given as separate positional ints (random.rand(3, 4)).
	Varargs bool

	// Rule is the result's shape rule (rule.go); ShapeNone leaves the call to its Kind's
	// handling in the interpreters.
	Rule ShapeRule
	// DTRule is the result's dtype rule under Rule.
	DTRule DTypeRule
	// Effect says whether the call allocates, returns a view or works in place.
	Effect Effect
	// Temps are the internal temporaries the call allocates and frees before returning (under
	// NumPy 2, the default numpy-version).
	Temps []Temp
	// Temps1, when not nil, are the temporaries under NumPy 1.x where they differ from Temps
	// (numpy.fft was pocketfft's C code, np.sinc made one temporary less).
	Temps1 []Temp
	// Removed2, when not "", says the name was removed in NumPy 2.0 and what replaces it
	// ("np.isin"): under NumPy 2 the call raises AttributeError.
	Removed2 string
	// Double1: under NumPy 1.x the row computes in double precision whatever the input's
	// (numpy.fft: a float32 input gives complex128), where NumPy 2 keeps single precision.
	Double1 bool
	// AxisArg is the positional index of the axis argument (-1 when it is keyword-only), and
	// ArgN the positional index of the rule's count or size argument (n of diff and fft, q of
	// percentile, v of searchsorted, b of solve; -1 when none).
	AxisArg int
	ArgN    int
	// Passes is how many reductions read the input (0 and 1: one); logsumexp reads it twice, its
	// maximum and then its sum, which an XLA fusion does not share.
	Passes int
	// Fill reports a result filled with a constant (zeros, ones, empty, full and their _like
	// forms), which Legate does not instantiate until first use.
	Fill bool
	// Mode is the default of the rule's mode= argument (convolve "full", correlate "valid",
	// linalg.qr "reduced").
	Mode string
}

// Lookup returns the description of an API function by its backend-neutral name.
func Lookup(api string) (*Func, bool) {
	f, ok := funcs[api]
	return f, ok
}

// Method returns the description of an ndarray method (x.astype, x.sum …) by name.
func Method(name string) (*Func, bool) {
	f, ok := methods[name]
	return f, ok
}

// GeneratorMethod returns the description of a numpy.random.Generator (or RandomState) method
// such as rng.random or rng.normal.
func GeneratorMethod(name string) (*Func, bool) {
	f, ok := generator[name]
	return f, ok
}

// DTypeName returns the dtype an API attribute such as "float32" or "int_" names (np.float32).
func DTypeName(api string) (DType, bool) {
	switch api {
	case "float", "int", "complex", "bool", "object", "str":
		// numpy.float etc. were removed; numpy.bool is bool again in NumPy 2.
		if api == "bool" {
			return Bool, true
		}
		return NoDType, false
	}
	return ParseDType(api)
}

// Funcs returns every module-function row, sorted by name.
func Funcs() []*Func { return sorted(funcs) }

// Methods returns every ndarray-method row, sorted by name.
func Methods() []*Func { return sorted(methods) }

// GeneratorMethods returns every numpy.random.Generator (and RandomState) method row, sorted by
// name.
func GeneratorMethods() []*Func { return sorted(generator) }

func sorted(t map[string]*Func) []*Func {
	out := make([]*Func, 0, len(t))
	for _, f := range t {
		out = append(out, f)
	}
	slices.SortFunc(out, func(a, b *Func) int { return strings.Compare(a.Name, b.Name) })
	return out
}
