package npapi

import (
	"fmt"
	"math"
	"testing"
)

func arr(dt DType, dims ...int64) Arg {
	s := make([]Dim, len(dims))
	for i, d := range dims {
		s[i] = Int(d)
	}
	return Arg{Kind: ArgArray, Shape: s, DType: dt}
}

func num(n int64) Arg { return Arg{Kind: ArgScalar, DType: WeakInt, N: n, Known: true} }

func flt(x float64) Arg { return Arg{Kind: ArgScalar, DType: WeakFloat, F: x, FKnown: true} }

func seq(xs ...Arg) Arg { return Arg{Kind: ArgSeq, Elems: xs} }

func str(s string) Arg { return Arg{Kind: ArgStr, Str: s} }

// show renders a result as "(2, 3) float64", tuples joined by "; ", scalars as "scalar float64".
func show(r Result) string {
	if len(r.Outs) == 0 {
		return "scalar " + r.Scalar.String()
	}
	out := ""
	for i, o := range r.Outs {
		if i > 0 {
			out += "; "
		}
		if o.Scalar {
			out += "scalar"
			continue
		}
		out += fmt.Sprint(o.Shape) + " " + o.DType.String()
		if o.View {
			out += " view"
		}
		switch {
		case o.Bound == Unbounded:
			out += " unbounded"
		case o.Bound > 0:
			out += fmt.Sprintf(" ≤%d", o.Bound)
		}
	}
	return out
}

