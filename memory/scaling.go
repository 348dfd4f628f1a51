package memory

import (
	"fmt"
	"maps"
	"math/big"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file answers how a scope's peak grows with the integers the program takes from outside
// (an argparse default, an assumed N, a free parameter) and up to what value it fits the target.
//
// The formula is first the one the heap carried (forms.go, scalecarried.go): the maximum over
// the program points that can be the peak, each the sum of the live buffers' bytes as
// polynomials, confirmed by an estimate with every symbol doubled. When the heap could not
// carry it (a length a shape rule computes without its formula, an atom such as n//3, a loop's
// extrapolated growth), it is identified instead: the peak is estimated at v, 2v, 3v and 4v (v
// the symbol's value), the cubic through those points is taken when its coefficients are
// integers, and it must give the estimate at 5v too (scalemulti.go does the same over several
// symbols); otherwise no formula is reported. Either is valid where the program keeps the form
// it has at those sizes (NumPy's in-place reuse, for one, starts at 256 KiB temporaries).
// fits_up_to assumes the peak does not shrink as the symbol grows.

// FitsUpTo is the largest value of a symbol at which a scope still fits its target.
type FitsUpTo struct {
	Symbol string `json:"symbol"`
	Value  int64  `json:"value"`
}

// maxDegree is the highest power of the symbol a formula may have (a 3-D grid is cubic).
const maxDegree = 3

// ForSeries returns opts with the imports of f worked out once, for a series of Scale calls on
// the same file (a language server scaling one scope per hover): each call otherwise builds the
// whole module's imports again, most of the cost of scaling one small function of a large file.
func (opts Options) ForSeries(f *pyparse.File) Options {
	if f != nil && f.Module != nil {
		opts.imp = imports.Build(f.Module)
	}
	return opts
}

// Scale fills each report's PeakExpr and, when it has a target, FitsUpTo, by estimating f again
// with other values of one integer symbol of the report: solveFor, or the report's only integer
// symbol, or the only one whose doubling moves the peak. When several move it, PeakExpr is over
// all of them (scalemulti.go) and FitsUpTo is left to solveFor. opts must be the options the
// reports were made with.
func Scale(f *pyparse.File, opts Options, reports []*Report, solveFor string) error {
	opts.parsed = absint.ParsedSet{} // each project module is parsed once for all the estimates below
	opts.consts = &absint.Consts{}   // and the module's constants are worked out once
	if opts.imp == nil {
		opts.imp = imports.Build(f.Module)
	}
	for _, r := range reports {
		r.PeakExpr = fmt.Sprint(r.PeakBytes)
		// estimateAt estimates r's scope again with the names of binds assumed (scaling names
		// those varied, for the module constants that read them).
		estimateAt := func(binds map[string]int64, scaling ...string) (*Report, error) {
			o := opts
			o.Assume = maps.Clone(opts.Assume)
			if o.Assume == nil {
				o.Assume = map[string]int64{}
			}
			maps.Copy(o.Assume, binds)
			o.scaling = scaling
			if r.Scope != "<module>" {
				o.Function = r.Scope
			}
			rs, err := Estimate(f, o)
			if err != nil {
				return nil, err
			}
			for _, x := range rs {
				if x.Scope == r.Scope && x.Line == r.Line {
					return x, nil
				}
			}
			return nil, fmt.Errorf("scale %s: scope %s not estimated again", opts.Path, r.Scope)
		}
		estimateWith := func(sym string, x int64) (*Report, error) {
			return estimateAt(map[string]int64{sym: x}, sym)
		}
		var sym string
		var v0 int64
		var ok bool
		var several []cand
		var fixed map[string]int64 // values every estimate of several binds (free parameters)
		var err error
		if r.PeakIsLowerBound && callsGivenParameters(r) {
			continue
		}
		var params []string
		if def := topLevelDef(f, r.Scope, r.Line); def != nil {
			for _, a := range imports.AllArgs(def.Args) {
				params = append(params, a.Arg)
			}
		}
		if done, err := scaleCarried(r, solveFor, params, estimateAt); err != nil || done {
			if err != nil {
				return err
			}
			continue // the formula the heap carried, confirmed
		}
		if r.PeakIsLowerBound {
			// Sizes unknown: a parameter of a function estimated on its own may be what they
			// depend on (a free symbol, value null in the report).
			sym, several, fixed, ok, err = freeSymbol(f, r, solveFor, estimateWith, estimateAt)
			v0 = freeBase
		} else {
			sym, v0, several, ok, err = scaleSymbol(r, solveFor, estimateWith)
		}
		if err != nil {
			return err
		}
		if !ok && len(several) > 1 {
			if err := scaleSeveral(r, several, fixed, estimateAt); err != nil {
				return err
			}
			continue
		}
		if !ok {
			continue
		}
		at := func(x int64) (*Report, error) { return estimateWith(sym, x) }
		peakPoly, err := identifyAll(r, sym, max(v0, 1), at)
		if err != nil {
			return err
		}
		if r.PeakIsLowerBound {
			if peakPoly == nil || constantPoly(peakPoly) {
				// no formula in the parameter (none identified, or a constant: the samples'
				// peak does not move with it): nothing to say about it
				r.PeakExpr = fmt.Sprint(r.PeakBytes)
				continue
			}
			r.Symbols = append(r.Symbols, Symbol{Name: sym, Value: nil, Source: absint.SourceParameter, Line: r.Line})
		}
		if r.TargetBytes != nil {
			up, err := fitsUpTo(v0, peakPoly, *r.TargetBytes, at)
			if err != nil {
				return err
			}
			if up >= 0 {
				r.FitsUpTo = &FitsUpTo{Symbol: sym, Value: up}
			}
		}
	}
	return nil
}

// identifyAll estimates the scope at v·1 … v·(maxDegree+2) and fills the formulas of r's peak
// (PeakExpr), of each buffer's bytes and of each of its dimensions (BytesExpr, ShapeExpr) that
// follow a polynomial in sym. A buffer is matched across the estimates by its id, line and
// expression: one whose allocation differs with the size gets no formula.
//
// It returns the peak's polynomial (coefficients, constant first), or nil.
func identifyAll(r *Report, sym string, v int64, at func(int64) (*Report, error)) ([]*big.Int, error) {
	const n = maxDegree + 2
	samples := make([]*Report, n)
	xs := make([]int64, n)
	for i := range n {
		xs[i] = v * int64(i+1)
		s, err := at(xs[i])
		if err != nil {
			return nil, err
		}
		if s.PeakIsLowerBound {
			return nil, nil
		}
		samples[i] = s
	}
	peakPoly, ok := fitPoly(xs, func(i int) (int64, bool) { return samples[i].PeakBytes, true })
	if ok {
		r.PeakExpr = polyString(peakPoly, sym)
	}
	for bi := range r.Buffers {
		b := &r.Buffers[bi]
		same := func(i int) (*Lifetime, bool) {
			bs := samples[i].Buffers
			if bi >= len(bs) || bs[bi].ID != b.ID || bs[bi].Line != b.Line || bs[bi].Expr != b.Expr || len(bs[bi].Shape) != len(b.Shape) {
				return nil, false
			}
			return &bs[bi], true
		}
		c, ok := fitPoly(xs, func(i int) (int64, bool) {
			s, ok := same(i)
			if !ok {
				return 0, false
			}
			return s.Bytes, true
		})
		if !ok || polyString(c, sym) == fmt.Sprint(b.Bytes) {
			continue // not identified, or does not depend on sym
		}
		b.BytesExpr = polyString(c, sym)
		b.ShapeExpr = make([]string, len(b.Shape))
		for d := range b.Shape {
			c, ok := fitPoly(xs, func(i int) (int64, bool) {
				s, ok := same(i)
				if !ok || s.Shape[d] == nil {
					return 0, false
				}
				return *s.Shape[d], true
			})
			if !ok {
				b.ShapeExpr = nil
				break
			}
			b.ShapeExpr[d] = polyString(c, sym)
		}
	}
	if !ok {
		return nil, nil
	}
	return peakPoly, nil
}

// fitPoly finds the polynomial of degree at most maxDegree with integer coefficients through
// (xs[i], y(i)) for the first maxDegree+1 points, checked at the others; its coefficients come
// constant first.
func fitPoly(xs []int64, y func(int) (int64, bool)) ([]*big.Int, bool) {
	const n = maxDegree + 1
	px, py := make([]*big.Rat, n), make([]*big.Rat, n)
	for i := range n {
		yi, ok := y(i)
		if !ok {
			return nil, false
		}
		px[i], py[i] = new(big.Rat).SetInt64(xs[i]), new(big.Rat).SetInt64(yi)
	}
	coef, ok := interpolate(px, py)
	if !ok {
		return nil, false
	}
	ints := make([]*big.Int, len(coef))
	for i, c := range coef {
		if !c.IsInt() {
			return nil, false
		}
		ints[i] = c.Num()
	}
	for i := n; i < len(xs); i++ {
		yi, ok := y(i)
		if got := evalPoly(ints, xs[i]); !ok || !got.IsInt64() || got.Int64() != yi {
			return nil, false
		}
	}
	return ints, true
}

// freeBase is the value a free symbol is sampled at (and its multiples): large enough that
// arrays sized by it are in NumPy's in-place regime (256 KiB), small enough that a cubic size
// stays far from int64's range.
const freeBase = 1 << 16

// freeSymbol picks the parameter of r's function that its unknown sizes depend on: solveFor, or
// the only parameter whose value, when given, makes every size known. When giving every
// candidate a value at once still leaves a size unknown, no one of them alone makes every size
// known, and the candidates are not tried one by one: a library function whose sizes come from
// its array parameters costs one estimate, not one per parameter. (A run that ends early — a
// validation of the values given raising — proves nothing, and the candidates are tried.)
func freeSymbol(f *pyparse.File, r *Report, solveFor string, estimateWith func(string, int64) (*Report, error),
	estimateAt func(map[string]int64, ...string) (*Report, error)) (string, []cand, map[string]int64, bool, error) {
	def := topLevelDef(f, r.Scope, r.Line)
	if def == nil {
		return "", nil, nil, false, nil
	}
	var cands []string
	for _, a := range imports.AllArgs(def.Args) {
		p := a.Arg
		if (solveFor != "" && p != solveFor) || p == "self" || p == "cls" || r.hasSymbol(p) {
			continue
		}
		if _, isModule := imports.ConventionRef(a); isModule {
			continue
		}
		cands = append(cands, p)
	}
	for _, z := range r.freeSizes { // X.shape[0] of a parameter X
		if (solveFor == "" || z == solveFor) && !r.hasSymbol(z) && !slices.Contains(cands, z) {
			cands = append(cands, z)
		}
	}
	var withAll *Report // the estimate with every candidate given a value
	if len(cands) > 1 {
		all := map[string]int64{}
		for _, p := range cands {
			all[p] = freeBase
		}
		x, err := estimateAt(all, cands...)
		if err != nil {
			return "", nil, nil, false, err
		}
		if x.PeakIsLowerBound {
			return "", nil, nil, false, nil
		}
		withAll = x
	}
	var found []string
	for _, p := range cands {
		x, err := estimateWith(p, freeBase)
		if err != nil {
			return "", nil, nil, false, err
		}
		if !x.PeakIsLowerBound && x.PeakBytes > 0 {
			found = append(found, p)
		}
	}
	if len(found) == 1 {
		return found[0], nil, nil, true, nil
	}
	if withAll == nil || len(found) > 1 {
		return "", nil, nil, false, nil
	}
	// No one parameter alone makes every size known, all of them do: the sizes follow several
	// (np.zeros((n, m))). Those whose doubling moves the peak are the formula's symbols.
	all := map[string]int64{}
	for _, p := range cands {
		all[p] = freeBase
	}
	var moving []cand
	for _, p := range cands {
		all[p] = 2 * freeBase
		x, err := estimateAt(all, cands...)
		all[p] = freeBase
		if err != nil {
			return "", nil, nil, false, err
		}
		if !x.PeakIsLowerBound && x.PeakBytes != withAll.PeakBytes {
			moving = append(moving, cand{p, freeBase})
		}
	}
	return "", moving, all, false, nil
}

// callsGivenParameters reports whether r lists a call it does not model because it is given
// values of unknown type (its parameters): a sample that gives the parameters numbers no longer
// lists such a call and counts what it returns as 0 B without saying so (skimage's
// footprints.ellipse calls draw.ellipse(height, width, …)), so no formula is identified from
// the samples.
func callsGivenParameters(r *Report) bool {
	for _, u := range r.Unknown {
		if strings.HasSuffix(u.Reason, absint.GivenUnknownType) {
			return true
		}
	}
	return false
}

// topLevelDef returns the module's function called name defined at line (decorators allowed).
func topLevelDef(f *pyparse.File, name string, line int) *ast.FunctionDef {
	for _, st := range f.Module.Body {
		if def, ok := st.(*ast.FunctionDef); ok && def.Name == name && f.Lines.Line(def.Span().Start) == line {
			return def
		}
	}
	return nil
}

func (r *Report) hasSymbol(name string) bool {
	for _, s := range r.Symbols {
		if s.Name == name {
			return true
		}
	}
	return false
}

// cand is a symbol Scale may vary, with its value in the report.
type cand struct {
	name  string
	value int64
}

// scaleSymbol picks the symbol to vary: solveFor when the report used it; else the report's
// only integer symbol, or among several the only one whose doubling changes the peak. When no
// solveFor is given and several change it, it returns those instead.
func scaleSymbol(r *Report, solveFor string, estimateWith func(string, int64) (*Report, error)) (string, int64, []cand, bool, error) {
	var cands []cand
	for _, s := range r.Symbols {
		v, ok := s.Value.(int64)
		if !ok {
			continue
		}
		if solveFor != "" {
			if s.Name == solveFor {
				return s.Name, v, nil, true, nil
			}
			continue
		}
		cands = append(cands, cand{s.Name, v})
	}
	if len(cands) == 1 {
		return cands[0].name, cands[0].value, nil, true, nil
	}
	var moving []cand
	for _, c := range cands {
		x, err := estimateWith(c.name, 2*max(c.value, 1))
		if err != nil {
			return "", 0, nil, false, err
		}
		if x.PeakBytes != r.PeakBytes {
			moving = append(moving, c)
		}
	}
	if len(moving) != 1 {
		return "", 0, moving, false, nil
	}
	return moving[0].name, moving[0].value, nil, true, nil
}

// scaleSeveral fills r's PeakExpr with the peak's polynomial in several symbols (fitSeveral),
// each varied from its value (a free parameter from freeBase, listed with value null). No
// FitsUpTo: which symbol to solve for is the user's choice (--solve-for).
func scaleSeveral(r *Report, syms []cand, fixed map[string]int64, estimateAt func(map[string]int64, ...string) (*Report, error)) error {
	names := make([]string, len(syms))
	base := make([]int64, len(syms))
	for i, c := range syms {
		names[i], base[i] = c.name, max(c.value, 1)
	}
	p, err := fitSeveral(names, base, func(vals []int64) (*Report, error) {
		binds := maps.Clone(fixed)
		if binds == nil {
			binds = map[string]int64{}
		}
		for i, n := range names {
			binds[n] = vals[i]
		}
		return estimateAt(binds, names...)
	})
	if err != nil || p == nil {
		return err
	}
	if _, isConst := p.Const(); isConst {
		return nil
	}
	r.PeakExpr = p.String()
	r.several = p.Symbols()
	if r.PeakIsLowerBound {
		for _, n := range names {
			if slices.Contains(p.Symbols(), n) {
				r.Symbols = append(r.Symbols, Symbol{Name: n, Value: nil, Source: absint.SourceParameter, Line: r.Line})
			}
		}
	}
	return nil
}

// constantPoly reports whether the polynomial (constant first) is a known constant.
func constantPoly(p []*big.Int) bool {
	if p == nil {
		return false
	}
	for _, c := range p[min(1, len(p)):] {
		if c.Sign() != 0 {
			return false
		}
	}
	return true
}

// solveBelow returns the largest x in [0, 2^40) with peak(x) ≤ limit, for a peak that grows
// with x (checked at the ends), or false.
func solveBelow(peak []*big.Int, limit int64) (int64, bool) {
	if peak == nil {
		return 0, false
	}
	lim := big.NewInt(limit)
	le := func(x int64) bool { return evalPoly(peak, x).Cmp(lim) <= 0 }
	lo, hi := int64(0), int64(1)<<40
	if !le(lo) || le(hi) {
		return 0, false
	}
	for hi-lo > 1 {
		mid := lo + (hi-lo)/2
		if le(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, true
}

// interpolate returns the coefficients (constant first) of the polynomial through the points,
// by solving the Vandermonde system exactly.
func interpolate(xs, ys []*big.Rat) ([]*big.Rat, bool) {
	rows := make([][]*big.Rat, len(xs))
	for i := range xs {
		rows[i] = make([]*big.Rat, len(xs))
		p := new(big.Rat).SetInt64(1)
		for j := range xs {
			rows[i][j] = new(big.Rat).Set(p)
			p.Mul(p, xs[i])
		}
	}
	return solve(rows, ys)
}

// solve returns x with rows·x = ys, by Gauss–Jordan elimination over the rationals, or false
// when the system is singular. rows is overwritten.
func solve(rows [][]*big.Rat, ys []*big.Rat) ([]*big.Rat, bool) {
	n := len(rows)
	m := make([][]*big.Rat, n)
	for i := range n {
		m[i] = append(rows[i][:n:n], new(big.Rat).Set(ys[i]))
	}
	for col := range n {
		piv := -1
		for r := col; r < n; r++ {
			if m[r][col].Sign() != 0 {
				piv = r
				break
			}
		}
		if piv < 0 {
			return nil, false
		}
		m[col], m[piv] = m[piv], m[col]
		for r := range n {
			if r == col || m[r][col].Sign() == 0 {
				continue
			}
			k := new(big.Rat).Quo(m[r][col], m[col][col])
			for c := col; c <= n; c++ {
				m[r][c].Sub(m[r][c], new(big.Rat).Mul(k, m[col][c]))
			}
		}
	}
	out := make([]*big.Rat, n)
	for i := range n {
		out[i] = new(big.Rat).Quo(m[i][n], m[i][i])
	}
	return out, true
}

func evalPoly(coef []*big.Int, x int64) *big.Int {
	out, p, bx := new(big.Int), big.NewInt(1), big.NewInt(x)
	for _, c := range coef {
		out.Add(out, new(big.Int).Mul(c, p))
		p.Mul(p, bx)
	}
	return out
}

// polyString renders coefficients (constant first) in Python syntax, highest power first.
func polyString(coef []*big.Int, sym string) string {
	var b strings.Builder
	for i := len(coef) - 1; i >= 0; i-- {
		c := coef[i]
		if c.Sign() == 0 {
			continue
		}
		abs := new(big.Int).Abs(c)
		switch {
		case b.Len() == 0 && c.Sign() < 0:
			b.WriteString("-")
		case b.Len() > 0 && c.Sign() < 0:
			b.WriteString(" - ")
		case b.Len() > 0:
			b.WriteString(" + ")
		}
		term := ""
		switch i {
		case 0:
		case 1:
			term = sym
		default:
			term = fmt.Sprintf("%s**%d", sym, i)
		}
		switch {
		case term == "":
			b.WriteString(abs.String())
		case abs.Cmp(big.NewInt(1)) == 0:
			b.WriteString(term)
		default:
			b.WriteString(abs.String() + "*" + term)
		}
	}
	if b.Len() == 0 {
		return "0"
	}
	return b.String()
}

// PrettyExpr renders a Python-syntax formula for people: "24·n² − 32·n + 32".
func PrettyExpr(expr string) string {
	r := strings.NewReplacer("**2", "²", "**3", "³", "*", "·", " - ", " − ")
	return r.Replace(expr)
}

// fitsUpTo returns the largest value of the symbol at which the scope fits its target (-1 when
// it fits at none, or at every value up to 2^40: no bound to report). With the peak's polynomial
// the candidate is solved for on it and checked with two estimates; otherwise (or when the check
// fails: the first allocation that does not fit is not always at the peak) it is searched for
// with estimates.
func fitsUpTo(v0 int64, peak []*big.Int, limit int64, at func(int64) (*Report, error)) (int64, error) {
	fits := func(x int64) (bool, error) {
		r, err := at(x)
		if err != nil {
			return false, err
		}
		return r.Fits == nil || *r.Fits, nil
	}
	if constantPoly(peak) {
		// the peak does not move with the symbol: one estimate at the end of the search's
		// range says what doubling up to it would (40 estimates of the scope)
		if ok, err := fits(1 << 40); err != nil || ok {
			return -1, err
		}
	}
	if x, ok := solveBelow(peak, limit); ok {
		yes, err := fits(x)
		if err != nil {
			return -1, err
		}
		no, err := fits(x + 1)
		if err != nil {
			return -1, err
		}
		if yes && !no {
			return x, nil
		}
	}
	lo, hi := int64(0), max(v0, 1)
	ok, err := fits(hi)
	if err != nil {
		return -1, err
	}
	for ok {
		lo = hi
		if hi >= 1<<40 {
			return -1, nil
		}
		hi *= 2
		if ok, err = fits(hi); err != nil {
			return -1, err
		}
	}
	if lo == 0 {
		if ok, err := fits(0); err != nil || !ok {
			return -1, err
		}
	}
	for hi-lo > 1 { // fits(lo), not fits(hi)
		mid := lo + (hi-lo)/2
		ok, err := fits(mid)
		if err != nil {
			return -1, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo, nil
}
