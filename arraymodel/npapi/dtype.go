package npapi

import "strings"

// This file defines dtypes, their item sizes and NumPy's promotion rules (NEP 50).

// DType is an array element type, or a "weak" Python scalar type that adopts the other operand's
// precision (NEP 50: `float32_array + 1.0` is float32).
type DType uint8

// The dtypes. NoDType means unknown.
const (
	NoDType DType = iota
	Bool
	Int8
	Int16
	Int32
	Int64
	Uint8
	Uint16
	Uint32
	Uint64
	Float16
	BFloat16
	Float32
	Float64
	Complex64
	Complex128
	// WeakBool, WeakInt, WeakFloat and WeakComplex are Python bool, int, float and complex scalars.
	WeakBool
	WeakInt
	WeakFloat
	WeakComplex
)

type dtypeInfo struct {
	name  string
	size  int64
	kind  byte // 'b' bool, 'i' signed, 'u' unsigned, 'f' float, 'c' complex
	bits  int  // integer width or float mantissa class; see promote
	alias []string
}

var dtypes = [...]dtypeInfo{
	NoDType:     {name: "unknown"},
	Bool:        {"bool", 1, 'b', 1, []string{"bool_", "bool8"}},
	Int8:        {"int8", 1, 'i', 8, []string{"byte"}},
	Int16:       {"int16", 2, 'i', 16, []string{"short"}},
	Int32:       {"int32", 4, 'i', 32, []string{"intc"}},
	Int64:       {"int64", 8, 'i', 64, []string{"int_", "intp", "long", "longlong"}},
	Uint8:       {"uint8", 1, 'u', 8, []string{"ubyte"}},
	Uint16:      {"uint16", 2, 'u', 16, []string{"ushort"}},
	Uint32:      {"uint32", 4, 'u', 32, []string{"uintc"}},
	Uint64:      {"uint64", 8, 'u', 64, []string{"uint", "uintp", "ulong", "ulonglong"}},
	Float16:     {"float16", 2, 'f', 16, []string{"half"}},
	BFloat16:    {"bfloat16", 2, 'f', 16, nil},
	Float32:     {"float32", 4, 'f', 32, []string{"single"}},
	Float64:     {"float64", 8, 'f', 64, []string{"double", "float_"}},
	Complex64:   {"complex64", 8, 'c', 32, []string{"csingle", "singlecomplex"}},
	Complex128:  {"complex128", 16, 'c', 64, []string{"cdouble", "complex_", "cfloat"}},
	WeakBool:    {"bool (python)", 0, 'b', 0, nil},
	WeakInt:     {"int (python)", 0, 'i', 0, nil},
	WeakFloat:   {"float (python)", 0, 'f', 0, nil},
	WeakComplex: {"complex (python)", 0, 'c', 0, nil},
}

// String returns the NumPy name, e.g. "float32"; weak types say "(python)".
func (d DType) String() string {
	if int(d) < len(dtypes) {
		return dtypes[d].name
	}
	return "unknown"
}

// Known reports whether d is a concrete array dtype (not unknown, not weak).
func (d DType) Known() bool { return d != NoDType && d < WeakBool }

// Weak reports whether d is a Python scalar type.
func (d DType) Weak() bool { return d >= WeakBool && int(d) < len(dtypes) }

// ItemSize returns the bytes per element, or 0 for unknown and weak types.
func (d DType) ItemSize() int64 {
	if !d.Known() {
		return 0
	}
	return dtypes[d].size
}

// Kind returns NumPy's kind character: 'b', 'i', 'u', 'f' or 'c' (0 for unknown).
func (d DType) Kind() byte {
	if int(d) < len(dtypes) {
		return dtypes[d].kind
	}
	return 0
}

// IsFloat reports whether d is a real floating dtype (weak float included).
func (d DType) IsFloat() bool { return d.Kind() == 'f' }