// TestApply checks the shape and dtype rules without NumPy (memory/apitable_test.go checks them
// against NumPy itself).
func TestApply(t *testing.T) {
	f64, i32 := Float64, Int32
	for _, c := range []applyCase{
		{"roll", []Arg{arr(f64, 4, 5), num(1)}, nil, "[4 5] float64", 0},
		{"pad", []Arg{arr(f64, 4, 5), num(2)}, nil, "[8 9] float64", 0},
		{"pad", []Arg{arr(f64, 4, 5), seq(seq(num(1), num(2)), seq(num(0), num(3)))}, nil, "[7 8] float64", 0},
		{"diff", []Arg{arr(i32, 10)}, map[string]Arg{"n": num(3)}, "[7] int32", 32},
		{"einsum", []Arg{str("ij,jk->ik"), arr(f64, 2, 3), arr(i32, 3, 4)}, nil, "[2 4] float64", 0},
		{"einsum", []Arg{str("ij,jk"), arr(f64, 2, 3), arr(f64, 3, 4)}, nil, "[2 4] float64", 0},
		{"einsum", []Arg{str("ii"), arr(f64, 3, 3)}, nil, "scalar float64", 0},
		{"linalg.svd", []Arg{arr(Float32, 5, 3)}, nil, "[5 5] float32; [3] float32; [3 3] float32", 0},
		{"linalg.qr", []Arg{arr(f64, 5, 3)}, map[string]Arg{"mode": str("complete")}, "[5 5] float64; [5 3] float64", 120},
		{"linalg.det", []Arg{arr(i32, 4, 4)}, nil, "scalar float64", 0},
		{"fft.rfft", []Arg{arr(Float32, 10)}, nil, "[6] complex64", 0},
		{"fft.irfft", []Arg{arr(Complex128, 6)}, nil, "[10] float64", 0}, // NumPy 1.x: TestNumPyVersionRows
		{"percentile", []Arg{arr(f64, 4, 5), seq(num(1), num(2), num(3))}, map[string]Arg{"axis": num(0)}, "[3 5] float64", 160},
		{"std", []Arg{arr(i32, 4, 5)}, nil, "", 160},
		{"tile", []Arg{arr(f64, 2, 3), seq(num(2), num(4))}, nil, "[4 12] float64", 96},
		{"unique", []Arg{arr(f64, 10, 10)}, nil, "[?] float64 ≤100", 1000},
		{"compress", []Arg{arr(Bool, 100), arr(f64, 100)}, nil, "[?] float64 ≤100", 0},
		{"diag", []Arg{arr(f64, 4, 6)}, map[string]Arg{"k": num(3)}, "[3] float64 view", 0},
		{"stack", []Arg{seq(arr(f64, 2, 3), arr(i32, 2, 3))}, map[string]Arg{"axis": num(-1)}, "[2 3 2] float64", 0},
		{"moveaxis", []Arg{arr(f64, 2, 3, 4), num(0), num(-1)}, nil, "[3 4 2] float64 view", 0},
		{"meshgrid", []Arg{arr(f64, 3), arr(i32, 5)}, nil, "[5 3] float64; [5 3] int32", 0},
		{"isclose", []Arg{arr(f64, 3, 1), arr(f64, 4)}, nil, "[3 4] bool", 3 * 2 * 8}, // NumPy 1.x: TestNumPyVersionRows
		{"linalg.pinv", []Arg{arr(f64, 5, 3)}, nil, "[3 5] float64", (15 + 9 + 15) * 8},
		{"reshape", []Arg{arr(f64, 4, 6), seq(num(3), num(-1))}, nil, "[3 8] float64 view", 0},
		{"reshape", []Arg{{Kind: ArgArray, Shape: []Dim{Int(4), Int(6)}, DType: f64, Strided: true}, num(-1)}, nil, "[24] float64", 0},
		{"transpose", []Arg{arr(f64, 2, 3, 4)}, map[string]Arg{"axes": seq(num(1), num(0), num(2))}, "[3 2 4] float64 view", 0},
		{"zeros", []Arg{seq(num(2), Arg{Kind: ArgScalar, DType: WeakInt, Sym: Var("n")})}, nil, "[2 n] float64", 0},
		{"zeros", []Arg{seq(Arg{Kind: ArgScalar, DType: WeakInt, Sym: Var("n").Scale(2).Add(Const(1))})}, nil, "[2*n + 1] float64", 0},
		{"arange", []Arg{num(1), Arg{Kind: ArgScalar, DType: WeakInt, Sym: Var("n").Add(Const(1))}}, nil, "[n] int64", 0},
		{"arange", []Arg{num(0), Arg{Kind: ArgScalar, DType: WeakInt, Sym: Var("n")}, num(2)}, nil, "[(n + 1)//2] int64", 0},
		{"diff", []Arg{{Kind: ArgArray, Shape: []Dim{Sym("n")}, DType: f64}}, nil, "[n - 1] float64", 0},
		{"arange", []Arg{num(1), num(10), num(3)}, nil, "[3] int64", 0},
		// float bounds or step: ceil((stop - start) / step) elements, as NumPy computes it
		{"arange", []Arg{num(0), num(1), flt(1.0 / 800)}, nil, "[800] float64", 0},
		{"arange", []Arg{flt(0), num(20), flt(0.1)}, nil, "[200] float64", 0},
		{"arange", []Arg{flt(2.5)}, nil, "[3] float64", 0},
		{"arange", []Arg{num(5), flt(1), flt(-0.5)}, nil, "[8] float64", 0},
		{"arange", []Arg{num(5), flt(1), flt(0.5)}, nil, "[0] float64", 0},
		{"arange", []Arg{Arg{Kind: ArgScalar, DType: WeakFloat}, num(3)}, nil, "[?] float64", 0}, // an unknown float
		{"full", []Arg{num(5), Arg{Kind: ArgScalar, DType: WeakFloat}}, map[string]Arg{"dtype": {Kind: ArgDType, DType: Float32}}, "[5] float32", 0},
	} {
		f, ok := Lookup(c.fn)
		if !ok {
			t.Fatalf("%s is not a row", c.fn)
		}
		if f.Rule == ShapeNone {
			got := f.TempBytes(c.args[0].Shape, c.args[0].DType, nil, f.RuleDType(c.args[0].DType), NoAxis)
			if got != c.temp {
				t.Errorf("%s: temporaries %d B, want %d", c.fn, got, c.temp)
			}
			continue
		}
		checkApply(t, c.fn, c.args, c.kw, c.want, c.temp)
	}
	// Outside the rules: not an array, unsupported modes.
	for _, c := range []struct {
		fn   string
		args []Arg
	}{
		{"roll", []Arg{seq(num(1)), num(1)}},
		{"linalg.qr", []Arg{arr(f64, 5, 3), str("economic")}},
		{"einsum", []Arg{str("...i,i"), arr(f64, 3), arr(f64, 3)}},
		{"diff", []Arg{arr(f64, 3), num(1), num(4)}},
	} {
		f, _ := Lookup(c.fn)
		if r, ok := Apply(f, &Call{Args: c.args}); ok {
			t.Errorf("%s%v = %s, want the rule not to apply", c.fn, c.args, show(r))
		}
	}
}

// applyCase is a call of the row fn and its expected result (rendered by show) and temporaries.
type applyCase struct {
	fn   string
	args []Arg
	kw   map[string]Arg
	want string
	temp int64
}

