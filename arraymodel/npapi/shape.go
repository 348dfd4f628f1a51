package npapi

import "strconv"

// This file defines dimensions and shapes as the shape rules see them.

// Dim is one dimension of a shape: a known length, a symbolic length (a name whose value the
// program does not fix, such as a parameter n), or unknown.
type Dim struct {
	N     int64 // the length when Known
	Known bool  // N is exact
	Sym   *Poly // when not Known: the polynomial the length equals (n, 2*n + 1), or nil when unknown
	// Data reports a length that comes from the data the code is given (the leading length of
	// an input array: len(x), x.shape[0], x.size, or arithmetic over them), so it scales with
	// the input; a plain integer parameter or default is not data (see datadim.go).
	Data bool
	// Form is, for a known length, the polynomial in the program's bound symbols it was
	// computed from (n*n with n = 100 an argparse default), when tracked: nil for a constant,
	// and wherever a rule computes a length without carrying it (a client checks a formula
	// read off these against an estimate at other values).
	Form *Poly
}

// Same reports whether d and e are the same length: both known and equal, or both the same
// polynomial (their Form and Data, which say where a length came from, do not count).
func (d Dim) Same(e Dim) bool {
	if d.Known || e.Known {
		return d.Known && e.Known && d.N == e.N
	}
	return d.Sym != nil && d.Sym.Equal(e.Sym)
}

// Formula returns the dimension as a polynomial in the program's symbols: its Form when known
// and tracked, else what Expr gives.
func (d Dim) Formula() *Poly {
	if d.Known && d.Form != nil {
		return d.Form
	}
	return d.Expr()
}

// SizeFormula returns the number of elements of a shape as a polynomial in the program's
// symbols (Dim.Formula; nil when the rank or a dimension is unknown).
func SizeFormula(s []Dim) *Poly { return product(s, Dim.Formula) }

// Int returns a known dimension.
func Int(n int64) Dim { return Dim{N: n, Known: true} }

// Sym returns a dimension equal to the value of the named variable.
func Sym(name string) Dim { return Dim{Sym: Var(name)} }

// SymDim returns a dimension equal to p: known when p is a non-negative constant, unknown when
// p is nil or a negative constant.
func SymDim(p *Poly) Dim {
	if c, ok := p.Const(); ok {
		if c < 0 {
			return Dim{}
		}
		return Int(c)
	}
	if p == nil {
		return Dim{}
	}
	return Dim{Sym: p}
}

// Expr returns the dimension as a polynomial (a constant when known; nil when unknown).
func (d Dim) Expr() *Poly {
	if d.Known {
		return Const(d.N)
	}
	return d.Sym
}

// SizeExpr returns the number of elements of a shape as a polynomial (nil when the rank or a
// dimension is unknown).
func SizeExpr(s []Dim) *Poly { return product(s, Dim.Expr) }

// product multiplies the dimensions of a shape as poly gives them (nil when the rank is unknown,
// or poly gives nil for one of them).
func product(s []Dim, poly func(Dim) *Poly) *Poly {
	if s == nil {
		return nil
	}
	out := Const(1)
	for _, d := range s {
		out = out.Mul(poly(d))
	}
	return out
}

// String returns "4096", the symbol, or "?".
func (d Dim) String() string {
	switch {
	case d.Known:
		return strconv.FormatInt(d.N, 10)
	case d.Sym != nil:
		return d.Sym.String()
	}
	return "?"
}

// Size returns the number of elements of a shape (nil: rank unknown), and false when a dimension
// is not known. A product past int64 saturates (Saturated): (10**9,)*4 is a known, huge size,
// not an unknown one.
func Size(s []Dim) (int64, bool) {
	if s == nil {
		return 0, false
	}
	n := int64(1)
	for _, d := range s {
		if !d.Known || d.N < 0 {
			return 0, false
		}
		n = SatMul(n, d.N)
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
		case x.Sym != nil && x.Sym.Equal(y.Sym):
			out[i] = x
		default:
			out[i] = broadcastData(x, y)
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

// add returns d+k: clamped at 0 for a known d, the polynomial d+k for a symbolic one (a size
// the program uses that way is taken to be at least -k), unknown otherwise.
func (d Dim) add(k int64) Dim {
	if !d.Known {
		out := SymDim(d.Sym.Add(Const(k)))
		out.Data = out.Data || d.Data && !out.Known
		return out
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

// JoinShapes is the shape of an array that has shape a on one path and b on another: the
// dimensions both have (the same length or the same polynomial), unknown where they differ;
// nil (rank unknown) when either rank is unknown or the ranks differ.
func JoinShapes(a, b []Dim) []Dim {
	if a == nil || b == nil || len(a) != len(b) {
		return nil
	}
	out := make([]Dim, len(a))
	for i := range a {
		x, y := a[i], b[i]
		if x.Known && y.Known && x.N == y.N || !x.Known && !y.Known && x.Sym.Equal(y.Sym) {
			out[i] = x
		}
	}
	return out
}
