package npapi

// This file holds the rows of scipy.signal, and their shape rules. The other functions of the
// module are not rows: a call to one is reported as unknown.

// signalRows are the rows of scipy.signal.
var signalRows = []*Func{
	row("scipy.signal.butter", Other, ShapeButter, DTFixed, fixed(Float64)),
	// convolve and correlate choose FFT or direct convolution from the shapes (method="auto").
	row("scipy.signal.convolve", Other, ShapeSigConv, DTPromote, nin(2), mode("auto")),
	row("scipy.signal.convolve2d", Other, ShapeConv2D, DTPromote, nin(2), mode("full")),
	row("scipy.signal.correlate", Other, ShapeSigConv, DTPromote, nin(2), mode("auto")),
	row("scipy.signal.correlate2d", Other, ShapeConv2D, DTPromote, nin(2), mode("full")),
	row("scipy.signal.fftconvolve", Other, ShapeSigConv, DTPromote, nin(2), mode("fft")),
	row("scipy.signal.filtfilt", Other, ShapeFiltfilt, DTSame),
	row("scipy.signal.get_window", Other, ShapeGetWindow, DTFixed, fixed(Float64)),
	row("scipy.signal.hilbert", Other, ShapeHilbert, DTComplex),
	row("scipy.signal.lfilter", Other, ShapeLfilter, DTSame),
	row("scipy.signal.medfilt", Other, ShapeFilter, DTSame),
	row("scipy.signal.savgol_filter", Other, ShapeSavgol, DTSame),
	row("scipy.signal.sosfilt", Other, ShapeSosfilt, DTSame),
	row("scipy.signal.windows.blackman", Other, ShapeWindow, DTFixed, fixed(Float64)),
	row("scipy.signal.windows.hamming", Other, ShapeWindow, DTFixed, fixed(Float64)),
	row("scipy.signal.windows.hann", Other, ShapeWindow, DTFixed, fixed(Float64)),
}

// signalShapes are the shape rules of scipy.signal.
var signalShapes = shapeRules{
	ShapeButter:    plain(butter),
	ShapeConv2D:    conv2d,
	ShapeFiltfilt:  plain(filtfilt),
	ShapeGetWindow: plain(getWindow),
	ShapeHilbert:   plain(hilbert),
	ShapeLfilter:   plain(lfilter),
	ShapeSavgol:    plain(savgol),
	ShapeSigConv:   sigConvolve,
	ShapeSosfilt:   plain(sosfilt),
	ShapeWindow:    plain(cosineWindow),
}

// conv2d gives scipy.signal.convolve2d / correlate2d of two 2-D arrays: mode full (n+m-1 per
// axis), same (in1's shape) or valid (the larger minus the smaller plus one, when one is at least
// as large as the other on both axes).
func conv2d(f *Func, c *Call) (Result, bool) {
	a, b := c.Arg(0, "in1"), c.Arg(1, "in2")
	mode, ok := strArg(c.Arg(2, "mode"), f.Mode)
	if a.Kind != ArgArray || b.Kind != ArgArray || !ok || len(a.Shape) != 2 || len(b.Shape) != 2 || !only(c, "mode", "boundary", "fillvalue") {
		return Result{}, false
	}
	known := a.Shape[0].Known && a.Shape[1].Known && b.Shape[0].Known && b.Shape[1].Known
	out := []Dim{{}, {}}
	switch mode {
	case "full":
		if known {
			out = []Dim{Int(a.Shape[0].N + b.Shape[0].N - 1), Int(a.Shape[1].N + b.Shape[1].N - 1)}
		}
	case "same":
		out = clone(a.Shape)
	case "valid":
		if !known {
			break
		}
		x, y := a.Shape, b.Shape
		if x[0].N < y[0].N || x[1].N < y[1].N {
			x, y = y, x
		}
		if x[0].N < y[0].N || x[1].N < y[1].N {
			return Result{}, false // neither is at least as large: SciPy raises
		}
		out = []Dim{Int(x[0].N - y[0].N + 1), Int(x[1].N - y[1].N + 1)}
	default:
		return Result{}, false
	}
	return one(out), true
}