// checkApply checks the result (rendered by show; "" for any) and the temporaries of calling the
// row fn with args and kw.
func checkApply(t *testing.T, fn string, args []Arg, kw map[string]Arg, want string, temp int64) {
	t.Helper()
	checkApplyUnder(t, NumPy2, fn, args, kw, want, temp)
}

// checkApplyUnder is checkApply with the rules of NumPy version v.
func checkApplyUnder(t *testing.T, v NumPyVersion, fn string, args []Arg, kw map[string]Arg, want string, temp int64) {
	t.Helper()
	f, ok := Lookup(fn)
	if !ok {
		t.Fatalf("%s is not a row", fn)
	}
	r, ok := Apply(f, &Call{Args: args, Kw: kw, NumPy: v})
	if !ok {
		t.Errorf("%s%v: rule does not apply", fn, args)
		return
	}
	if got := show(r); want != "" && got != want {
		t.Errorf("%s%v: got %s, want %s", fn, args, got, want)
	}
	if r.TempBytes != temp {
		t.Errorf("%s%v: temporaries %d B, want %d", fn, args, r.TempBytes, temp)
	}
}

func TestScalarValue(t *testing.T) {
	for _, c := range []struct {
		fn   string
		args []Arg
		dt   DType
		want float64
		ok   bool
	}{
		{"sqrt", []Arg{num(4)}, Float64, 2, true},
		{"ceil", []Arg{flt(2.5)}, Float64, 3, true},
		{"floor", []Arg{flt(-2.5)}, Float64, -3, true},
		{"power", []Arg{flt(2), num(10)}, Float64, 1024, true},
		{"sqrt", []Arg{flt(2)}, Float32, float64(float32(1.4142135623730951)), true},
		{"log", []Arg{num(0)}, Float64, 0, false},                               // -inf is no value
		{"ceil", []Arg{{Kind: ArgScalar, DType: WeakFloat}}, Float64, 0, false}, // an unknown float
		{"add", []Arg{num(1), num(2)}, Int64, 0, false},                         // an int result
		{"sum", []Arg{flt(2)}, Float64, 0, false},                               // not a function of scalars
	} {
		f, ok := Lookup(c.fn)
		if !ok {
			t.Fatalf("%s is not a row", c.fn)
		}
		got, ok := ScalarValue(f, &Call{Args: c.args}, c.dt)
		if ok != c.ok || got != c.want {
			t.Errorf("%s%v = %v, %v; want %v, %v", c.fn, c.args, got, ok, c.want, c.ok)
		}
	}
	if x, known, ok := Constant("pi"); !ok || !known || x != math.Pi {
		t.Errorf("Constant(pi) = %v, %v, %v", x, known, ok)
	}
	if _, known, ok := Constant("inf"); !ok || known {
		t.Errorf("Constant(inf) = known %v, ok %v; want a float of no known value", known, ok)
	}
}

func TestGrid(t *testing.T) {
	img := func(x float64) Arg { return Arg{Kind: ArgScalar, DType: WeakComplex, F: x, FKnown: true} }
	miss := Arg{}
	n := Arg{Kind: ArgScalar, DType: WeakInt, Sym: Var("n")}
	for _, c := range []struct {
		sparse, tuple bool
		axes          []GridAxis
		want          string
		temp          int64
	}{
		// mgrid[0:1000, 0:833]: indices' (2, 1000, 833) array, one 6.7 MB temporary row
		{false, true, []GridAxis{{num(0), num(1000), miss}, {num(0), num(833), miss}}, "[2 1000 833] int64", 6664000},
		// rows under 256 KiB are scaled through two temporaries (no elision)
		{false, true, []GridAxis{{miss, num(100), miss}, {miss, num(83), miss}}, "[2 100 83] int64", 2 * 66400},
		{false, true, []GridAxis{{num(0), num(1), img(5)}, {num(-1), num(1), img(3)}}, "[2 5 3] float64", 2 * 120},
		{false, true, []GridAxis{{flt(0), num(10), flt(0.5)}}, "[1 20] float64", 2 * 160},
		{false, true, []GridAxis{{num(0), n, miss}, {num(0), num(3), miss}}, "[2 n 3] int64", 0},
		{true, true, []GridAxis{{num(0), num(1000), miss}, {num(0), num(833), miss}}, "[1000 1] int64; [1 833] int64", 0},
		{false, false, []GridAxis{{num(0), num(1000), miss}}, "[1000] int64", 0},
		{false, false, []GridAxis{{num(0), num(1), img(1000)}}, "[1000] float64", 16000},
	} {
		r, ok := Grid(c.sparse, c.axes, c.tuple)
		if !ok {
			t.Errorf("%+v: rule does not apply", c)
			continue
		}
		if got := show(r); got != c.want || r.TempBytes != c.temp {
			t.Errorf("Grid(%v, %v, %v) = %s, %d B temporaries; want %s, %d B", c.sparse, c.axes, c.tuple, got, r.TempBytes, c.want, c.temp)
		}
	}
}

