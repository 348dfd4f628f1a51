package npapi

import "testing"

// TestApplyRules checks shape rules of several groups without NumPy (memory/apitable_test.go
// checks them against NumPy).
func TestApplyRules(t *testing.T) {
	f64, f32, i64 := Float64, Float32, Int64
	for _, c := range []applyCase{
		// 4 × 5 with k=1: rows keep 4, 3, 2, 1 columns (upper), or 2, 3, 4, 5 (lower).
		{"triu_indices", []Arg{num(4), num(1), num(5)}, nil, "[10] int64; [10] int64", 20},
		{"tril_indices", []Arg{num(4), num(1), num(5)}, nil, "[14] int64; [14] int64", 20},
		{"tril_indices", []Arg{num(3)}, map[string]Arg{"k": num(-5)}, "[0] int64; [0] int64", 9},
		{"rollaxis", []Arg{arr(f64, 2, 3, 4), num(-1), num(1)}, nil, "[2 4 3] float64 view", 0},
		{"rollaxis", []Arg{arr(f64, 2, 3, 4), num(0), num(3)}, nil, "[3 4 2] float64 view", 0},
		{"array_split", []Arg{arr(f32, 2, 7), num(3)}, map[string]Arg{"axis": num(1)}, "[2 3] float32 view; [2 2] float32 view; [2 2] float32 view", 0},
		{"rot90", []Arg{arr(f64, 2, 3, 4), num(3)}, nil, "[3 2 4] float64 view", 0},
		{"choose", []Arg{arr(i64, 5, 1), seq(arr(f32, 3), num(2))}, nil, "[5 3] float32", 0},
		{"lexsort", []Arg{arr(f64, 3, 10)}, nil, "[10] int64", 0},
		{"ravel_multi_index", []Arg{seq(arr(i64, 4, 1), arr(i64, 5)), seq(num(9), num(9))}, nil, "[4 5] int64", 0},
		{"vander", []Arg{arr(f32, 6)}, map[string]Arg{"N": num(3)}, "[6 3] float64", 0},
		{"tri", []Arg{num(3), num(4)}, map[string]Arg{"dtype": {Kind: ArgDType, DType: Bool}}, "[3 4] bool", 0},
		{"tri", []Arg{num(3)}, nil, "[3 3] float64", 9},
		{"ediff1d", []Arg{arr(f32, 3, 4)}, nil, "[11] float32", 0},
		{"trapz", []Arg{arr(f32, 3, 4)}, nil, "[3] float32", 3 * 3 * 4},
		{"nancumsum", []Arg{arr(f32, 3, 4)}, map[string]Arg{"axis": num(0)}, "[3 4] float32", 12 * 5},
		{"nancumsum", []Arg{arr(Int32, 3, 4)}, nil, "[12] int64", 0},
		{"union1d", []Arg{arr(f32, 10), seq(float(WeakFloat))}, nil, "[?] float64 ≤11", 2*11*8 + 22},
		{"asfarray", []Arg{arr(f64, 3)}, nil, "[3] float64 view", 0},
		{"asfarray", []Arg{arr(f32, 3)}, nil, "[3] float64", 0},
		{"sinc", []Arg{arr(Int32, 10)}, nil, "[10] float64", 160},
		{"angle", []Arg{arr(Complex64, 10)}, nil, "[10] float32", 0},
		{"isposinf", []Arg{arr(f32, 10)}, nil, "[10] bool", 20},
	} {
		checkApply(t, c.fn, c.args, c.kw, c.want, c.temp)
	}
	for _, c := range []struct {
		fn   string
		args []Arg
		kw   map[string]Arg
	}{
		{"vsplit", []Arg{arr(f64, 10), num(2)}, nil},
		{"trapz", []Arg{arr(f64, 10), arr(f64, 10)}, nil},
		{"trapz", []Arg{arr(i64, 10)}, nil},
		{"ediff1d", []Arg{arr(f64, 10)}, map[string]Arg{"to_end": num(0)}},
		{"intersect1d", []Arg{arr(f64, 10), arr(f64, 10)}, map[string]Arg{"return_indices": num(1)}},
		{"asfarray", []Arg{arr(f64, 10)}, map[string]Arg{"dtype": {Kind: ArgDType, DType: Int32}}},
	} {
		f, _ := Lookup(c.fn)
		if r, ok := Apply(f, &Call{Args: c.args, Kw: c.kw}); ok {
			t.Errorf("%s%v %v = %s, want the rule not to apply", c.fn, c.args, c.kw, show(r))
		}
	}
}

