package npapi

// This file holds the rows of numpy.random: the legacy module functions, the generator factories
// and the Generator (and RandomState) methods, and their shape rules.

// randomRows are the rows of numpy.random.
var randomRows = []*Func{
	row("random.Generator", RNGFactory, ShapeNone, DTSame),
	row("random.RandomState", RNGFactory, ShapeNone, DTSame),
	row("random.binomial", Random, ShapeRandom, DTFixed, fixed(Int64), shape(2, "size")),
	// choice draws int64 indices, then gathers.
	row("random.choice", Random, ShapeRandom, DTSame, shape(1, "size"), temps(Temp{OfResult, 1, 8})),
	row("random.default_rng", RNGFactory, ShapeNone, DTSame),
	row("random.exponential", Random, ShapeRandom, DTFixed, fixed(Float64), shape(1, "size")),
	row("random.normal", Random, ShapeRandom, DTFixed, fixed(Float64), shape(2, "size")),
	// permutation of an array: a shuffled copy.
	row("random.permutation", Random, ShapeSame, DTSame),
	// Legacy poisson broadcasts lam to a float array of the result's size.
	row("random.poisson", Random, ShapeRandom, DTFixed, fixed(Int64), shape(1, "size"), temps(Temp{OfResult, 1, itemOwn})),
	row("random.rand", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, ""), varargs),
	row("random.randint", Random, ShapeRandom, DTFixed, fixed(Int64), shape(2, "size"), dtypeArg(3)),
	row("random.randn", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, ""), varargs),
	row("random.random", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size")),
	row("random.random_sample", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size")),
	row("random.ranf", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size")),
	row("random.sample", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size")),
	row("random.standard_normal", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size")),
	row("random.uniform", Random, ShapeRandom, DTFixed, fixed(Float64), shape(2, "size")),
}

// generatorRows are the rows of the numpy.random.Generator (and RandomState) methods.
var generatorRows = []*Func{
	row("binomial", Random, ShapeRandom, DTFixed, fixed(Int64), shape(2, "size")),
	row("choice", Random, ShapeRandom, DTSame, shape(1, "size"), temps(Temp{OfResult, 1, 8})),
	row("exponential", Random, ShapeRandom, DTFixed, fixed(Float64), shape(1, "size")),
	row("integers", Random, ShapeRandom, DTFixed, fixed(Int64), shape(2, "size"), dtypeArg(3)),
	row("normal", Random, ShapeRandom, DTFixed, fixed(Float64), shape(2, "size")),
	row("permutation", Random, ShapeSame, DTSame),
	row("poisson", Random, ShapeRandom, DTFixed, fixed(Int64), shape(1, "size")),
	row("rand", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, ""), varargs),
	row("randint", Random, ShapeRandom, DTFixed, fixed(Int64), shape(2, "size"), dtypeKw),
	row("randn", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, ""), varargs),
	row("random", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size"), dtypeArg(1)),
	row("random_sample", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size")),
	row("standard_exponential", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size"), dtypeKw),
	row("standard_gamma", Random, ShapeRandom, DTFixed, fixed(Float64), shape(1, "size"), dtypeKw),
	row("standard_normal", Random, ShapeRandom, DTFixed, fixed(Float64), shape(0, "size"), dtypeArg(1)),
	row("uniform", Random, ShapeRandom, DTFixed, fixed(Float64), shape(2, "size")),
}

// randomShapes are the shape rules of numpy.random.
var randomShapes = shapeRules{
	ShapeRandom: randomRule,
}

// randomRule applies ShapeRandom: the size argument (ShapeArg or ShapeKw; separate ints with
// Varargs); none: a scalar, or a 0-d array for shape= (jax.random).
func randomRule(f *Func, c *Call) (Result, bool) {
	if f.Varargs {
		if len(c.Args) == 0 {
			return scalar(), true
		}
		out := make([]Dim, len(c.Args))
		for i, a := range c.Args {
			out[i] = scalarDim(a)
		}
		return one(out), true
	}
	if f.ShapeArg < 0 && f.ShapeKw == "" {
		return one(nil), true
	}
	switch v := c.Arg(f.ShapeArg, f.ShapeKw); v.Kind {
	case ArgMissing, ArgNone:
		if f.ShapeKw == "shape" {
			return one([]Dim{}), true // jax.random: shape=() by default
		}
		return scalar(), true // size=None: one sample
	default:
		sh, ok := shapeArg(v)
		r := one(sh)
		if p := c.Arg(3, "p"); ok && (f.Name == "random.choice" || f.Name == "choice") && p.Kind != ArgMissing && p.Kind != ArgNone {
			// with probabilities p, choice draws a float64 uniform per sample and searches the
			// cumulative p for it: 16 B a sample more than the row's 8 (NumPy 2.4: 2,560,000
			// bools drawn with p peak at 24.6 B a sample, without at 9.0, under tracemalloc)
			if n, sized := Size(sh); sized {
				r.TempBytes = 16 * n
			}
		}
		return r, ok
	}
}
