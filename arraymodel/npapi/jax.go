package npapi

// This file holds the rows of jax.random: key first, shape second, dtype keyword (their shape
// rule, ShapeRandom, is random.go's).

// jaxRows are the rows of jax.random.
var jaxRows = []*Func{
	row("jax.random.PRNGKey", RNGFactory, ShapeNone, DTSame),
	row("jax.random.bernoulli", Random, ShapeRandom, DTFixed, fixed(Bool), shape(2, "shape")),
	row("jax.random.beta", Random, ShapeRandom, DTSame, shape(-1, "shape"), dtypeKw),
	row("jax.random.choice", Random, ShapeRandom, DTSame, shape(-1, "shape"), dtypeKw),
	row("jax.random.exponential", Random, ShapeRandom, DTFixed, fixed(Float32), shape(1, "shape"), dtypeKw),
	row("jax.random.gamma", Random, ShapeRandom, DTSame, shape(-1, "shape"), dtypeKw),
	row("jax.random.key", RNGFactory, ShapeNone, DTSame),
	row("jax.random.laplace", Random, ShapeRandom, DTFixed, fixed(Float32), shape(1, "shape"), dtypeKw),
	row("jax.random.logistic", Random, ShapeRandom, DTFixed, fixed(Float32), shape(1, "shape"), dtypeKw),
	row("jax.random.normal", Random, ShapeRandom, DTFixed, fixed(Float32), shape(1, "shape"), dtypeKw),
	row("jax.random.permutation", Random, ShapeRandom, DTSame, shape(-1, "shape"), dtypeKw),
	row("jax.random.randint", Random, ShapeRandom, DTFixed, fixed(Int32), shape(1, "shape"), dtypeKw),
	row("jax.random.split", RNGFactory, ShapeNone, DTSame),
	row("jax.random.truncated_normal", Random, ShapeRandom, DTFixed, fixed(Float32), shape(1, "shape"), dtypeKw),
	row("jax.random.uniform", Random, ShapeRandom, DTFixed, fixed(Float32), shape(1, "shape"), dtypeKw),
}
