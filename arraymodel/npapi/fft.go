package npapi

// This file holds the rows of numpy.fft, and their shape rules. The result is the transformed copy;
// n-dimensional transforms go axis by axis and keep one intermediate of the result's size. NumPy 2's
// pocketfft (C++) keeps single precision (float32 gives complex64) and copies a real input to complex
// for fft and ifft; NumPy 1.x's (C) computes in double precision, with other temporaries (temps1).

// fftRows are the rows of numpy.fft.
var fftRows = []*Func{
	row("fft.fft", Other, ShapeFFT, DTComplex, temps(Temp{OfRealInput, 1, itemResult}), temps1(), double1),
	row("fft.fft2", Other, ShapeFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn}), double1),
	// fftfreq fills an int array from two aranges, then scales it into the float result.
	row("fft.fftfreq", Other, ShapeFFTFreq, DTFixed, fixed(Float64), temps(Temp{OfResult, 2, itemOwn})),
	row("fft.fftn", Other, ShapeFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn}), double1),
	row("fft.fftshift", Other, ShapeSame, DTSame),
	row("fft.ifft", Other, ShapeFFT, DTComplex, temps(Temp{OfRealInput, 1, itemResult}), temps1(), double1),
	row("fft.ifft2", Other, ShapeFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn}), double1),
	row("fft.ifftn", Other, ShapeFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn}), double1),
	row("fft.ifftshift", Other, ShapeSame, DTSame),
	// irfft transforms into its result (NumPy 1.x zero-padded its input to n complex values
	// first); the n-dimensional ones keep one intermediate of the input's size.
	row("fft.irfft", Other, ShapeIRFFT, DTReal, temps1(Temp{OfResult, 2, itemOwn}), double1),
	row("fft.irfft2", Other, ShapeIRFFTN, DTReal, temps(Temp{OfInput, 1, itemOwn}),
		temps1(Temp{OfInput, 1, itemOwn}, Temp{OfResult, 2, itemOwn}), double1),
	row("fft.irfftn", Other, ShapeIRFFTN, DTReal, temps(Temp{OfInput, 1, itemOwn}),
		temps1(Temp{OfInput, 1, itemOwn}, Temp{OfResult, 2, itemOwn}), double1),
	row("fft.rfft", Other, ShapeRFFT, DTComplex, double1),
	row("fft.rfft2", Other, ShapeRFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn}), double1),
	row("fft.rfftfreq", Other, ShapeRFFTFreq, DTFixed, fixed(Float64), temps(Temp{OfResult, 1, itemOwn})),
	row("fft.rfftn", Other, ShapeRFFTN, DTComplex, temps(Temp{OfResult, 1, itemOwn}), double1),
}

// fftShapes are the shape rules of numpy.fft.
var fftShapes = shapeRules{
	ShapeFFT:      onRank(fftRule),
	ShapeFFTFreq:  fftFreqRule,
	ShapeFFTN:     onArray(fftnRule),
	ShapeIRFFT:    onRank(fftRule),
	ShapeIRFFTN:   onRank(rfftnRule),
	ShapeRFFT:     onRank(fftRule),
	ShapeRFFTFreq: fftFreqRule,
	ShapeRFFTN:    onRank(rfftnRule),
}

// fftRule applies ShapeFFT, ShapeIRFFT, ShapeRFFT.
func fftRule(f *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	n, ok1 := intArg(c.Arg(1, "n"), -1)
	ax, ok2 := intArg(c.Arg(2, "axis"), -1)
	i, ok3 := normAxis(ax, nd)
	if !ok1 || !ok2 || !ok3 {
		return Result{}, false
	}
	out := clone(s)
	m := s[i]
	if n >= 0 {
		m = Int(n)
	}
	switch {
	case f.Rule == ShapeRFFT && m.Known:
		m = Int(m.N/2 + 1)
	case f.Rule == ShapeRFFT:
		m = Dim{}
	case f.Rule == ShapeIRFFT && n < 0 && m.Known:
		m = Int(2 * (m.N - 1))
	case f.Rule == ShapeIRFFT && n < 0:
		m = Dim{}
	}
	out[i] = m
	return one(out), true
}

// fftFreqRule applies ShapeFFTFreq, ShapeRFFTFreq.
func fftFreqRule(f *Func, c *Call) (Result, bool) {
	n, ok := intArg(c.Arg(0, "n"), -1)
	if !ok || n < 0 {
		return one([]Dim{{}}), true
	}
	if f.Rule == ShapeRFFTFreq {
		n = n/2 + 1
	}
	return one([]Dim{Int(n)}), true
}

// fftnRule applies ShapeFFTN: the first argument's shape (s= not given).
func fftnRule(_ *Func, c *Call, a Arg) (Result, bool) {
	if c.Arg(1, "s").Kind != ArgMissing && c.Arg(1, "s").Kind != ArgNone {
		return Result{}, false
	}
	return one(clone(a.Shape)), true
}

// rfftnRule applies ShapeIRFFTN, ShapeRFFTN.
func rfftnRule(f *Func, c *Call, a Arg) (Result, bool) {
	s, nd := a.Shape, len(a.Shape)
	if k := c.Arg(1, "s").Kind; k != ArgMissing && k != ArgNone || c.Arg(2, "axes").Kind != ArgMissing || nd == 0 {
		return Result{}, false
	}
	out := clone(s)
	last := out[nd-1]
	switch {
	case !last.Known:
		out[nd-1] = Dim{}
	case f.Rule == ShapeRFFTN:
		out[nd-1] = Int(last.N/2 + 1)
	default:
		out[nd-1] = Int(2 * (last.N - 1))
	}
	return one(out), true
}
