package npapi

import "testing"

// The numpy-version setting's values: a major version with or without more parts.
func TestParseNumPyVersion(t *testing.T) {
	for s, want := range map[string]NumPyVersion{"": NumPy2, "2": NumPy2, "2.x": NumPy2, "2.4.6": NumPy2,
		"1": NumPy1, "1.x": NumPy1, "1.26": NumPy1, "1.24.2": NumPy1, " 1 ": NumPy1} {
		if got, err := ParseNumPyVersion(s); err != nil || got != want {
			t.Errorf("ParseNumPyVersion(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"3", "0.9", "abc", "1.", "1.y", "2.4.x.q", "v2"} {
		if _, err := ParseNumPyVersion(s); err == nil {
			t.Errorf("ParseNumPyVersion(%q) accepted", s)
		}
	}
}

// The rows NumPy 2 changed, under each version, as measured under NumPy 2.4.6 (SciPy 1.17.1) and
// 1.26.4 (SciPy 1.15.3) (bench/truth).
func TestNumPyVersionRows(t *testing.T) {
	for _, c := range []struct {
		v    NumPyVersion
		fn   string
		args []Arg
		want string
		temp int64
	}{
		// pocketfft C++ keeps single precision; NumPy 1.x computed in double
		{NumPy2, "fft.fft", []Arg{arr(Float32, 10)}, "[10] complex64", 80},
		{NumPy1, "fft.fft", []Arg{arr(Float32, 10)}, "[10] complex128", 0},
		{NumPy2, "fft.fft", []Arg{arr(Complex128, 10)}, "[10] complex128", 0},
		{NumPy2, "fft.fft", []Arg{arr(Float64, 10)}, "[10] complex128", 160},
		{NumPy1, "fft.fft", []Arg{arr(Float64, 10)}, "[10] complex128", 0},
		{NumPy2, "fft.irfft", []Arg{arr(Complex64, 6)}, "[10] float32", 0},
		{NumPy1, "fft.irfft", []Arg{arr(Complex64, 6)}, "[10] float64", 160},
		{NumPy2, "fft.irfftn", []Arg{arr(Complex128, 4, 6)}, "[4 10] float64", 4 * 6 * 16},
		{NumPy1, "fft.irfftn", []Arg{arr(Complex128, 4, 6)}, "[4 10] float64", 4*6*16 + 2*40*8},
		{NumPy2, "fft.rfft", []Arg{arr(Float32, 10)}, "[6] complex64", 0},
		{NumPy1, "fft.rfft", []Arg{arr(Float32, 10)}, "[6] complex128", 0},
		{NumPy2, "sinc", []Arg{arr(Float32, 10)}, "[10] float32", 80},
		{NumPy1, "sinc", []Arg{arr(Float32, 10)}, "[10] float32", 40},
		// ufunc.outer makes a 0-d array of a Python scalar: strong under NEP 50
		{NumPy2, "multiply.outer", []Arg{arr(Float32, 10), flt(2)}, "[10] float64", 0},
		{NumPy1, "multiply.outer", []Arg{arr(Float32, 10), flt(2)}, "[10] float32", 0},
		{NumPy2, "isclose", []Arg{arr(Float64, 3, 1), arr(Float64, 4)}, "[3 4] bool", 3 * 2 * 8},
		{NumPy1, "isclose", []Arg{arr(Float64, 3, 1), arr(Float64, 4)}, "[3 4] bool", 3*2 + 3*2*8},
		{NumPy2, "cross", []Arg{arr(Float64, 5, 3), arr(Float64, 3)}, "[5 3] float64", (15 + 3 + 5) * 8},
		{NumPy1, "cross", []Arg{arr(Float64, 5, 3), arr(Float64, 3)}, "[5 3] float64", (15 + 3 + 10) * 8},
		{NumPy2, "scipy.signal.hilbert", []Arg{arr(Float64, 10, 100)}, "[10 100] complex128", 1000 * 16},
		{NumPy1, "scipy.signal.hilbert", []Arg{arr(Float64, 10, 100)}, "[10 100] complex128", (2*1000 + 100) * 16},
	} {
		t.Run(c.fn+"/"+c.v.String(), func(t *testing.T) {
			checkApplyUnder(t, c.v, c.fn, c.args, nil, c.want, c.temp)
		})
	}
}