// This file defines the shape rules of the scipy.signal rows that filter along an axis, design
// filters and make windows (measured under SciPy 1.10 with tracemalloc).

// cosineWindow gives scipy.signal.windows.hann/hamming/blackman(M, sym=True).
func cosineWindow(c *Call) (Result, bool) { return window(c.Arg(0, "M"), c.Arg(1, "sym")) }

// getWindow gives scipy.signal.get_window(window, Nx, fftbins=True) of a hann, hamming or
// blackman window (fftbins: not symmetric).
func getWindow(c *Call) (Result, bool) {
	w, ok := strArg(c.Arg(0, "window"), "")
	switch w {
	case "hann", "han", "hamming", "hamm", "ham", "blackman", "black", "blk":
	default:
		return Result{}, false // other windows compute differently
	}
	fftbins, ok2 := boolArg(c.Arg(2, "fftbins"), true)
	if !ok || !ok2 {
		return Result{}, false
	}
	return window(c.Arg(1, "Nx"), Arg{Kind: ArgScalar, DType: WeakBool, N: b2i(!fftbins), Known: true})
}

func b2i(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// filterDType is the dtype scipy.signal filters compute in: the promotion of the coefficients
// and x, which must be a float or complex dtype (SciPy raises for the others).
func filterDType(ds ...DType) (DType, bool) {
	dt := NoDType
	for i, d := range ds {
		if !d.Default().Known() {
			return NoDType, false
		}
		if i == 0 {
			dt = d.Default()
		} else {
			dt = Promote(dt, d.Default())
		}
	}
	switch dt {
	case Float32, Float64, Complex64, Complex128:
		return dt, true
	}
	return NoDType, false
}

// coefficients returns the length (-1 when unknown) and dtype of a filter's coefficient argument:
// a number, a list of numbers or a 1-D array.
func coefficients(a Arg) (int64, DType, bool) {
	if a.Kind == ArgScalar {
		return 1, a.DType, true // np.atleast_1d(a)
	}
	return seqOrArray1D(a)
}

// lfilter gives scipy.signal.lfilter(b, a, x, axis=-1) without zi: x's shape in the promoted
// float dtype. x of another dtype is copied into it first. With one denominator coefficient (a
// FIR filter) SciPy convolves each lane with np.convolve through apply_along_axis: for a 1-D x
// the full convolution (n + len(b) - 1) is a temporary of the result's size.
func lfilter(c *Call) (Result, bool) {
	nb, bdt, ok1 := coefficients(c.Arg(0, "b"))
	na, adt, ok2 := coefficients(c.Arg(1, "a"))
	x := c.Arg(2, "x")
	zi := c.Arg(4, "zi")
	if !ok1 || !ok2 || na < 0 || x.Kind != ArgArray || len(x.Shape) == 0 || (zi.Kind != ArgMissing && zi.Kind != ArgNone) || !only(c, "axis", "zi") {
		return Result{}, false
	}
	dt, ok := filterDType(bdt, adt, x.DType)
	if !ok {
		return Result{}, false
	}
	r := Result{Outs: []Out{{Shape: clone(x.Shape), DType: dt, fixed: true}}}
	n, sized := Size(x.Shape)
	if !sized {
		return r, true
	}
	if x.DType != dt {
		r.TempBytes = SatAdd(r.TempBytes, NBytes(n, dt))
	}
	if na == 1 && len(x.Shape) == 1 {
		if nb < 0 {
			return Result{}, false
		}
		r.TempBytes = SatAdd(r.TempBytes, NBytes(SatAdd(n, nb-1), dt))
	}
	return r, true
}

// sosfilt gives scipy.signal.sosfilt(sos, x, axis=-1) without zi: x's shape in the promotion of
// sos and x (a float dtype). The result is a C-ordered copy of x filtered in place. Moving the
// axis last and flattening the others copies x once more when that axis is neither the first nor
// the last; the filter state (k sections × 2 per lane) is made as zeros, and copied contiguous
// once that copy is gone.
func sosfilt(c *Call) (Result, bool) {
	sos, x := c.Arg(0, "sos"), c.Arg(1, "x")
	zi := c.Arg(3, "zi")
	if sos.Kind != ArgArray || len(sos.Shape) != 2 || x.Kind != ArgArray || len(x.Shape) == 0 || (zi.Kind != ArgMissing && zi.Kind != ArgNone) || !only(c, "axis", "zi") {
		return Result{}, false
	}
	dt, ok := filterDType(sos.DType, x.DType)
	ax, ok2 := intArg(c.Arg(2, "axis"), -1)
	i, ok3 := normAxis(ax, len(x.Shape))
	if !ok || !ok2 || !ok3 {
		return Result{}, false
	}
	r := Result{Outs: []Out{{Shape: clone(x.Shape), DType: dt, fixed: true}}}
	n, sized := Size(x.Shape)
	if !sized {
		return r, true
	}
	var moved, state int64
	if i != 0 && i != len(x.Shape)-1 {
		moved = NBytes(n, x.DType)
	}
	if k := sos.Shape[0]; k.Known && x.Shape[i].N > 0 {
		state = k.N * 2 * (n / x.Shape[i].N) * dt.ItemSize()
	}
	// the moved copy dies when the result is made, before the state is copied
	r.TempBytes = max(moved+state, 2*state)
	return r, true
}

// savgol gives scipy.signal.savgol_filter of a 1-D x: float32 and float64 stay, any other dtype
// is copied to float64 first (the polynomial fits of the edges are small). Along an axis of an
// n-D array the edge fits copy and solve windows of all lanes: not modelled.
func savgol(c *Call) (Result, bool) {
	x := c.Arg(0, "x")
	if x.Kind != ArgArray || len(x.Shape) != 1 || !x.DType.Known() {
		return Result{}, false
	}
	r := Result{Outs: []Out{{Shape: clone(x.Shape), DType: x.DType, fixed: true}}}
	if x.DType != Float32 && x.DType != Float64 {
		r.Outs[0].DType = Float64
		if n, ok := Size(x.Shape); ok {
			r.TempBytes = n * 8
		}
	}
	return r, true
}

// window gives a cosine-sum window (hann, hamming, blackman) of M points: SciPy computes it on
// M points (M+1 when sym is false, then drops the last) with three arrays of that size alive: the
// linspace, one term's product and its cosine.
func window(m, sym Arg) (Result, bool) {
	n, ok1 := intArg(m, -1)
	s, ok2 := boolArg(sym, true)
	if !ok1 || !ok2 || n < 0 {
		return Result{}, false
	}
	r := one([]Dim{Int(n)})
	if n > 1 {
		if !s {
			n++
		}
		r.TempBytes = 3 * n * 8
	}
	return r, true
}

// butter gives scipy.signal.butter(N, Wn, btype="low", analog=False, output="ba"): a digital
// filter of order N (2N for band filters) as (b, a) of order+1 float64 coefficients each, or as
// ceil(order/2) second-order sections (sos, (k, 6)). zpk output and analog filters are not
// modelled.
func butter(c *Call) (Result, bool) {
	n, ok1 := intArg(c.Arg(0, "N"), -1)
	bt, ok2 := strArg(c.Arg(2, "btype"), "low")
	analog, ok3 := boolArg(c.Arg(3, "analog"), false)
	out, ok4 := strArg(c.Arg(4, "output"), "ba")
	if !ok1 || !ok2 || !ok3 || !ok4 || n < 1 || analog || !only(c, "btype", "analog", "output", "fs") {
		return Result{}, false
	}
	switch bt {
	case "lowpass", "low", "l", "lp", "highpass", "high", "h", "hp":
	case "bandpass", "band", "pass", "bp", "bandstop", "stop", "bs", "bands":
		n *= 2
	default:
		return Result{}, false
	}
	f64 := func(s ...Dim) Out { return Out{Shape: s, DType: Float64, fixed: true} }
	switch out {
	case "ba":
		return Result{Outs: []Out{f64(Int(n + 1)), f64(Int(n + 1))}, Tuple: true}, true
	case "sos":
		return Result{Outs: []Out{f64(Int((n+1)/2), Int(6))}}, true
	}
	return Result{}, false
}

// filtfilt gives scipy.signal.filtfilt(b, a, x, axis=-1, padtype="odd", padlen=None) by its pad
// method: x extended by padlen (3·max(len(a), len(b))) at both ends of the axis (x itself with
// padtype=None), filtered forward (y1) and the reversed y1 backward (y2); the result is the
// middle of y2. An IIR filter keeps the extension, y1 and y2 alive (with a copy of the extension
// in the filter's dtype first); a FIR filter (one denominator coefficient) of a 1-D x also keeps
// np.convolve's full result while each pass is made.
func filtfilt(c *Call) (Result, bool) {
	nb, bdt, ok1 := coefficients(c.Arg(0, "b"))
	na, adt, ok2 := coefficients(c.Arg(1, "a"))
	x := c.Arg(2, "x")
	if !ok1 || !ok2 || nb < 0 || na < 0 || x.Kind != ArgArray || len(x.Shape) == 0 ||
		!only(c, "axis", "padtype", "padlen", "method") {
		return Result{}, false
	}
	method, ok3 := strArg(c.Arg(6, "method"), "pad")
	pad, ok4 := strArg(c.Arg(4, "padtype"), "odd")
	if c.Arg(4, "padtype").Kind == ArgNone {
		pad = ""
	}
	ax, ok5 := intArg(c.Arg(3, "axis"), -1)
	i, ok6 := normAxis(ax, len(x.Shape))
	dt, ok7 := filterDType(bdt, adt, x.DType)
	if !ok3 || !ok4 || !ok5 || !ok6 || !ok7 || method != "pad" || (pad != "" && pad != "odd" && pad != "even" && pad != "constant") {
		return Result{}, false
	}
	r := Result{Outs: []Out{{Shape: clone(x.Shape), DType: dt, fixed: true}}}
	n, sized := Size(x.Shape)
	if !sized {
		return r, true
	}
	edge, ok := intArg(c.Arg(5, "padlen"), 3*max(na, nb))
	if !ok || edge < 0 || x.Shape[i].N <= edge {
		return Result{}, false // SciPy raises when the axis is not longer than the padding
	}
	var ext int64
	m := n
	if pad != "" && edge > 0 {
		m = n / x.Shape[i].N * (x.Shape[i].N + 2*edge)
		ext = NBytes(m, x.DType)
	}
	y := NBytes(m, dt)
	var cast int64
	if x.DType != dt {
		cast = y
	}
	passes := int64(2) // alive at once: y1 and y2, or the cast copy and y1
	if na == 1 && len(x.Shape) == 1 {
		passes = 3 // and np.convolve's full result
	}
	r.TempBytes = ext + max(cast+(passes-1)*y, passes*y) - n*dt.ItemSize()
	return r, true
}

// hilbert gives scipy.signal.hilbert(x, axis=-1) of a real x: x's shape, complex64 for float32
// (and float16) inputs, complex128 otherwise. SciPy 1.17, the one NumPy 2.4 installs with, keeps
// one spectrum of the result's size besides it (measured under NumPy 2.4.6, SciPy 1.17.1: 40 MB
// for 10⁶ float64); under numpy-version 1 the model follows the SciPy of NumPy 1.x (1.10–1.16),
// where the spectrum, the filter h (one complex value per point of the axis) and their product
// are alive while the inverse FFT is made.
func hilbert(c *Call) (Result, bool) {
	x := c.Arg(0, "x")
	if x.Kind != ArgArray || len(x.Shape) == 0 || !x.DType.Known() || x.DType.Kind() == 'c' || !only(c, "axis") {
		return Result{}, false
	}
	if n := c.Arg(1, "N"); n.Kind != ArgMissing && n.Kind != ArgNone {
		return Result{}, false
	}
	ax, ok := intArg(c.Arg(2, "axis"), -1)
	i, ok2 := normAxis(ax, len(x.Shape))
	if !ok || !ok2 {
		return Result{}, false
	}
	dt := Complex128
	if x.DType == Float32 || x.DType == Float16 {
		dt = Complex64
	}
	r := Result{Outs: []Out{{Shape: clone(x.Shape), DType: dt, fixed: true}}}
	if n, sized := Size(x.Shape); sized {
		r.TempBytes = n * dt.ItemSize()
		if c.NumPy == NumPy1 {
			r.TempBytes = (2*n + x.Shape[i].N) * dt.ItemSize()
		}
	}
	return r, true
}