// TestHistogramBins checks that histogram's counts and edges are as long as its bins say,
// whatever the data's size (Counted), and that the bins it cannot size are left to the caller.
func TestHistogramBins(t *testing.T) {
	data := Arg{Kind: ArgArray, DType: Float64} // of unknown rank
	n := Arg{Kind: ArgScalar, DType: WeakInt, Sym: Var("n")}
	other := Arg{Kind: ArgOther}
	edges := seq(num(0), num(1), num(2), num(5), num(9))
	for _, c := range []struct {
		args []Arg
		want string
	}{
		{[]Arg{data}, "[10] int64; [11] float64"},
		{[]Arg{data, n}, "[n] int64; [n + 1] float64"},
		{[]Arg{data, edges}, "[4] int64; [5] float64"},
		{[]Arg{data, arr(Float64, 6)}, "[5] int64; [6] float64"},
		{[]Arg{data, {Kind: ArgArray, DType: Float64, Shape: []Dim{{}}}}, "[?] int64; [?] float64"},
		{[]Arg{data, other}, "[?] int64; [?] float64"},
		{[]Arg{other, num(7)}, "[7] int64; [8] unknown"},
		{[]Arg{arr(Float32, 100), num(7)}, "[7] int64; [8] float32"},
	} {
		f, _ := Lookup("histogram")
		r, ok := Apply(f, &Call{Args: c.args})
		if !ok {
			t.Errorf("histogram%v: the rule does not apply, want %s", c.args, c.want)
			continue
		}
		if got := show(r); got != c.want {
			t.Errorf("histogram%v = %s, want %s", c.args, got, c.want)
		}
		for i, o := range r.Outs {
			if !o.Counted {
				t.Errorf("histogram%v: result %d not marked Counted", c.args, i)
			}
		}
	}
	for _, args := range [][]Arg{
		{arr(Float64, 100), edges},          // NumPy sorts the data: not modelled
		{arr(Float64, 100), other},          // a count or edges
		{data, {Kind: ArgStr, Str: "auto"}}, // a count the data decides
		{data, num(0)},                      // raises
		{data, float(WeakFloat)},            // raises
		{data, arr(Float64, 1)},             // raises
		{data, arr(Float64, 3, 3)},          // raises
		{arr(Complex128, 10), num(3)},       // complex data is not binned by value
	} {
		f, _ := Lookup("histogram")
		if r, ok := Apply(f, &Call{Args: args}); ok {
			t.Errorf("histogram%v = %s, want the rule not to apply", args, show(r))
		}
	}
}

func float(dt DType) Arg { return Arg{Kind: ArgScalar, DType: dt} }

