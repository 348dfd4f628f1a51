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
