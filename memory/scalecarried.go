package memory

import (
	"math/big"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// This file reports the peak formula the heap carried (forms.go): the maximum over the program
// points that can be the peak, each a polynomial in the program's symbols. It is taken once an
// estimate with every integer the scope is bound by doubled gives what the formula gives (and,
// for the free parameters of a function estimated on its own, an estimate at their base value
// too): a length a shape rule computed without carrying its formula would count as a constant,
// and an integer that only decides the path taken would be missing from the formula, and both
// fail that check; the formula is then identified by re-estimation instead (scaling.go).

// peakAt is the carried formula's value with the symbols bound to vals: the maximum over its
// points.
func peakAt(points []*npapi.Poly, vals map[string]int64) (int64, bool) {
	best, any := int64(0), false
	for _, p := range points {
		v, ok := p.Eval(func(s string) (int64, bool) { x, ok := vals[s]; return x, ok })
		if !ok {
			return 0, false
		}
		if !any || v > best {
			best, any = v, true
		}
	}
	return best, any
}

// formulaString renders the points in Python syntax: the polynomial, or max(…) of several.
func formulaString(points []*npapi.Poly) string {
	if len(points) == 1 {
		return points[0].String()
	}
	parts := make([]string, len(points))
	for i, p := range points {
		parts[i] = p.String()
	}
	slices.Sort(parts)
	return "max(" + strings.Join(parts, ", ") + ")"
}

// scaleCarried fills r's PeakExpr (and FitsUpTo, and its buffers' formulas) from the carried
// formula when a re-estimate confirms it; false when there is none to report or it does not
// hold, leaving r to the identification by re-estimation.
func scaleCarried(r *Report, solveFor string, params []string, estimateAt func(map[string]int64, ...string) (*Report, error)) (bool, error) {
	points := r.carried
	var syms []string
	for _, p := range points {
		for _, s := range p.Symbols() {
			if !slices.Contains(syms, s) {
				syms = append(syms, s)
			}
		}
	}
	if len(syms) == 0 || (solveFor != "" && !slices.Contains(syms, solveFor)) {
		return false, nil
	}
	// in the order of the function's parameters (free symbols), then by name
	rank := func(s string) int {
		if i := slices.Index(params, s); i >= 0 {
			return i
		}
		return len(params)
	}
	slices.SortFunc(syms, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	base := map[string]int64{}
	for _, s := range syms {
		if !bindings.SizeName(s) {
			return false, nil
		}
		v, bound := r.symbolValue(s)
		switch {
		case bound:
			base[s] = max(v, 1)
		case r.PeakIsLowerBound:
			base[s] = freeBase // a parameter of a function estimated on its own
		default:
			return false, nil
		}
	}
	// Points that another is at least as large as from the values estimated on (a window of one
	// or two points peaking elsewhere) say nothing about how the peak grows: dropped.
	from := func(s string) int64 { return base[s] }
	var kept []*npapi.Poly
	for i, p := range points {
		dominated := false
		for j, q := range points {
			if i != j && q.AtLeastFrom(p, from) && !(p.AtLeastFrom(q, from) && j > i) {
				dominated = true
				break
			}
		}
		if !dominated {
			kept = append(kept, p)
		}
	}
	points = kept
	check := func(vals map[string]int64) (*Report, bool, error) {
		want, ok := peakAt(points, vals)
		if !ok {
			return nil, false, nil
		}
		names := make([]string, 0, len(vals))
		for s := range vals {
			names = append(names, s)
		}
		x, err := estimateAt(vals, names...)
		if err != nil || x.PeakIsLowerBound || x.PeakBytes != want {
			return nil, false, err
		}
		return x, true, nil
	}
	if r.PeakIsLowerBound {
		if _, ok, err := check(base); !ok {
			return false, err
		}
	} else if got, ok := peakAt(points, base); !ok || got != r.PeakBytes {
		return false, nil
	}
	// Every integer the report is bound by is doubled, not only the formula's: one that decides
	// the path taken (if n_targets > 1: …) must not be missing from it.
	doubled := map[string]int64{}
	for s, v := range base {
		doubled[s] = 2 * v
	}
	for _, s := range r.Symbols {
		if v, ok := s.Value.(int64); ok && bindings.SizeName(s.Name) {
			if _, in := doubled[s.Name]; !in {
				doubled[s.Name] = 2 * max(v, 1)
			}
		}
	}
	x2, ok, err := check(doubled)
	if !ok {
		return false, err
	}
	r.PeakExpr = formulaString(points)
	if r.PeakIsLowerBound {
		for _, s := range syms {
			if _, bound := r.symbolValue(s); !bound {
				r.Symbols = append(r.Symbols, Symbol{Name: s, Value: nil, Source: absint.SourceParameter, Line: r.Line})
			}
		}
	}
	r.carriedBuffers(x2, doubled)
	sym := solveFor
	if sym == "" && len(syms) == 1 {
		sym = syms[0]
	}
	if sym == "" {
		r.several = syms
		return true, nil
	}
	if r.TargetBytes != nil {
		at := func(x int64) (*Report, error) {
			vals := map[string]int64{}
			for s, v := range base {
				vals[s] = v
			}
			vals[sym] = x
			return estimateAt(vals, syms...)
		}
		up, err := fitsUpTo(base[sym], univariate(points, sym, base), *r.TargetBytes, at)
		if err != nil {
			return false, err
		}
		if up >= 0 {
			r.FitsUpTo = &FitsUpTo{Symbol: sym, Value: up}
		}
	}
	return true, nil
}

// symbolValue returns the integer the report bound name to, if it did.
func (r *Report) symbolValue(name string) (int64, bool) {
	for _, s := range r.Symbols {
		if v, ok := s.Value.(int64); ok && s.Name == name {
			return v, true
		}
	}
	return 0, false
}

// univariate returns the coefficients (constant first) of the carried formula as a polynomial
// in sym with the other symbols at their base values, when it is one polynomial of degree at
// most maxDegree; nil otherwise (fitsUpTo then searches with estimates).
func univariate(points []*npapi.Poly, sym string, base map[string]int64) []*big.Int {
	if len(points) != 1 {
		return nil
	}
	xs := make([]int64, maxDegree+2)
	for i := range xs {
		xs[i] = int64(i + 1)
	}
	coef, ok := fitPoly(xs, func(i int) (int64, bool) {
		vals := map[string]int64{}
		for s, v := range base {
			vals[s] = v
		}
		vals[sym] = xs[i]
		return peakAt(points, vals)
	})
	if !ok {
		return nil
	}
	return coef
}

// carriedBuffers gives r's buffers their formulas (BytesExpr, ShapeExpr) from what the heap
// carried, each checked against x, the estimate at vals: a buffer matched by its id, line and
// expression whose bytes and dimensions there are what its formulas give.
func (r *Report) carriedBuffers(x *Report, vals map[string]int64) {
	env := func(s string) (int64, bool) { v, ok := vals[s]; return v, ok }
	for i := range r.Buffers {
		b := &r.Buffers[i]
		if b.form == nil || i >= len(x.Buffers) {
			continue
		}
		o := x.Buffers[i]
		if o.ID != b.ID || o.Line != b.Line || o.Expr != b.Expr || len(o.Shape) != len(b.dims) {
			continue
		}
		if _, isConst := b.form.Const(); isConst {
			continue
		}
		if v, ok := b.form.Eval(env); !ok || v != o.Bytes {
			continue
		}
		shape := make([]string, len(b.dims))
		for d, f := range b.dims {
			v, ok := f.Eval(env)
			if !ok || o.Shape[d] == nil || *o.Shape[d] != v {
				shape = nil
				break
			}
			shape[d] = f.String()
		}
		b.BytesExpr = b.form.String()
		b.ShapeExpr = shape
	}
}