// TestApplyScipy checks shape rules of several groups and of scipy.ndimage and scipy.signal
// without NumPy or SciPy (memory/apitable_test.go checks them against both).
func TestApplyScipy(t *testing.T) {
	f64, f32, i64 := Float64, Float32, Int64
	wf := float(WeakFloat)
	for _, c := range []applyCase{
		{"bincount", []Arg{arr(i64, 100)}, nil, "[?] int64 unbounded", 0},
		{"bincount", []Arg{arr(i64, 100), arr(f32, 100)}, nil, "[?] float64 unbounded", 0},
		{"bincount", []Arg{arr(i64, 100)}, map[string]Arg{"length": num(7)}, "[7] int64", 0},
		{"polyval", []Arg{seq(wf, wf), arr(f32, 10)}, nil, "[10] float32", 40},
		{"polyval", []Arg{seq(wf, wf), arr(i64, 10)}, nil, "[10] float64", 160},
		{"polyval", []Arg{seq(num(1), num(2)), arr(f64, 10)}, nil, "[10] float64", 80},
		{"polyval", []Arg{seq(), arr(f64, 10)}, nil, "[10] float64", 0},
		{"polynomial.polynomial.polyval", []Arg{arr(f32, 10), seq(num(1), num(2))}, nil, "[10] float64", 160},
		{"polynomial.polynomial.polyval", []Arg{arr(f32, 10), seq(wf)}, nil, "[10] float64", 40},
		{"ndarray", []Arg{seq(num(3), num(4))}, map[string]Arg{"dtype": {Kind: ArgDType, DType: Int32}}, "[3 4] int32", 0},
		{"setdiff1d", []Arg{arr(f64, 10, 10), seq(wf)}, nil, "[?] float64 ≤100", 1000},
		{"cross", []Arg{arr(f64, 5, 3), arr(f64, 3)}, nil, "[5 3] float64", (15 + 3 + 5) * 8},
		{"cross", []Arg{arr(f64, 5, 2), arr(f64, 5, 2)}, nil, "[5] float64", (10 + 10 + 5) * 8},
		{"cross", []Arg{arr(f32, 5, 2), arr(f64, 5, 3)}, nil, "[5 3] float64", (10 + 15 + 5) * 8},
		{"cross", []Arg{arr(f64, 2), arr(f64, 2)}, nil, "scalar float64", (2 + 2 + 1) * 8},
		{"lib.stride_tricks.as_strided", []Arg{arr(f64, 100)}, map[string]Arg{"shape": seq(num(98), num(3)), "strides": seq(num(8), num(8))}, "[98 3] float64 view", 0},
		{"insert", []Arg{arr(f64, 4, 5), num(1), wf}, nil, "[21] float64", 0},
		{"insert", []Arg{arr(f64, 4, 5), num(1), arr(f64, 4)}, map[string]Arg{"axis": num(1)}, "[4 6] float64", 0},
		{"insert", []Arg{arr(f64, 4, 5), num(1), arr(f64, 2, 5)}, map[string]Arg{"axis": num(0)}, "[6 5] float64", 0},
		{"insert", []Arg{arr(f64, 10), num(0), seq(num(1), num(2), num(3))}, nil, "[13] float64", 0},
		{"block", []Arg{seq(seq(arr(f64, 2, 3), arr(i64, 2, 4)), seq(arr(f64, 5, 7)))}, nil, "[7 7] float64", 49 * 8},
		{"block", []Arg{seq(arr(f32, 3), arr(f32, 4))}, nil, "[7] float32", 0},
		{"block", []Arg{seq(seq(arr(f32, 3), arr(f32, 4)))}, nil, "[1 7] float32", 28},
		// (AB)C: AB (2, 100) lives while the (2, 3) result is made; A(BC): BC (100, 3).
		{"linalg.multi_dot", []Arg{seq(arr(f64, 2, 50), arr(f64, 50, 100), arr(f64, 100, 3))}, nil, "[2 3] float64", 200 * 8},
		{"linalg.multi_dot", []Arg{seq(arr(f64, 100, 50), arr(f64, 50, 100), arr(f64, 100, 3))}, nil, "[100 3] float64", 150 * 8},
		{"linalg.multi_dot", []Arg{seq(arr(f64, 50), arr(f64, 50, 100), arr(f64, 100, 3))}, nil, "[3] float64", 100 * 8},
		// A(BC) (the cost rule's tie-break): BC (50, 1) alive; the scalar's dtype is not worked out.
		{"linalg.multi_dot", []Arg{seq(arr(f64, 50), arr(f64, 50, 100), arr(f64, 100))}, nil, "scalar unknown", 50 * 8},
		// Four matrices: NumPy's chain order is (((AB)C)D) for these dimensions (checked with
		// numpy.linalg.linalg._multi_dot_matrix_chain_order); the peak is AB and ABC (300 + 400
		// elements) while ABC is made: 400 beyond the (10, 30) result.
		{"linalg.multi_dot", []Arg{seq(arr(f64, 10, 20), arr(f64, 20, 30), arr(f64, 30, 40), arr(f64, 40, 30))}, nil, "[10 30] float64", (10*30 + 10*40 - 10*30) * 8},
		{"linalg.multi_dot", []Arg{seq(arr(Int32, 4, 5), arr(f32, 5, 6))}, nil, "[4 6] float64", 0},
		{"roots", []Arg{seq(num(1), num(2), num(3))}, nil, "[?] unknown ≤2", 4 * 9},
		{"linalg.eigvals", []Arg{arr(f64, 3, 4, 4)}, nil, "[3 4] unknown", 48},
		{"linalg.eigvals", []Arg{arr(Complex64, 4, 4)}, nil, "[4] complex64", 16},
		// lstsq: x, residuals, rank, singular values; float32 inputs are cast to float64 copies
		// (4000 + 3000 elements × 8 B), and LAPACK's x (300 × 8 B) is copied into float32.
		{"linalg.lstsq", []Arg{arr(f32, 200, 20), arr(f32, 200, 15)}, nil, "[20 15] float32; [?] float32 ≤15; scalar; [20] float32", 300*8 + 7000*8 - 300*4},
		{"linalg.lstsq", []Arg{arr(f64, 20, 200), arr(f64, 20)}, nil, "[200] float64; [0] float64; scalar; [20] float64", 200 * 8},
		{"linalg.lstsq", []Arg{arr(Complex64, 20, 10), arr(f64, 20, 2)}, nil, "[10 2] complex128; [?] float64 ≤2; scalar; [10] float64", 20*16 + (200+40)*16 - 20*16},
		{"add.reduce", []Arg{arr(Int32, 4, 5)}, nil, "[5] int64", 0},
		{"add.reduce", []Arg{arr(f32, 4, 5), {Kind: ArgNone}}, nil, "scalar float32", 0},
		{"maximum.reduce", []Arg{arr(Int32, 4, 5)}, map[string]Arg{"axis": num(1), "keepdims": num(1)}, "[4 1] int32", 0},
		{"logical_or.reduce", []Arg{arr(f64, 4, 5)}, nil, "[5] bool", 0},
		{"scipy.ndimage.gaussian_filter", []Arg{arr(Int32, 4, 5), wf}, nil, "[4 5] int32", 0},
		{"scipy.ndimage.gaussian_filter", []Arg{arr(Int32, 4, 5), wf}, map[string]Arg{"output": {Kind: ArgDType, DType: f32}}, "[4 5] float32", 0},
		{"scipy.ndimage.uniform_filter", []Arg{arr(f32, 4, 5), num(3), str("f8")}, nil, "[4 5] float64", 0},
		{"scipy.ndimage.laplace", []Arg{arr(f32, 10)}, nil, "[10] float32", 0},
		{"scipy.ndimage.laplace", []Arg{arr(f32, 4, 5)}, nil, "[4 5] float32", 80},
		{"scipy.ndimage.gaussian_laplace", []Arg{arr(f32, 2, 3, 4), wf}, nil, "[2 3 4] float32", 192},
		{"scipy.ndimage.binary_erosion", []Arg{arr(f64, 4, 5)}, nil, "[4 5] bool", 0},
		{"scipy.ndimage.binary_opening", []Arg{arr(Bool, 4, 5)}, nil, "[4 5] bool", 20},
		{"scipy.ndimage.label", []Arg{arr(Bool, 4, 5)}, nil, "[4 5] int32; scalar", 0},
		{"scipy.ndimage.generate_binary_structure", []Arg{num(2), num(1)}, nil, "[3 3] bool", 0},
		{"scipy.ndimage.map_coordinates", []Arg{arr(f32, 40, 50), arr(f64, 2, 7)}, nil, "[7] float32", 2000 * 8},
		{"scipy.ndimage.zoom", []Arg{arr(Int32, 4, 5), seq(num(2), num(3))}, nil, "[8 15] int32", 160},
		{"scipy.ndimage.zoom", []Arg{arr(f32, 4, 5), wf}, nil, "[? ?] float32", 160},
		{"scipy.ndimage.zoom", []Arg{arr(f32, 4, 5), num(2)}, map[string]Arg{"order": num(1)}, "[8 10] float32", 0},
		{"scipy.ndimage.shift", []Arg{arr(f32, 4, 5), wf}, map[string]Arg{"prefilter": num(0)}, "[4 5] float32", 0},
		{"scipy.signal.medfilt", []Arg{arr(f32, 100), num(5)}, nil, "[100] float32", 0},
		// rotate: the float64 prefiltered copy; reshape=True sizes the output from the angle
		{"scipy.ndimage.rotate", []Arg{arr(f32, 4, 5), num(30)}, map[string]Arg{"reshape": num(0)}, "[4 5] float32", 160},
		{"scipy.ndimage.rotate", []Arg{arr(f32, 4, 5), num(30)}, nil, "[? ?] float32", 160},
		{"scipy.ndimage.affine_transform", []Arg{arr(f32, 4, 5), arr(f64, 2, 2)}, map[string]Arg{"output_shape": seq(num(2), num(3)), "order": num(1)}, "[2 3] float32", 0},
		{"scipy.ndimage.distance_transform_edt", []Arg{arr(Bool, 4, 5)}, nil, "[4 5] float64", (1 + 32 - 8) * 20},
		{"scipy.ndimage.distance_transform_edt", []Arg{arr(Bool, 10)}, nil, "[10] float64", (21 - 8) * 10},
		{"scipy.ndimage.morphological_gradient", []Arg{arr(Int32, 4, 5)}, map[string]Arg{"size": num(3)}, "[4 5] int32", 2 * 80},
		{"setdiff1d", []Arg{arr(f64, 100), arr(f64, 5)}, map[string]Arg{"size": num(7)}, "[7] float64", 800 + 200},
		{"scipy.signal.convolve2d", []Arg{arr(f64, 10, 20), arr(Int32, 3, 3)}, nil, "[12 22] float64", 0},
		{"scipy.signal.convolve2d", []Arg{arr(f64, 3, 3), arr(f64, 10, 20), str("valid")}, nil, "[8 18] float64", 0},
		{"scipy.signal.correlate2d", []Arg{arr(f64, 10, 20), arr(f64, 3, 3)}, map[string]Arg{"mode": str("same")}, "[10 20] float64", 0},
		// lfilter: int64 x is cast to float64 (80 B); a FIR filter of a 1-D x convolves in full (12 × 8 B).
		{"scipy.signal.lfilter", []Arg{seq(wf, wf), seq(wf, wf), arr(i64, 10)}, nil, "[10] float64", 80},
		{"scipy.signal.lfilter", []Arg{seq(wf, wf, wf), wf, arr(f64, 10)}, nil, "[10] float64", 12 * 8},
		{"scipy.signal.lfilter", []Arg{arr(f32, 3), arr(f32, 1), arr(f32, 4, 10)}, nil, "[4 10] float32", 0},
		{"scipy.signal.sosfilt", []Arg{arr(f64, 2, 6), arr(f32, 3, 4, 5)}, map[string]Arg{"axis": num(1)}, "[3 4 5] float64", 2 * (2 * 2 * 15 * 8)}, // the state copied twice outweighs the moved copy
		{"scipy.signal.sosfilt", []Arg{arr(f64, 2, 6), arr(f64, 100)}, nil, "[100] float64", 2 * 2 * 2 * 8},
		{"scipy.signal.savgol_filter", []Arg{arr(Int32, 100), num(11), num(3)}, nil, "[100] float64", 800},
		{"scipy.signal.savgol_filter", []Arg{arr(f32, 100), num(11), num(3)}, nil, "[100] float32", 0},
		{"scipy.signal.butter", []Arg{num(4), wf}, nil, "[5] float64; [5] float64", 0},
		// filtfilt of 100 points padded by 3·5 at each end: the extension and both passes (130
		// points each) beyond the 100-point result; int32 x is first copied to float64.
		{"scipy.signal.filtfilt", []Arg{arr(f64, 5), arr(f64, 5), arr(f64, 100)}, nil, "[100] float64", (3*130 - 100) * 8},
		{"scipy.signal.filtfilt", []Arg{arr(f64, 5), arr(f64, 5), arr(Int32, 100)}, nil, "[100] float64", 130*4 + 2*130*8 - 100*8},
		{"scipy.signal.filtfilt", []Arg{arr(f64, 5), arr(f64, 1), arr(f64, 100)}, map[string]Arg{"padtype": {Kind: ArgNone}}, "[100] float64", (3*100 - 100) * 8},
		{"scipy.signal.hilbert", []Arg{arr(f32, 10, 100)}, nil, "[10 100] complex64", 1000 * 8},
		{"scipy.signal.butter", []Arg{num(3), seq(wf, wf), str("bandpass")}, map[string]Arg{"output": str("sos")}, "[3 6] float64", 0},
		{"scipy.signal.windows.hann", []Arg{num(10)}, map[string]Arg{"sym": num(0)}, "[10] float64", 3 * 11 * 8},
		{"scipy.signal.get_window", []Arg{str("hamming"), num(10)}, nil, "[10] float64", 3 * 11 * 8},
		{"scipy.signal.get_window", []Arg{str("blackman"), num(10), num(0)}, nil, "[10] float64", 3 * 10 * 8},
	} {
		checkApply(t, c.fn, c.args, c.kw, c.want, c.temp)
	}
	// Outside the rules: the call is reported as unknown.
	for _, c := range []struct {
		fn   string
		args []Arg
		kw   map[string]Arg
	}{
		{"ndarray", []Arg{seq(num(3))}, map[string]Arg{"buffer": arr(Uint8, 24)}},
		{"setdiff1d", []Arg{arr(f64, 10), arr(f64, 3)}, map[string]Arg{"assume_unique": num(1)}},
		{"insert", []Arg{arr(f64, 10), seq(num(1), num(2)), wf}, nil},
		{"cross", []Arg{arr(f64, 5, 4), arr(f64, 5, 3)}, nil},
		{"cross", []Arg{arr(f64, 5, 3), arr(f64, 5, 3)}, map[string]Arg{"axis": num(0)}},
		{"block", []Arg{seq(seq(arr(f64, 2)), arr(f64, 2))}, nil},
		{"polyval", []Arg{seq(float(WeakComplex)), arr(f64, 10)}, nil},
		{"linalg.eigvals", []Arg{arr(f64, 4)}, nil},
		{"scipy.ndimage.gaussian_filter", []Arg{arr(Complex128, 4, 5), wf}, nil},
		{"scipy.ndimage.gaussian_filter", []Arg{arr(f64, 4, 5), wf}, map[string]Arg{"output": arr(f64, 4, 5)}},
		{"scipy.ndimage.binary_dilation", []Arg{arr(Bool, 4, 5)}, map[string]Arg{"iterations": num(2)}},
		{"scipy.ndimage.zoom", []Arg{arr(f64, 4, 5), num(2)}, map[string]Arg{"mode": str("nearest")}},
		{"scipy.signal.convolve2d", []Arg{arr(f64, 3, 30), arr(f64, 10, 20), str("valid")}, nil},
		{"scipy.ndimage.label", []Arg{arr(Bool, 4, 5)}, map[string]Arg{"output": arr(Int32, 4, 5)}},
		{"linalg.lstsq", []Arg{arr(Float16, 4, 5), arr(f64, 4)}, nil},
		{"scipy.signal.lfilter", []Arg{seq(num(1), num(2)), seq(num(1)), arr(i64, 10)}, nil},
		{"scipy.signal.lfilter", []Arg{seq(wf), seq(wf), arr(f64, 10)}, map[string]Arg{"zi": arr(f64, 1)}},
		{"scipy.signal.sosfilt", []Arg{{Kind: ArgOther}, arr(f64, 10)}, nil},
		{"scipy.signal.savgol_filter", []Arg{arr(f64, 4, 10), num(3), num(1)}, nil},
		{"scipy.signal.butter", []Arg{num(4), wf}, map[string]Arg{"output": str("zpk")}},
		{"scipy.signal.butter", []Arg{num(4), wf}, map[string]Arg{"analog": num(1)}},
		{"scipy.signal.get_window", []Arg{str("kaiser"), num(10)}, nil},
		{"scipy.signal.filtfilt", []Arg{arr(f64, 5), arr(f64, 5), arr(f64, 15)}, nil},
		{"scipy.signal.filtfilt", []Arg{arr(f64, 5), arr(f64, 5), arr(f64, 100)}, map[string]Arg{"method": str("gust")}},
		{"scipy.signal.hilbert", []Arg{arr(Complex128, 10)}, nil},
		{"scipy.ndimage.rotate", []Arg{arr(f32, 4, 5, 6), num(30)}, map[string]Arg{"reshape": num(0)}},
		{"scipy.ndimage.distance_transform_edt", []Arg{arr(Bool, 4, 5)}, map[string]Arg{"return_indices": num(1)}},
	} {
		f, _ := Lookup(c.fn)
		if r, ok := Apply(f, &Call{Args: c.args, Kw: c.kw}); ok {
			t.Errorf("%s%v %v = %s, want the rule not to apply", c.fn, c.args, c.kw, show(r))
		}
	}
}

