package npapi

// This file defines the scratch buffers NumPy's iterator allocates inside ufuncs and reductions:
// BufferSize elements (NPY_BUFSIZE) per buffered operand, or as many as the operation has when it
// has fewer. They live while the operation runs, so they count at its peak: at 4096 elements,
// float64 + complex128 allocates 64 KiB besides its 64 KiB result. Measured with tracemalloc
// under Debian's NumPy 1.24 (memory/testdata and testdata/mem/32_buffers.py):
//
//   - an elementwise operation whose array operands all have the result's shape, are
//     C-contiguous and are in the loop's dtype takes NumPy's trivial path: no buffer (a
//     Python scalar operand does not change that);
//   - otherwise each array operand that is cast to the loop's dtype (int64 * 1.5, float32 +
//     float64, int64 / int64 casts both), that is broadcast to a result of two or more
//     dimensions ((n, m) + (m,)), or that is a strided view there (a.T + b) has a buffer of the
//     loop's itemsize; with a result of two or more dimensions, a scalar operand does too;
//   - a reduction (sum, prod, mean, max, min) of an input of two or more dimensions, along an
//     axis or not, or of one whose dtype is not the accumulator's (int32 sum, int64 mean) has
//     one buffer of the accumulator's itemsize; a 1-D reduction in its own dtype has none.

// BufferSize is NumPy's NPY_BUFSIZE: the elements of one iterator buffer.
const BufferSize = 8192

// UfuncBuffers returns the bytes of the buffers of an elementwise operation on ins (arrays and
// scalars) whose inner loop runs in dtype loop and whose result has shape out (0 when a size
// or dtype is not known).
func UfuncBuffers(ins []Arg, loop DType, out []Dim) int64 {
	n, ok := Size(out)
	if !ok || n == 0 || !loop.Known() || loop.Weak() {
		return 0
	}
	multi := len(out) >= 2
	buffered, scalars := 0, 0
	for _, a := range ins {
		switch a.Kind {
		case ArgScalar:
			scalars++
		case ArgArray:
			if a.Shape == nil || !a.DType.Known() {
				return 0
			}
			cast := a.DType != loop
			broadcast := multi && !sameDims(a.Shape, out)
			if cast || broadcast || multi && a.Strided {
				buffered++
			}
		}
	}
	if buffered == 0 {
		return 0 // the trivial path
	}
	if multi {
		buffered += scalars
	}
	return int64(buffered) * min(n, BufferSize) * loop.ItemSize()
}

// bufferedReductions are the reductions that run through a ufunc's reduce (add, multiply,
// maximum, minimum) with NumPy's buffered iterator.
var bufferedReductions = map[string]bool{"sum": true, "prod": true, "product": true, "mean": true,
	"max": true, "min": true, "amax": true, "amin": true}

// ReduceBuffers returns the bytes of the buffer of a reduction f of the array in that
// accumulates in dtype acc (0 when there is none or its size is not known).
func ReduceBuffers(f *Func, in Arg, acc DType) int64 {
	if !bufferedReductions[f.Name] || in.Kind != ArgArray || in.Shape == nil || !acc.Known() || acc.Weak() {
		return 0
	}
	n, ok := Size(in.Shape)
	if !ok || n == 0 || len(in.Shape) < 2 && in.DType == acc {
		return 0
	}
	return min(n, BufferSize) * acc.ItemSize()
}

// UfuncLoop returns the dtype the inner loop of a ufunc with inputs promoted to in and result
// dtype out runs in: the inputs' promotion, or the float result of an integer input
// (np.sqrt of int64 loops in float64).
func UfuncLoop(in, out DType) DType {
	if (in.IsInteger() || in == Bool) && (out.Kind() == 'f' || out.Kind() == 'c') {
		return out
	}
	return in
}

func sameDims(a, b []Dim) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Known != b[i].Known || a[i].Known && a[i].N != b[i].N || !a[i].Known && !a[i].Sym.Equal(b[i].Sym) {
			return false
		}
	}
	return true
}

// Buffers returns the bytes of NumPy's iterator buffers for a call c of f with result r (what
// Apply gave): a ufunc's (UfuncBuffers) or a reduction's (ReduceBuffers). They are NumPy's: a
// client on another library leaves them out.
func Buffers(f *Func, c *Call, r Result) int64 {
	switch f.Kind {
	case Ufunc:
		if len(r.Outs) != 1 || r.Outs[0].View {
			return 0
		}
		nin := f.Nin
		if nin <= 0 || nin > len(c.Args) {
			nin = len(c.Args)
		}
		in := promoteInputs(c, nin)
		return UfuncBuffers(c.Args[:nin], UfuncLoop(in, r.Outs[0].DType), r.Outs[0].Shape)
	case Reduction:
		acc := r.Scalar
		if len(r.Outs) == 1 {
			acc = r.Outs[0].DType
		}
		return ReduceBuffers(f, firstArray(c), acc)
	}
	return 0
}
