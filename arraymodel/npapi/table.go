package npapi

import "strings"

// This file assembles the API table from the rows of the group files (creation.go, elementwise.go,
// reductions.go, linalg.go, fft.go, manipulation.go, joins.go, indexing.go, sorting.go,
// polynomials.go, queries.go, random.go, jax.go, ndimage.go, signal.go, integrate.go, sparse.go
// and methods.go) and
// defines row, the one way a row is written, with its options. Adding a function is one row in
// the file of its group and one test row in memory/apitable_test.go.

// funcs are the module functions by backend-neutral name.
var funcs = index(creationRows, elementwiseRows, reductionsRows, linalgRows, fftRows,
	manipulationRows, joinsRows, indexingRows, sortingRows, polynomialsRows, queriesRows,
	randomRows, jaxRows, ndimageRows, signalRows, integrateRows, sparseRows)

// methods are the ndarray methods by name.
var methods = index(methodRows)

// generator are the numpy.random.Generator (and RandomState) methods by name.
var generator = index(generatorRows)

// lastNames holds the last dotted part of every row's name in the tables ts.
var lastNames = func(ts ...map[string]*Func) map[string]bool {
	out := map[string]bool{}
	for _, t := range ts {
		for name := range t {
			out[name[strings.LastIndexByte(name, '.')+1:]] = true
		}
	}
	return out
}(funcs, methods, generator)

// Named reports whether attr is the last part of the name of some row: a module function, an
// ndarray method or a generator method. An attribute call x.attr(…) with any other attr calls no
// row, whatever x holds, so what x holds need not be worked out.
func Named(attr string) bool { return lastNames[attr] }

// index makes a table of rows by name; a name in two rows is a programmer error.
func index(groups ...[]*Func) map[string]*Func {
	t := map[string]*Func{}
	for _, g := range groups {
		for _, f := range g {
			if _, dup := t[f.Name]; dup {
				panic("npapi: two rows for " + f.Name)
			}
			t[f.Name] = f
		}
	}
	return t
}

// row builds a row: its name, kind, shape rule and dtype rule; the options set the rest. Without
// options it has no shape, dtype, axis or count argument, allocates its result and keeps no
// temporaries.
func row(name string, kind Kind, shape ShapeRule, dt DTypeRule, opts ...func(*Func)) *Func {
	f := &Func{Name: name, Kind: kind, Rule: shape, DTRule: dt, ShapeArg: -1, DTypeArg: -1,
		AxisArg: -1, ArgN: -1}
	for _, o := range opts {
		o(f)
	}
	return f
}

// fixed sets the result dtype when no dtype= is given (DTFixed rows, constructors, samplers).
func fixed(d DType) func(*Func) { return func(f *Func) { f.DType = d } }

// shape sets the positional index (-1: keyword only) and keyword of the shape or size argument.
func shape(i int, kw string) func(*Func) { return func(f *Func) { f.ShapeArg, f.ShapeKw = i, kw } }

// varargs marks a shape given as separate positional ints (random.rand(3, 4)).
func varargs(f *Func) { f.Varargs = true }

// dtypeArg marks a row that accepts dtype=, also as positional argument i.
func dtypeArg(i int) func(*Func) { return func(f *Func) { f.DTypeKw, f.DTypeArg = true, i } }

// dtypeKw marks a row that accepts dtype= (keyword only).
func dtypeKw(f *Func) { f.DTypeKw = true }

// nin sets the number of array inputs.
func nin(n int) func(*Func) { return func(f *Func) { f.Nin = n } }

// out marks a row that accepts out=.
func out(f *Func) { f.Out = true }

// axis sets the positional index of the axis argument.
func axis(i int) func(*Func) { return func(f *Func) { f.AxisArg = i } }

// passes sets how many reductions read the input (Func.Passes).
func passes(n int) func(*Func) { return func(f *Func) { f.Passes = n } }

// argN sets the positional index of the rule's count or size argument.
func argN(i int) func(*Func) { return func(f *Func) { f.ArgN = i } }

// mode sets the default of mode=.
func mode(m string) func(*Func) { return func(f *Func) { f.Mode = m } }

// view marks a row that returns a view of its first argument.
func view(f *Func) { f.Effect = AsView }

// inPlace marks a row that writes into its first argument and returns None.
func inPlace(f *Func) { f.Effect = InPlace }

// fill marks a result filled with a constant, which Legate does not instantiate until first use.
func fill(f *Func) { f.Fill = true }

// temps sets the internal temporaries.
func temps(t ...Temp) func(*Func) { return func(f *Func) { f.Temps = t } }

// temps1 gives the temporaries under NumPy 1.x where they differ from NumPy 2's (none: an
// empty, not nil, list).
func temps1(t ...Temp) func(*Func) {
	return func(f *Func) { f.Temps1 = append([]Temp{}, t...) }
}

// removed2 marks a row NumPy 2.0 removed, naming its replacement (Func.Removed2).
func removed2(use string) func(*Func) { return func(f *Func) { f.Removed2 = use } }

// double1 marks a row that computes in double precision under NumPy 1.x (Func.Double1).
func double1(f *Func) { f.Double1 = true }

// Item sizes of temporaries: the measured array's own (0), the result dtype's (-1), or bytes.
const (
	itemOwn    = 0
	itemResult = -1
	itemBool   = 1
)