// TestSignalConvolveChoice checks the FFT lengths and SciPy's method choice against values
// printed by SciPy 1.10 (scipy.fft.next_fast_len, scipy.signal.choose_conv_method).
func TestSignalConvolveChoice(t *testing.T) {
	for n, want := range map[int64]int64{1: 1, 5: 5, 7: 8, 11: 12, 1000: 1000, 1002: 1024, 1000004: 1012500, 1000999: 1012500} {
		if got := fastLenReal(n); got != want {
			t.Errorf("fastLenReal(%d) = %d, want %d", n, got, want)
		}
	}
	for _, c := range []struct {
		x, h []int64
		mode string
		fft  bool
	}{
		{[]int64{1000000}, []int64{5}, "full", false},
		{[]int64{1000000}, []int64{1000}, "full", true},
		{[]int64{1000000}, []int64{5}, "same", false},
		{[]int64{1000, 1000}, []int64{3, 3}, "full", true},
		{[]int64{10, 10}, []int64{3, 3}, "full", false},
	} {
		if got := fftFaster(c.x, c.h, c.mode); got != c.fft {
			t.Errorf("fftFaster(%v, %v, %s) = %v, want %v", c.x, c.h, c.mode, got, c.fft)
		}
	}
	f, _ := Lookup("scipy.signal.convolve")
	for _, args := range [][]Arg{
		{arr(Int64, 10), arr(Int64, 3)},        // the method depends on the values
		{arr(Float64, 10, 3), arr(Float64, 3)}, // ranks differ: SciPy raises
		{arr(Float64, 3, 30), arr(Float64, 10, 20), str("valid")},
	} {
		if r, ok := Apply(f, &Call{Args: args}); ok {
			t.Errorf("convolve%v = %s, want the rule not to apply", args, show(r))
		}
	}
}