// IsInteger reports whether d is a signed or unsigned integer dtype (weak int included).
func (d DType) IsInteger() bool { return d.Kind() == 'i' || d.Kind() == 'u' }

// ParseDType maps a NumPy dtype name ("float32", "f4", "single", "int_", "float", "bool") to a
// DType. The Python builtins map as NumPy maps them: float → float64, int → int64, complex →
// complex128, bool → bool.
func ParseDType(name string) (DType, bool) {
	name = strings.TrimPrefix(strings.TrimPrefix(name, "<"), "=") // little-endian / native order
	switch name {
	case "float", "d", "f8", "double":
		return Float64, true
	case "int", "i8", "l", "q", "p":
		return Int64, true
	case "complex", "c16", "D":
		return Complex128, true
	case "bool", "?", "b1":
		return Bool, true
	case "f", "f4":
		return Float32, true
	case "f2", "e":
		return Float16, true
	case "i", "i4":
		return Int32, true
	case "h", "i2":
		return Int16, true
	case "b", "i1":
		return Int8, true
	case "B", "u1":
		return Uint8, true
	case "H", "u2":
		return Uint16, true
	case "I", "u4":
		return Uint32, true
	case "L", "Q", "P", "u8":
		return Uint64, true
	case "F", "c8":
		return Complex64, true
	}
	for d := Bool; d < WeakBool; d++ {
		if dtypes[d].name == name {
			return d, true
		}
		for _, a := range dtypes[d].alias {
			if a == name {
				return d, true
			}
		}
	}
	return NoDType, false
}

// Default returns the array dtype a weak type becomes on its own (np.asarray(1.0) is float64).
func (d DType) Default() DType {
	switch d {
	case WeakBool:
		return Bool
	case WeakInt:
		return Int64
	case WeakFloat:
		return Float64
	case WeakComplex:
		return Complex128
	}
	return d
}

// Promote returns the result dtype of a binary arithmetic operation on a and b under NumPy 2's
// rules (np.result_type with NEP 50 weak scalars). It returns NoDType when either side is unknown
// or the combination has no single answer the table knows.
func Promote(a, b DType) DType {
	if a == NoDType || b == NoDType || int(a) >= len(dtypes) || int(b) >= len(dtypes) {
		return NoDType
	}
	if a.Weak() && b.Weak() {
		return weakMax(a, b)
	}
	if b.Weak() {
		return promoteWeak(a, b)
	}
	if a.Weak() {
		return promoteWeak(b, a)
	}
	return promoteStrong(a, b)
}

var kindRank = map[byte]int{'b': 0, 'i': 1, 'u': 1, 'f': 2, 'c': 3}

func weakMax(a, b DType) DType {
	if kindRank[a.Kind()] >= kindRank[b.Kind()] {
		return a
	}
	return b
}

// promoteWeak: a Python scalar adopts the array's precision when its kind is not higher;
// otherwise the default dtype of its kind, widened to hold the array's values.
func promoteWeak(arr, w DType) DType {
	ak, wk := kindRank[arr.Kind()], kindRank[w.Kind()]
	if wk <= ak {
		return arr
	}
	switch w {
	case WeakInt:
		return Int64 // bool array + python int
	case WeakFloat:
		return Float64 // bool or integer array + python float
	case WeakComplex:
		if arr == Float32 || arr == Float16 || arr == BFloat16 {
			return Complex64
		}
		return Complex128
	}
	return NoDType
}

// floatFor is the smallest float that holds every value of an integer dtype exactly enough for
// NumPy's promotion (int8/uint8 → float16, int16/uint16 → float32, wider → float64).
func floatFor(d DType) DType {
	switch d {
	case Bool, Int8, Uint8:
		return Float16
	case Int16, Uint16:
		return Float32
	}
	return Float64
}

func floatRank(d DType) int {
	switch d {
	case Float16, BFloat16:
		return 16
	case Float32, Complex64:
		return 32
	}
	return 64
}

