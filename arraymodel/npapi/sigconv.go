package npapi

import "math"

// This file defines the rule of scipy.signal.convolve, correlate and fftconvolve: SciPy's choice
// between FFT and direct convolution (choose_conv_method, from the shapes alone for float
// inputs) and the arrays each way makes (measured under SciPy 1.10 with tracemalloc).

// sigConvolve gives scipy.signal.convolve / correlate (method "auto", "fft" or "direct") and
// fftconvolve of two float32 or float64 arrays of one rank: mode full (n+m-1 per axis), same (the
// first input's shape) or valid (the larger minus the smaller plus one). Integer inputs (whose
// method depends on their values) and complex ones are not modelled.
//
// The FFT way pads both inputs to the 5-smooth fast lengths F ≥ n+m-1 and keeps both spectra,
// their product and the real inverse (F) alive together; the result is then copied out of the
// inverse, and convolve copies it once more into the result dtype (astype). The direct way is
// np.convolve / np.correlate in 1-D, and otherwise correlates a zero-padded copy of the first
// input (full and same) into the result.
func sigConvolve(f *Func, c *Call) (Result, bool) {
	a, b := c.Arg(0, "in1"), c.Arg(1, "in2")
	mode, ok1 := strArg(c.Arg(2, "mode"), "full")
	method := f.Mode
	if f.Mode != "fft" {
		var ok bool
		if method, ok = strArg(c.Arg(3, "method"), "auto"); !ok {
			return Result{}, false
		}
	}
	if !ok1 || a.Kind != ArgArray || b.Kind != ArgArray || len(a.Shape) == 0 || len(a.Shape) != len(b.Shape) ||
		!only(c, "mode", "method") {
		return Result{}, false
	}
	for _, d := range []DType{a.DType, b.DType} {
		if d != Float32 && d != Float64 {
			return Result{}, false
		}
	}
	s1, s2 := make([]int64, len(a.Shape)), make([]int64, len(b.Shape))
	for i := range a.Shape {
		if !a.Shape[i].Known || !b.Shape[i].Known || a.Shape[i].N == 0 || b.Shape[i].N == 0 {
			return Result{}, false
		}
		s1[i], s2[i] = a.Shape[i].N, b.Shape[i].N
	}
	dt := Promote(a.DType, b.DType)
	var out []int64
	switch mode {
	case "full":
		for i := range s1 {
			out = append(out, s1[i]+s2[i]-1)
		}
	case "same":
		out = s1
	case "valid":
		if !all(s1, s2, func(x, y int64) bool { return x >= y }) {
			if !all(s1, s2, func(x, y int64) bool { return x <= y }) {
				return Result{}, false // SciPy raises
			}
			s1, s2, a, b = s2, s1, b, a
		}
		for i := range s1 {
			out = append(out, s1[i]-s2[i]+1)
		}
	default:
		return Result{}, false
	}
	dims := make([]Dim, len(out))
	for i, n := range out {
		dims[i] = Int(n)
	}
	r := Result{Outs: []Out{{Shape: dims, DType: dt, fixed: true}}}
	if method == "auto" {
		method = "direct"
		if fftFaster(s1, s2, mode) {
			method = "fft"
		}
	}
	res := NBytes(prod(out), dt)
	switch method {
	case "fft":
		spectra := int64(1)
		inverse := int64(1)
		for i := range s1 {
			n := fastLenReal(s1[i] + s2[i] - 1)
			inverse *= n
			if i == len(s1)-1 {
				n = n/2 + 1
			}
			spectra *= n
		}
		cplx := func(d DType) int64 { return 2 * d.ItemSize() }
		at := SatAdd(SatMul(spectra, cplx(a.DType)+cplx(b.DType)+cplx(dt)), NBytes(inverse, dt))
		peak := max(at, SatAdd(NBytes(inverse, dt), res))
		if f.Mode != "fft" {
			peak = max(peak, 2*res) // convolve's astype copy
		}
		r.TempBytes = peak - res
	case "direct":
		if len(s1) == 1 {
			if mode == "same" && s1[0] < s2[0] {
				return Result{}, false // not np.convolve's case
			}
			return r, true
		}
		if a.DType != b.DType {
			return Result{}, false
		}
		if mode != "valid" {
			// in1 zero-padded to the full shape; its copy dies before the result is made
			full := int64(1)
			for i := range s1 {
				full *= s1[i] + s2[i] - 1
			}
			r.TempBytes = NBytes(full, a.DType)
		}
	default:
		return Result{}, false
	}
	return r, true
}

