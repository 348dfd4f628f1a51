package absint

import (
	"strconv"
	"strings"
)

// Shape is an array shape; a dimension of -1 is unknown. A nil Shape with Known false means
// even the rank is unknown.
type Shape struct {
	Dims  []int64
	Known bool // the rank is known (each Dims entry may still be -1)
}

func knownShape(dims ...int64) Shape { return Shape{Dims: dims, Known: true} }

var unknownShape = Shape{}

// Size returns the number of elements, and false when it is not known.
func (s Shape) Size() (int64, bool) {
	if !s.Known {
		return 0, false
	}
	n := int64(1)
	for _, d := range s.Dims {
		if d < 0 {
			return 0, false
		}
		if d != 0 && n > (1<<62)/d {
			return 0, false // overflow: treat as unknown rather than wrap
		}
		n *= d
	}
	return n, true
}

// String renders the shape as Python does: "(3,)", "(1024, 1024)", "(?, 4)", "?" (as the text
// report renders a Live.Shape).
func (s Shape) String() string { return ShapeText(s.List()) }

// List returns the dims for JSON, with null for unknown dims; nil when the rank is unknown.
func (s Shape) List() []*int64 {
	if !s.Known {
		return nil
	}
	out := make([]*int64, len(s.Dims))
	for i, d := range s.Dims {
		if d >= 0 {
			v := d
			out[i] = &v
		}
	}
	return out
}

// broadcast returns the broadcast shape of a and b (NumPy's rules); ok is false when they
// provably do not broadcast.
func broadcast(a, b Shape) (Shape, bool) {
	if !a.Known || !b.Known {
		return unknownShape, true
	}
	n := max(len(a.Dims), len(b.Dims))
	out := make([]int64, n)
	for i := 0; i < n; i++ {
		da, db := int64(1), int64(1)
		if j := len(a.Dims) - n + i; j >= 0 {
			da = a.Dims[j]
		}
		if j := len(b.Dims) - n + i; j >= 0 {
			db = b.Dims[j]
		}
		switch {
		case da == db:
			out[i] = da
		case da == 1:
			out[i] = db
		case db == 1:
			out[i] = da
		case da < 0 || db < 0:
			out[i] = max(da, db)
			if da < 0 && db < 0 {
				out[i] = -1
			}
		default:
			return unknownShape, false
		}
	}
	return Shape{Dims: out, Known: true}, true
}

func (s Shape) equal(o Shape) bool {
	if !s.Known || !o.Known || len(s.Dims) != len(o.Dims) {
		return false
	}
	for i := range s.Dims {
		if s.Dims[i] < 0 || s.Dims[i] != o.Dims[i] {
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