func floatOfRank(r int) DType {
	switch r {
	case 16:
		return Float16
	case 32:
		return Float32
	}
	return Float64
}

func promoteStrong(a, b DType) DType {
	if a == b {
		return a
	}
	ka, kb := a.Kind(), b.Kind()
	if kindRank[ka] > kindRank[kb] || (kindRank[ka] == kindRank[kb] && ka == 'u' && kb == 'i') {
		a, b, ka, kb = b, a, kb, ka
	}
	// now kind(a) <= kind(b); for mixed integers a is signed and b unsigned
	switch {
	case ka == 'b':
		return b
	case ka == 'i' && kb == 'i', ka == 'u' && kb == 'u':
		if dtypes[a].size >= dtypes[b].size {
			return a
		}
		return b
	case ka == 'i' && kb == 'u':
		if dtypes[a].bits > dtypes[b].bits {
			return a
		}
		switch b {
		case Uint8:
			return Int16
		case Uint16:
			return Int32
		case Uint32:
			return Int64
		}
		return Float64
	case (ka == 'i' || ka == 'u') && kb == 'f':
		return floatOfRank(max(floatRank(floatFor(a)), floatRank(b)))
	case (ka == 'i' || ka == 'u') && kb == 'c':
		if floatRank(floatFor(a)) > 32 {
			return Complex128
		}
		return b
	case ka == 'f' && kb == 'f':
		if (a == BFloat16) != (b == BFloat16) && floatRank(a) == 16 && floatRank(b) == 16 {
			return Float32 // bfloat16 + float16
		}
		if floatRank(a) >= floatRank(b) {
			return a
		}
		return b
	case ka == 'f' && kb == 'c', ka == 'c' && kb == 'c':
		if max(floatRank(a), floatRank(b)) > 32 {
			return Complex128
		}
		return Complex64
	}
	return NoDType
}

// TrueDivide returns the result dtype of `a / b`: integers and bools divide to float64.
func TrueDivide(a, b DType) DType {
	r := Promote(a, b)
	if r.IsInteger() || r.Kind() == 'b' {
		if r.Weak() {
			return WeakFloat
		}
		return Float64
	}
	return r
}

// JAX32 returns the dtype JAX gives an array of dtype d when 64-bit mode is off: JAX then holds
// no 64-bit arrays, so float64, int64, uint64 and complex128 (asked for or inferred) become their
// 32-bit counterparts. Other dtypes are unchanged.
func (d DType) JAX32() DType {
	switch d {
	case Float64:
		return Float32
	case Int64:
		return Int32
	case Uint64:
		return Uint32
	case Complex128:
		return Complex64
	}
	return d
}

// abstractKinds maps NumPy's abstract scalar types (numpy.integer, numpy.floating …) to the dtype
// kinds they cover.
var abstractKinds = map[string]string{
	"generic": "biufc", "number": "iufc", "integer": "iu", "signedinteger": "i",
	"unsignedinteger": "u", "inexact": "fc", "floating": "f", "complexfloating": "c",
	"bool_": "b", "bool": "b",
}

// IsSubDType answers numpy.issubdtype(d, abstract) for an abstract scalar type named by its API
// name ("integer", "floating" …) or a concrete dtype; ok is false when d is unknown or abstract
// names no type.
func (d DType) IsSubDType(abstract string) (is, ok bool) {
	if !d.Known() {
		return false, false
	}
	if kinds, found := abstractKinds[abstract]; found {
		return strings.IndexByte(kinds, d.Kind()) >= 0, true
	}
	if other, found := ParseDType(abstract); found {
		return other == d, true
	}
	return false, false
}

// Real returns the dtype of the real or imaginary part of an array of dtype d: float32 for
// complex64, float64 for complex128, d itself otherwise.
func (d DType) Real() DType {
	switch d {
	case Complex64:
		return Float32
	case Complex128:
		return Float64
	}
	return d
}