func all(x, y []int64, ok func(a, b int64) bool) bool {
	for i := range x {
		if !ok(x[i], y[i]) {
			return false
		}
	}
	return true
}

func prod(s []int64) int64 {
	n := int64(1)
	for _, d := range s {
		n *= d
	}
	return n
}

// fastLenReal is scipy.fft.next_fast_len(n, real=True): the least 5-smooth number ≥ n.
func fastLenReal(n int64) int64 {
	if n <= 6 {
		return max(n, 1)
	}
	best := int64(math.MaxInt64)
	for p5 := int64(1); p5 < best; p5 *= 5 {
		for p35 := p5; p35 < best; p35 *= 3 {
			// the least power of two that brings p35 to at least n
			m := p35
			for m < n {
				m *= 2
			}
			best = min(best, m)
		}
	}
	return best
}

// convCost are SciPy's _fftconv_faster constants (FFT, direct, offset) for 1-D (true) and
// n-D inputs by mode.
var convCost = map[bool]map[string][3]float64{
	true: {
		"valid": {1.89095737e-9, 2.1364985e-10, -1e-3},
		"full":  {1.7649070e-9, 2.1414831e-10, -1e-3},
		"same":  {3.2646654e-9, 2.8478277e-10, -1e-3},
	},
	false: {
		"valid": {1.85927e-9, 2.11242e-8, -1e-4},
		"full":  {1.99817e-9, 1.66174e-8, -1e-4},
		"same":  {2.04735e-9, 1.55367e-8, -1e-4},
	},
}

// fftFaster is SciPy's _fftconv_faster: its cost model of FFT against direct convolution for
// the volume shape x and kernel shape h.
func fftFaster(x, h []int64, mode string) bool {
	full := make([]int64, len(x))
	var outShape []int64
	for i := range x {
		full[i] = x[i] + h[i] - 1
		switch mode {
		case "full":
			outShape = append(outShape, full[i])
		case "valid":
			d := x[i] - h[i]
			if d < 0 {
				d = -d
			}
			outShape = append(outShape, d+1)
		case "same":
			outShape = append(outShape, x[i])
		}
	}
	var direct float64
	if len(x) == 1 {
		s1, s2 := x[0], h[0]
		switch mode {
		case "full":
			direct = float64(s1 * s2)
		case "valid":
			if s2 >= s1 {
				direct = float64((s2 - s1 + 1) * s1)
			} else {
				direct = float64((s1 - s2 + 1) * s2)
			}
		case "same":
			if s1 < s2 {
				direct = float64(s1 * s2)
			} else {
				direct = float64(s1*s2 - (s2/2)*((s2+1)/2))
			}
		}
	} else {
		switch mode {
		case "full", "valid":
			direct = float64(min(prod(x), prod(h)) * prod(outShape))
		case "same":
			direct = float64(prod(x) * prod(h))
		}
	}
	n := float64(prod(full))
	fftOps := 3 * n * math.Log(n)
	k := convCost[len(x) == 1][mode]
	if len(x) == 1 && mode == "same" && prod(h) > prod(x) {
		k = [3]float64{3.21635404e-9, 1.1773253e-8, -1e-5}
	}
	oFFT, oDirect, offset := k[0], k[1], k[2]
	return oFFT*fftOps < oDirect*direct+offset
}