func TestBuffers(t *testing.T) {
	f64 := func(dims ...int64) Arg { return arr(Float64, dims...) }
	strided := func(a Arg) Arg { a.Strided = true; return a }
	sc := Arg{Kind: ArgScalar, DType: WeakFloat}
	for _, c := range []struct {
		name string
		ins  []Arg
		loop DType
		out  []int64
		want int64
	}{
		{"same shape, no cast: trivial", []Arg{f64(4096), f64(4096)}, Float64, []int64{4096}, 0},
		{"scalar, no cast: trivial", []Arg{f64(64, 64), sc}, Float64, []int64{64, 64}, 0},
		{"1-D strided: no buffer", []Arg{strided(f64(4096)), sc}, Float64, []int64{4096}, 0},
		{"cast to complex", []Arg{f64(4096), {Kind: ArgScalar, DType: WeakComplex}}, Complex128, []int64{4096}, 4096 * 16},
		{"cast, capped at 8192", []Arg{arr(Float32, 100000), f64(100000)}, Float64, []int64{100000}, 8192 * 8},
		{"int / int casts both", []Arg{arr(Int64, 1000), arr(Int64, 1000)}, Float64, []int64{1000}, 2 * 1000 * 8},
		{"broadcast row", []Arg{f64(64, 64), f64(64)}, Float64, []int64{64, 64}, 4096 * 8},
		{"2-D cast and scalar", []Arg{arr(Int64, 64, 64), sc}, Float64, []int64{64, 64}, 2 * 4096 * 8},
		{"strided column slices", []Arg{strided(f64(62, 62)), strided(f64(62, 62))}, Float64, []int64{62, 62}, 2 * 3844 * 8},
	} {
		dims := make([]Dim, len(c.out))
		for i, d := range c.out {
			dims[i] = Int(d)
		}
		if got := UfuncBuffers(c.ins, c.loop, dims); got != c.want {
			t.Errorf("%s: %d B, want %d", c.name, got, c.want)
		}
	}
	sum, _ := Lookup("sum")
	std, _ := Lookup("std")
	for _, c := range []struct {
		name string
		f    *Func
		in   Arg
		acc  DType
		want int64
	}{
		{"1-D in its own dtype", sum, f64(4096), Float64, 0},
		{"2-D", sum, f64(100, 100), Float64, 8192 * 8},
		{"1-D int32 into int64", sum, arr(Int32, 1000), Int64, 1000 * 8},
		{"not a buffered reduction", std, f64(100, 100), Float64, 0},
	} {
		if got := ReduceBuffers(c.f, c.in, c.acc); got != c.want {
			t.Errorf("%s: %d B, want %d", c.name, got, c.want)
		}
	}
}

func TestJoinArrayLikes(t *testing.T) {
	u4 := arr(Uint32, 999)
	checkApply(t, "concatenate", []Arg{seq(seq(num(1)), u4)}, nil, "[1000] int64", 0)
	checkApply(t, "concatenate", []Arg{seq(arr(Float64, 5), seq(flt(1), num(2)))}, nil, "[7] float64", 0)
	checkApply(t, "vstack", []Arg{seq(arr(Float64, 2, 3), seq(seq(num(1), num(2), num(3))))}, nil, "[3 3] float64", 0)
	f, _ := Lookup("concatenate")
	if r, ok := Apply(f, &Call{Args: []Arg{seq(arr(Float64, 5), seq(seq(num(1)), num(2)))}}); ok {
		t.Errorf("concatenate with a ragged list = %s, want the rule not to apply", show(r))
	}
}

func TestJoinOfAnArray(t *testing.T) {
	// np.dstack(np.mgrid[0:5, 0:4]): the (2, 5, 4) grid is two (5, 4) arrays, each (5, 4, 1)
	checkApply(t, "dstack", []Arg{arr(Int64, 2, 5, 4)}, nil, "[5 4 2] int64", 0)
	checkApply(t, "dstack", []Arg{seq(arr(Float64, 7), arr(Float64, 7))}, nil, "[1 7 2] float64", 0)
	checkApply(t, "concatenate", []Arg{arr(Float64, 3, 4, 5)}, nil, "[12 5] float64", 0)
}
