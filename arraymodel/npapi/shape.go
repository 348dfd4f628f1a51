package npapi

import "strconv"

// This file defines dimensions and shapes as the shape rules see them.

// Dim is one dimension of a shape: a known length, a symbolic length (a name whose value the
// program does not fix, such as a parameter n), or unknown.
type Dim struct {
	N     int64  // the length when Known
	Known bool   // N is exact
	Sym   string // when not Known: the name the length equals, or "" when unknown
}

// Int returns a known dimension.
func Int(n int64) Dim { return Dim{N: n, Known: true} }

// Sym returns a dimension equal to the value of the named variable.
func Sym(name string) Dim { return Dim{Sym: name} }

// String returns "4096", the symbol, or "?".
func (d Dim) String() string {
	switch {
	case d.Known:
		return strconv.FormatInt(d.N, 10)
	case d.Sym != "":
		return d.Sym
	}
	return "?"
}

// Size returns the number of elements of a shape (nil: rank unknown), and false when a dimension
// is not known or the product overflows.
func Size(s []Dim) (int64, bool) {
	if s == nil {
		return 0, false
	}
	n := int64(1)
	for _, d := range s {
		if !d.Known || d.N < 0 {
			return 0, false
		}
		if d.N != 0 && n > (1<<62)/d.N {
			return 0, false
		}
		n *= d.N
	}
	return n, true
}

// Broadcast applies NumPy's broadcasting to two shapes; nil (rank unknown) when either is nil.
// A dimension it cannot decide is unknown.
func Broadcast(a, b []Dim) []Dim {
	if a == nil || b == nil {
		return nil
	}
	n := max(len(a), len(b))
	out := make([]Dim, n)
	for i := 0; i < n; i++ {
		x, y := Int(1), Int(1)
		if j := len(a) - n + i; j >= 0 {
			x = a[j]
		}
		if j := len(b) - n + i; j >= 0 {
			y = b[j]
		}
		switch {
		case x.Known && x.N == 1:
			out[i] = y
		case y.Known && y.N == 1:
			out[i] = x
		case x.Known && y.Known && x.N == y.N:
			out[i] = x
		case x.Known && !y.Known:
			out[i] = x // y must be 1 or equal to x
		case y.Known && !x.Known:
			out[i] = y
		case x.Sym != "" && x.Sym == y.Sym:
			out[i] = x
		default:
			out[i] = Dim{}
		}
	}
	return out
}

// flat returns the 1-D shape holding every element of s (one unknown dim when the size is not
// known, nil when even the rank of s is unknown).
func flat(s []Dim) []Dim {
	if n, ok := Size(s); ok {
		return []Dim{Int(n)}
	}
	if len(s) == 1 {
		return []Dim{s[0]}
	}
	if s == nil {
		return []Dim{{}}
	}
	return []Dim{{}}
}

// add returns d+k for a known d (and unknown otherwise).
func (d Dim) add(k int64) Dim {
	if !d.Known {
		return Dim{}
	}
	return Int(max(d.N+k, 0))
}

func clone(s []Dim) []Dim {
	if s == nil {
		return nil
	}
	return append(make([]Dim, 0, len(s)), s...)
}

// normAxis resolves a possibly negative axis against rank nd; false when it is out of range.
func normAxis(ax int64, nd int) (int, bool) {
	if ax < 0 {
		ax += int64(nd)
	}
	if ax < 0 || ax >= int64(nd) {
		return 0, false
	}
	return int(ax), true
}
