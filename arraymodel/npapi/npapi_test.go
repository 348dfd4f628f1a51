package npapi

import (
	"strings"
	"testing"
)

func TestPromote(t *testing.T) {
	for _, c := range []struct{ a, b, want DType }{
		{Float32, Float32, Float32},
		{Float32, Float64, Float64},
		{Int8, Uint8, Int16},
		{Int32, Uint32, Int64},
		{Int64, Uint64, Float64},
		{Uint8, Int32, Int32},
		{Int8, Float16, Float16},
		{Int16, Float16, Float32},
		{Int32, Float32, Float64},
		{Int64, Float32, Float64},
		{Bool, Int8, Int8},
		{Bool, Float32, Float32},
		{Float32, Complex64, Complex64},
		{Float64, Complex64, Complex128},
		{Int32, Complex64, Complex128},
		{BFloat16, Float16, Float32},
		{BFloat16, Float32, Float32},
		// NEP 50: Python scalars are weak
		{Float32, WeakFloat, Float32},
		{Float16, WeakFloat, Float16},
		{Int8, WeakInt, Int8},
		{Uint8, WeakInt, Uint8},
		{Int32, WeakFloat, Float64},
		{Bool, WeakInt, Int64},
		{Float32, WeakComplex, Complex64},
		{Float64, WeakComplex, Complex128},
		{WeakInt, WeakFloat, WeakFloat},
		{NoDType, Float32, NoDType},
	} {
		if got := Promote(c.a, c.b); got != c.want {
			t.Errorf("Promote(%v, %v) = %v, want %v", c.a, c.b, got, c.want)
		}
		if got := Promote(c.b, c.a); got != c.want {
			t.Errorf("Promote(%v, %v) = %v, want %v (not symmetric)", c.b, c.a, got, c.want)
		}
	}
	if got := TrueDivide(Int64, Int64); got != Float64 {
		t.Errorf("int64 / int64 = %v, want float64", got)
	}
	if got := TrueDivide(Float32, WeakInt); got != Float32 {
		t.Errorf("float32 / 2 = %v, want float32", got)
	}
}

func TestParseDType(t *testing.T) {
	for name, want := range map[string]DType{
		"float32": Float32, "f4": Float32, "single": Float32, "float": Float64, "int": Int64,
		"int_": Int64, "intp": Int64, "bool": Bool, "bool_": Bool, "uint8": Uint8, "bfloat16": BFloat16,
		"complex64": Complex64, "c16": Complex128, "half": Float16, "f": Float32, "d": Float64,
		"<f8": Float64, "i": Int32, "l": Int64, "b": Int8, "B": Uint8, "?": Bool, "e": Float16,
	} {
		if got, ok := ParseDType(name); !ok || got != want {
			t.Errorf("ParseDType(%q) = %v, %v; want %v", name, got, ok, want)
		}
	}
	if _, ok := ParseDType("object"); ok {
		t.Errorf("object is not a numeric dtype")
	}
	if Float32.ItemSize() != 4 || Complex128.ItemSize() != 16 || WeakFloat.ItemSize() != 0 || NoDType.ItemSize() != 0 {
		t.Errorf("item sizes are wrong")
	}
}

func TestTable(t *testing.T) {
	for _, c := range []struct {
		name    string
		kind    Kind
		dt      DType
		dtypeKw bool
	}{
		{"zeros", Constructor, Float64, true},
		{"zeros_like", Like, NoDType, true},
		{"arange", Range, NoDType, true},
		{"random.random", Random, Float64, false},
		{"random.default_rng", RNGFactory, NoDType, false},
		{"add", Ufunc, NoDType, true},
		{"sum", Reduction, NoDType, false},
		{"nonzero", Index, NoDType, false},
		{"putmask", Scatter, NoDType, false},
		{"reshape", View, NoDType, false},
		{"concatenate", Join, NoDType, false},
		{"jax.random.normal", Random, Float32, true},
	} {
		f, ok := Lookup(c.name)
		if !ok || f.Kind != c.kind || f.DType != c.dt || f.DTypeKw != c.dtypeKw {
			t.Errorf("Lookup(%q) = %+v, want kind %v dtype %v dtype= %v", c.name, f, c.kind, c.dt, c.dtypeKw)
		}
	}
	if f, ok := Lookup("add"); !ok || !f.Out || f.Nin != 2 {
		t.Errorf("add must be a binary ufunc with out=")
	}
	if f, ok := GeneratorMethod("random"); !ok || !f.DTypeKw || f.ShapeArg != 0 {
		t.Errorf("Generator.random takes size first and dtype=")
	}
	if f, ok := Method("astype"); !ok || f.Kind != Convert {
		t.Errorf("astype is a converting method")
	}
	if _, ok := Lookup("no_such_function"); ok {
		t.Errorf("unknown names must not resolve")
	}
}

// TestShapeRuleNames checks that every shape rule has its own name in the generated docs.
func TestShapeRuleNames(t *testing.T) {
	seen := map[string]ShapeRule{}
	for r := ShapeNone + 1; r < numShapeRules; r++ {
		n, ok := shapeRuleNames[r]
		if !ok || n == "" {
			t.Errorf("shape rule %d has no name", r)
			continue
		}
		if o, dup := seen[n]; dup {
			t.Errorf("shape rules %d and %d are both named %q", o, r, n)
		}
		seen[n] = r
	}
	if len(shapeRuleNames) != int(numShapeRules)-1 {
		t.Errorf("%d names for %d shape rules", len(shapeRuleNames), numShapeRules-1)
	}
}

// TestShapeRulesImplemented checks that every shape rule has an implementation in the group
// files' tables, and that every row's rule is one of them.
func TestShapeRulesImplemented(t *testing.T) {
	for r := ShapeNone + 1; r < numShapeRules; r++ {
		if shapeFuncs[r] == nil {
			t.Errorf("shape rule %v has no implementation", r)
		}
	}
	for _, tb := range [][]*Func{Funcs(), Methods(), GeneratorMethods()} {
		for _, f := range tb {
			if f.Rule >= numShapeRules {
				t.Errorf("%s: shape rule %d out of range", f.Name, f.Rule)
			}
		}
	}
}

// TestNamed: every row's name ends in a Named attribute (module functions by their last dotted
// part), and an attribute no row ends in is not Named.
func TestNamed(t *testing.T) {
	for _, rows := range [][]*Func{Funcs(), Methods(), GeneratorMethods()} {
		for _, f := range rows {
			last := f.Name[strings.LastIndexByte(f.Name, '.')+1:]
			if !Named(last) {
				t.Errorf("row %s: %q is not Named", f.Name, last)
			}
		}
	}
	for _, attr := range []string{"format", "info", "linalg.norm", ""} {
		if Named(attr) {
			t.Errorf("Named(%q) = true; no row ends in it", attr)
		}
	}
}
