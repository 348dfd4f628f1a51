package memory

import (
	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// This file carries the heap's bytes as formulas in the program's symbols beside its numbers:
// each buffer's bytes as the polynomial its shape gives (npapi.Dim.Formula: n*n*8 for an n × n
// float64 array with n bound by an argparse default, or free), the running total as their sum,
// and, at every allocation, the total as a point that can be the peak. The scope's peak is the
// maximum over those points, kept without the ones another point is at least as large as for
// every size (npapi.Poly.AtLeast).
//
// What the heap cannot follow — an allocation of unknown formula (an unknown dimension, a TPU's
// tiled layout, a loop's extrapolated growth), a Legate instance — leaves the scope without a
// formula. A known length whose formula a shape rule does not carry counts as the constant it
// is at these values, so Scale checks a carried formula against an estimate at other values
// before it reports it (scaling.go).

// formTrack is a heap's formulas. The totals are kept as a number plus a polynomial in the
// symbols, so that a scope whose sizes are all constants (most of them) costs one addition per
// allocation: its points are then one number, the largest total.
type formTrack struct {
	constCur int64         // the constant part of the live buffers' bytes
	symCur   *npapi.Poly   // the rest (nil: none)
	maxConst int64         // the largest total seen while the total was a constant
	points   []*npapi.Poly // the other totals that can be the peak, none at least as large as another
	broken   bool          // something was allocated that the formulas cannot follow
}

// bytesForm is the bytes of an array of shape sh and dtype dt as a polynomial (nil when the rank,
// a dimension or the dtype is unknown).
func bytesForm(sh Shape, dt npapi.DType) *npapi.Poly {
	if !sh.Known || !dt.Known() {
		return nil
	}
	if n, ok := sh.Size(); ok {
		constant := true
		for _, d := range sh.Dims {
			constant = constant && d.Form == nil
		}
		if constant {
			return npapi.Const(npapi.NBytes(n, dt))
		}
	}
	return npapi.SizeFormula(sh.Dims).Scale(dt.ItemSize())
}

// alloc adds a buffer of bytes form f (nil: not followed) and records the total as a point.
func (t *formTrack) alloc(f *npapi.Poly) {
	if t.broken {
		return
	}
	if f == nil {
		t.broken = true
		return
	}
	if c, ok := f.Const(); ok {
		t.constCur += c
	} else if t.symCur == nil {
		t.symCur = f
	} else if t.symCur = t.symCur.Add(f); t.symCur == nil {
		t.broken = true
		return
	}
	if t.symCur == nil {
		t.maxConst = max(t.maxConst, t.constCur)
		return
	}
	total := t.symCur.Add(npapi.Const(t.constCur))
	if total == nil {
		t.broken = true
		return
	}
	t.point(total)
}

// free removes a buffer of bytes form f.
func (t *formTrack) free(f *npapi.Poly) {
	if t.broken || f == nil {
		return
	}
	if c, ok := f.Const(); ok {
		t.constCur -= c
		return
	}
	if t.symCur = t.symCur.Sub(f); t.symCur == nil {
		t.broken = true
		return
	}
	if _, isConst := t.symCur.Const(); isConst {
		t.symCur = nil // every symbolic buffer is gone (their sum is 0)
	}
}

// point records p as a total that can be the peak, unless a point already recorded is at least
// as large; the points p is at least as large as go.
func (t *formTrack) point(p *npapi.Poly) {
	if n := len(t.points); n > 0 && t.points[n-1].Equal(p) {
		return
	}
	for _, q := range t.points {
		if q.AtLeast(p) {
			return
		}
	}
	keep := t.points[:0]
	for _, q := range t.points {
		if !p.AtLeast(q) {
			keep = append(keep, q)
		}
	}
	t.points = append(keep, p)
}

// clone is a copy for a fork of the heap.
func (t formTrack) clone() formTrack {
	t.points = append([]*npapi.Poly(nil), t.points...)
	return t
}

// adopt takes in the points of a fork (the branch of an `if` the run did not follow).
func (t *formTrack) adopt(o formTrack) {
	if o.broken {
		t.broken = true
	}
	t.maxConst = max(t.maxConst, o.maxConst)
	for _, p := range o.points {
		t.point(p)
	}
}

// peak returns the points of the peak, or nil when the heap could not follow its formulas.
func (t *formTrack) peak() []*npapi.Poly {
	if t.broken {
		return nil
	}
	if t.maxConst > 0 {
		t.point(npapi.Const(t.maxConst))
		t.maxConst = 0
	}
	if len(t.points) == 0 {
		return nil
	}
	return t.points
}

// dimForms is each dimension of sh as a formula (nil when the rank is unknown).
func dimForms(sh Shape) []*npapi.Poly {
	if !sh.Known {
		return nil
	}
	out := make([]*npapi.Poly, len(sh.Dims))
	for i, d := range sh.Dims {
		out[i] = d.Formula()
	}
	return out
}
