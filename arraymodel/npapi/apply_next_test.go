package npapi

import "testing"

// TestApplyNext checks the rules of apply_next.go without NumPy (memory/apitable_test.go checks
// them against NumPy).
func TestApplyNext(t *testing.T) {
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
		{"sinc", []Arg{arr(Int32, 10)}, nil, "[10] float64", 80},
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
