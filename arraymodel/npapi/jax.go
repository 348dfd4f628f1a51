package npapi

// This file holds the rows of JAX's own modules: jax.random (key first, shape second, dtype
// keyword; their shape rule, ShapeRandom, is random.go's), jax.nn's activations and
// normalizations and the jax.lax operations that are NumPy functions under another name, and
// the temporaries a draw makes under jit (PRNGTempBytes).

// jaxRows are the rows of jax.random, jax.nn and jax.lax.
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

	// jax.nn's activations: element-wise, of their input's float dtype.
	row("jax.nn.celu", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.elu", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.gelu", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.glu", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.hard_sigmoid", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.hard_silu", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.hard_swish", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.hard_tanh", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.leaky_relu", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.log_sigmoid", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.mish", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.relu", Ufunc, ShapeBroadcast, DTSame, nin(1)),
	row("jax.nn.relu6", Ufunc, ShapeBroadcast, DTSame, nin(1)),
	row("jax.nn.selu", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.sigmoid", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.silu", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.soft_sign", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.softplus", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.sparse_plus", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.squareplus", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.swish", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	// softmax and log_softmax normalize along an axis: a reduction and an element-wise pass,
	// which XLA fuses; the result has the input's shape.
	row("jax.nn.log_softmax", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.softmax", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.standardize", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.nn.logsumexp", Reduction, ShapeReduce, DTFloat, axis(1), passes(2)),
	row("jax.scipy.special.logsumexp", Reduction, ShapeReduce, DTFloat, axis(1), passes(2)),
	row("jax.scipy.special.expit", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.scipy.special.logit", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.scipy.special.erf", Ufunc, ShapeBroadcast, DTFloat, nin(1)),

	// jax.lax's element-wise operations and reductions.
	row("jax.lax.abs", Ufunc, ShapeBroadcast, DTSame, nin(1)),
	row("jax.lax.add", Ufunc, ShapeBroadcast, DTSame, nin(2)),
	row("jax.lax.cos", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.lax.div", Ufunc, ShapeBroadcast, DTSame, nin(2)),
	row("jax.lax.exp", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.lax.log", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.lax.logistic", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.lax.max", Ufunc, ShapeBroadcast, DTSame, nin(2)),
	row("jax.lax.min", Ufunc, ShapeBroadcast, DTSame, nin(2)),
	row("jax.lax.mul", Ufunc, ShapeBroadcast, DTSame, nin(2)),
	row("jax.lax.neg", Ufunc, ShapeBroadcast, DTSame, nin(1)),
	row("jax.lax.rsqrt", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.lax.sin", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.lax.sqrt", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
	row("jax.lax.square", Ufunc, ShapeBroadcast, DTSame, nin(1)),
	row("jax.lax.stop_gradient", Ufunc, ShapeBroadcast, DTSame, nin(1)),
	row("jax.lax.sub", Ufunc, ShapeBroadcast, DTSame, nin(2)),
	row("jax.lax.tanh", Ufunc, ShapeBroadcast, DTFloat, nin(1)),
}

// PRNGTempBytes returns the bytes of the temporaries XLA's CPU backend keeps while a
// jax.random draw (row name) of elems elements of dtype dt is made under jit: the threefry2x32
// counters and its two output words, three 32-bit words per element, then, for a result that is
// not 32 bits wide (bfloat16, float16, bernoulli's bool), the float32 draw it is converted from
// (4 bytes more); randint combines two draws of bits (8 bytes more). memory_analysis() on jax
// 0.10.2 (bench/truth/results/jax.md): normal and uniform float32 12 B an element, bfloat16 16,
// bernoulli 16, randint 20.
func PRNGTempBytes(name string, elems int64, dt DType) int64 {
	per := int64(12)
	if dt.ItemSize() != 4 {
		per += 4
	}
	if name == "jax.random.randint" {
		per += 8
	}
	return SatMul(elems, per)
}
