// Package arraymodel re-exports the shared array model of rules/internal (imports, npapi,
// arrays) for the memory estimator. The estimator lives in memory/, outside the rules/ tree, so
// Go's internal-package rule keeps it from importing rules/internal directly; this bridge lives
// inside rules/ and passes the same types through as aliases, so there is still one model.
package arraymodel

import (
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/arrays"
	"github.com/arraylint/arraylint/rules/internal/imports"
	"github.com/arraylint/arraylint/rules/internal/npapi"
)

// Imports is the scope tree of one module with its array-library imports (imports.Info).
type Imports = imports.Info

// Ref is what a resolved expression refers to (imports.Ref).
type Ref = imports.Ref

// Backend is a set of array libraries (imports.Backend).
type Backend = imports.Backend

// The backends.
const (
	NumPy       = imports.NumPy
	CuPy        = imports.CuPy
	CuPyNumeric = imports.CuPyNumeric
	JAX         = imports.JAX
)

// BuildImports resolves the array-library imports of a module (imports.Build).
func BuildImports(mod *ast.Module) *Imports { return imports.Build(mod) }

// Func describes one API function (npapi.Func); Kind classifies it (npapi.Kind).
type (
	Func = npapi.Func
	Kind = npapi.Kind
)

// The function kinds (npapi).
const (
	Other       = npapi.Other
	Constructor = npapi.Constructor
	Like        = npapi.Like
	Range       = npapi.Range
	Random      = npapi.Random
	Convert     = npapi.Convert
	Ufunc       = npapi.Ufunc
	Reduction   = npapi.Reduction
	Index       = npapi.Index
	Scatter     = npapi.Scatter
	Gather      = npapi.Gather
	View        = npapi.View
	Join        = npapi.Join
	Product     = npapi.Product
	RNGFactory  = npapi.RNGFactory
)

// Lookup, Method and GeneratorMethod find API functions, ndarray methods and Generator methods.
var (
	Lookup          = npapi.Lookup
	Method          = npapi.Method
	GeneratorMethod = npapi.GeneratorMethod
)

// DType is an array element type or a weak Python scalar type (npapi.DType).
type DType = npapi.DType

// The dtypes (npapi).
const (
	NoDType     = npapi.NoDType
	Bool        = npapi.Bool
	Int8        = npapi.Int8
	Int32       = npapi.Int32
	Int64       = npapi.Int64
	Float16     = npapi.Float16
	BFloat16    = npapi.BFloat16
	Float32     = npapi.Float32
	Float64     = npapi.Float64
	Complex64   = npapi.Complex64
	Complex128  = npapi.Complex128
	WeakBool    = npapi.WeakBool
	WeakInt     = npapi.WeakInt
	WeakFloat   = npapi.WeakFloat
	WeakComplex = npapi.WeakComplex
)

// Promote, TrueDivide, ParseDType and DTypeName are npapi's dtype rules.
var (
	Promote    = npapi.Promote
	TrueDivide = npapi.TrueDivide
	ParseDType = npapi.ParseDType
	DTypeName  = npapi.DTypeName
)

// ArrayInfo is the intra-procedural array inference of the rules (arrays.Info); Array is one
// array fact (arrays.Array).
type (
	ArrayInfo = arrays.Info
	Array     = arrays.Array
)

// AnalyzeArrays runs the array inference over a module (arrays.Analyze).
func AnalyzeArrays(mod *ast.Module, imp *Imports) *ArrayInfo { return arrays.Analyze(mod, imp) }
