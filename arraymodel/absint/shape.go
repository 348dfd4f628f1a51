package absint

import (
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// Shape is an array shape: its dimensions are known lengths, polynomials in the program's
// symbols (npapi.Dim), or unknown. Known false means even the rank is unknown.
type Shape struct {
	Dims  []npapi.Dim
	Known bool // the rank is known (each dimension may still be unknown)
	// Of, for a shape whose rank is not known, names the input whose shape it is (`x` for
	// np.zeros(x.shape), np.empty_like(x), x + 1): two such shapes of one input are equal.
	Of string
}

// intShape returns the shape of known lengths (a negative length is an unknown dimension).
func intShape(dims ...int64) Shape {
	out := make([]npapi.Dim, len(dims))
	for i, d := range dims {
		if d >= 0 {
			out[i] = npapi.Int(d)
		}
	}
	return Shape{Dims: out, Known: true}
}

// knownShape returns a shape of known rank with these dimensions.
func knownShape(dims ...npapi.Dim) Shape {
	if dims == nil {
		dims = []npapi.Dim{}
	}
	return Shape{Dims: dims, Known: true}
}

var unknownShape = Shape{}

// dimLen returns a dimension's length, or -1 when it is not a known number.
func dimLen(d npapi.Dim) int64 {
	if d.Known {
		return d.N
	}
	return -1
}

// Ints returns the dimensions as lengths, -1 for one that is not a known number (nil when the
// rank is unknown).
func (s Shape) Ints() []int64 {
	if !s.Known {
		return nil
	}
	out := make([]int64, len(s.Dims))
	for i, d := range s.Dims {
		out[i] = dimLen(d)
	}
	return out
}

// Size returns the number of elements, and false when it is not known.
func (s Shape) Size() (int64, bool) {
	if !s.Known {
		return 0, false
	}
	if len(s.Dims) == 0 {
		return 1, true // a 0-d array (Dims may be nil)
	}
	return npapi.Size(s.Dims)
}

// SizeExpr returns the number of elements as a polynomial in the program's symbols (nil when a
// dimension or the rank is unknown).
func (s Shape) SizeExpr() *npapi.Poly {
	if !s.Known {
		return nil
	}
	if len(s.Dims) == 0 {
		return npapi.Const(1)
	}
	return npapi.SizeExpr(s.Dims)
}

// String renders the shape as Python does: "(3,)", "(1024, 1024)", "(?, 4)", "?" (as the text
// report renders a Live.Shape).
func (s Shape) String() string { return ShapeText(s.List()) }

// List returns the dims for JSON, with null for dimensions that are not known numbers; nil when
// the rank is unknown.
func (s Shape) List() []*int64 {
	if !s.Known {
		return nil
	}
	out := make([]*int64, len(s.Dims))
	for i, d := range s.Dims {
		if d.Known {
			v := d.N
			out[i] = &v
		}
	}
	return out
}

// broadcast returns the broadcast shape of a and b (NumPy's rules); ok is false when they
// provably do not broadcast.
func broadcast(a, b Shape) (Shape, bool) {
	if !a.Known || !b.Known {
		// x + 1, x * y with y of x's shape: the shape of x, whatever it is
		switch {
		case !a.Known && !b.Known && a.Of != "" && a.Of == b.Of:
			return Shape{Of: a.Of}, true
		case !a.Known && b.Known && len(b.Dims) == 0:
			return Shape{Of: a.Of}, true
		case !b.Known && a.Known && len(a.Dims) == 0:
			return Shape{Of: b.Of}, true
		}
		return unknownShape, true
	}
	n := max(len(a.Dims), len(b.Dims))
	for i := 0; i < n; i++ {
		da, db := npapi.Int(1), npapi.Int(1)
		if j := len(a.Dims) - n + i; j >= 0 {
			da = a.Dims[j]
		}
		if j := len(b.Dims) - n + i; j >= 0 {
			db = b.Dims[j]
		}
		if da.Known && db.Known && da.N != db.N && da.N != 1 && db.N != 1 {
			return unknownShape, false
		}
	}
	return Shape{Dims: npapi.Broadcast(a.Dims, b.Dims), Known: true}, true
}

// equal reports whether s and o are known to be the same shape: every dimension the same known
// length or the same polynomial.
func (s Shape) equal(o Shape) bool {
	if !s.Known || !o.Known || len(s.Dims) != len(o.Dims) {
		return false
	}
	for i := range s.Dims {
		x, y := s.Dims[i], o.Dims[i]
		switch {
		case x.Known && y.Known && x.N == y.N:
		case !x.Known && !y.Known && x.Sym != nil && x.Sym.Equal(y.Sym):
		default:
			return false
		}
	}
	return true
}

// ShapeText renders dims as Python prints a shape, "(3,)", "(1024, 1024)", with "?" for an
// unknown dimension, and "?" for an unknown rank (nil).
func ShapeText(dims []*int64) string {
	if dims == nil {
		return "?"
	}
	parts := make([]string, len(dims))
	for i, d := range dims {
		if d == nil {
			parts[i] = "?"
		} else {
			parts[i] = strconv.FormatInt(*d, 10)
		}
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// Equal reports whether s and o are the same known shape.
func (s Shape) Equal(o Shape) bool { return s.equal(o) }

// dimValue is a dimension as a Python int: its length, or the polynomial it equals.
func dimValue(d npapi.Dim) vInt {
	if d.Known {
		return vInt{n: d.N, known: true, form: d.Form}
	}
	return vInt{sym: d.Sym, data: d.Data}
}

// dimOf is the dimension an int value gives: its value, its polynomial, or unknown.
func dimOf(v value) npapi.Dim {
	if u, ok := v.(vUnknown); ok {
		return npapi.SymDim(u.sym)
	}
	i, ok := v.(vInt)
	switch {
	case !ok:
		return npapi.Dim{}
	case i.known:
		if i.n < 0 {
			return npapi.Dim{}
		}
		d := npapi.Int(i.n)
		d.Form = i.form
		return d
	}
	d := npapi.SymDim(i.sym)
	d.Data = i.data && !d.Known
	return d
}
