package npapi

import "strings"

// This file lists the array-library functions and ndarray methods that never return a new array
// and have no row in the API table (which holds the type queries, queries.go): configuration, I/O
// that writes, assertions, jax's device and transformation helpers. A call that is neither in
// the table nor here may return an array, and the memory estimate says so.

var noArrayFuncs = map[string]bool{
	"seterr": true, "geterr": true, "set_printoptions": true,
	"get_printoptions": true, "printoptions": true, "show_config": true, "info": true,
	"isfortran": true, "save": true, "savez": true, "savez_compressed": true,
	"savetxt": true, "random.seed": true, "random.get_state": true,
	"random.set_state": true, "binary_repr": true, "base_repr": true, "typename": true,
	"format_float_positional": true, "format_float_scientific": true, "array2string": true,
	"array_repr": true, "array_str": true,
	// function objects, iterators and exception classes
	"vectorize": true, "ndindex": true, "linalg.LinAlgError": true, "AxisError": true,
	// scipy.ndimage.find_objects: a list of tuples of slices
	"scipy.ndimage.find_objects": true,
	// NumPy's internals: documentation and axis checks
	"add_newdoc": true, "normalize_axis_index": true,
	// jax: devices, configuration and function transformations (their results are functions).
	"jax.devices": true, "jax.local_devices": true, "jax.device_count": true,
	"jax.local_device_count": true, "jax.process_index": true, "jax.process_count": true,
	"jax.default_backend": true, "jax.config.update": true, "jax.grad": true, "jax.vmap": true,
	"jax.pmap": true, "jax.value_and_grad": true, "jax.jacfwd": true, "jax.jacrev": true,
	"jax.hessian": true, "jax.checkpoint": true, "jax.remat": true, "jax.named_call": true,
	"jax.make_jaxpr": true, "jax.eval_shape": true, "jax.clear_caches": true,
	// cuPyNumeric and CuPy runtime helpers.
	"cuda.Device": true, "cuda.Stream": true, "get_default_memory_pool": true,
	"get_default_pinned_memory_pool": true, "cuda.runtime.getDeviceCount": true,
}

// noArrayPrefixes are API name prefixes whose members return no array.
var noArrayPrefixes = []string{"testing.", "jax.profiler.", "jax.debug.", "jax.tree_util.", "typing.",
	"distutils.", "overrides.", "_pytesttester.", "compat."}

// ReturnsNoArray reports whether the API function never returns a new array.
func ReturnsNoArray(api string) bool {
	if noArrayFuncs[api] {
		return true
	}
	for _, p := range noArrayPrefixes {
		if strings.HasPrefix(api, p) {
			return true
		}
	}
	return false
}

var noArrayMethods = map[string]bool{
	"tobytes": true, "tostring": true, "tofile": true,
	"dump": true, "dumps": true,
	"block_until_ready": true, "__len__": true, "__repr__": true, "__str__": true,
	"__array_namespace__": true, "__dlpack__": true, "__dlpack_device__": true, "devices": true,
	"device": true, "copy_to_host_async": true, "delete": true, "is_deleted": true,
	"is_fully_replicated": true,
}

// MethodReturnsNoArray reports whether the ndarray (or jax.Array) method never returns a new
// array.
func MethodReturnsNoArray(name string) bool { return noArrayMethods[name] }
