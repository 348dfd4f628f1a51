package memory

import (
	"math/big"
	"slices"

	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// This file identifies a peak that follows several symbols at once (np.zeros((n, m)) with both
// from the command line: 8*m*n), the way scaling.go does for one: by estimating the scope again.
//
// Each symbol's degree is found first by varying it alone (the others at their values); the
// polynomial is then the one through the tensor grid of v_i·1 … v_i·(d_i+1), which has exactly
// one coefficient per monomial of those degrees, and it must also give the estimate at
// v_i·(d_i+2) for all i at once. The total degree is at most maxDegree.

// maxSymbols is how many symbols a formula may have (each costs maxDegree+2 estimates, and the
// grid the product of their degrees plus one).
const maxSymbols = 3

// fitSeveral returns the peak as a polynomial in syms, whose values in the estimate r was made
// with are base, or nil when the peak does not follow one (a sample is a lower bound, a
// coefficient is not an integer, the check fails). at estimates the scope with the symbols
// bound to the values given. A symbol whose variation leaves the peak as it is drops out.
func fitSeveral(syms []string, base []int64, at func([]int64) (*Report, error)) (*npapi.Poly, error) {
	if len(syms) < 2 || len(syms) > maxSymbols {
		return nil, nil
	}
	peakAt := func(mult []int64) (int64, bool, error) {
		vals := make([]int64, len(base))
		for i := range base {
			vals[i] = base[i] * mult[i]
		}
		r, err := at(vals)
		if err != nil || r.PeakIsLowerBound {
			return 0, false, err
		}
		return r.PeakBytes, true, nil
	}
	// each symbol's degree, the others at their values
	deg := make([]int, len(syms))
	total := 0
	for i := range syms {
		xs := make([]int64, maxDegree+2)
		ys := make([]int64, len(xs))
		for k := range xs {
			mult := slices.Repeat([]int64{1}, len(syms))
			mult[i] = int64(k + 1)
			xs[k] = base[i] * mult[i]
			y, ok, err := peakAt(mult)
			if !ok {
				return nil, err
			}
			ys[k] = y
		}
		coef, ok := fitPoly(xs, func(k int) (int64, bool) { return ys[k], true })
		if !ok {
			return nil, nil
		}
		for d := len(coef) - 1; d > 0; d-- {
			if coef[d].Sign() != 0 {
				deg[i] = d
				break
			}
		}
		total += deg[i]
	}
	if total > maxDegree {
		return nil, nil
	}
	// the grid: one point and one unknown coefficient per exponent tuple e, e_i ≤ deg[i]
	var tuples [][]int
	var walk func(prefix []int)
	walk = func(prefix []int) {
		if len(prefix) == len(deg) {
			tuples = append(tuples, slices.Clone(prefix))
			return
		}
		for e := 0; e <= deg[len(prefix)]; e++ {
			walk(append(prefix, e))
		}
	}
	walk(nil)
	rows := make([][]*big.Rat, len(tuples))
	ys := make([]*big.Rat, len(tuples))
	for j, pt := range tuples {
		mult := make([]int64, len(pt))
		for i, e := range pt {
			mult[i] = int64(e + 1)
		}
		y, ok, err := peakAt(mult)
		if !ok {
			return nil, err
		}
		ys[j] = new(big.Rat).SetInt64(y)
		rows[j] = monomials(tuples, base, mult)
	}
	coef, ok := solve(rows, ys)
	if !ok {
		return nil, nil
	}
	p := npapi.Const(0)
	for j, c := range coef {
		if !c.IsInt() || !c.Num().IsInt64() || c.Num().CmpAbs(big.NewInt(1<<52)) > 0 {
			return nil, nil
		}
		m := npapi.Const(c.Num().Int64())
		for i, e := range tuples[j] {
			m = m.Mul(npapi.Var(syms[i]).Pow(int64(e)))
		}
		p = p.Add(m)
	}
	// the check: every symbol moved at once, off the grid
	check := make([]int64, len(deg))
	for i := range deg {
		check[i] = int64(deg[i] + 2)
	}
	y, ok, err := peakAt(check)
	if !ok {
		return nil, err
	}
	env := map[string]int64{}
	for i, s := range syms {
		env[s] = base[i] * check[i]
	}
	got, ok := p.Eval(func(s string) (int64, bool) { v, ok := env[s]; return v, ok })
	if !ok || got != y {
		return nil, nil
	}
	return p, nil
}

// monomials is the row of the grid's system at the point base·mult: the value of each
// monomial (one per exponent tuple) there.
func monomials(tuples [][]int, base, mult []int64) []*big.Rat {
	row := make([]*big.Rat, len(tuples))
	for j, pt := range tuples {
		v := big.NewInt(1)
		for i, e := range pt {
			x := big.NewInt(base[i] * mult[i])
			v.Mul(v, new(big.Int).Exp(x, big.NewInt(int64(e)), nil))
		}
		row[j] = new(big.Rat).SetInt(v)
	}
	return row
}
