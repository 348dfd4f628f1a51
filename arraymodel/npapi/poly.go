package npapi

import (
	"slices"
	"strconv"
	"strings"
)

// This file defines Poly, the symbolic integer a size can be: a polynomial over named symbols.

// Poly is an integer polynomial over named symbols with integer coefficients — a size such as
// n, 2*n + 1, n*m or 16*n**2. A subexpression that is not a polynomial (n//3 when the division is
// not exact, max, min) is an atom: a symbol named by its canonical text. Every Poly is kept in
// one canonical form, so two sizes are equal exactly when their forms are (String, Equal); a
// nil *Poly is an unknown integer. Values are immutable.
type Poly struct {
	terms []term // no zero coefficients; sorted by degree (highest first), then by variables
}

// term is coef·vars[0]·vars[1]·…; vars are sorted and repeat for powers; none for the constant.
type term struct {
	coef int64
	vars []string
}

// maxCoef bounds coefficients so that no operation overflows int64.
const maxCoef = 1 << 52

// Var returns the polynomial that is the symbol name.
func Var(name string) *Poly { return &Poly{terms: []term{{coef: 1, vars: []string{name}}}} }

// Const returns the constant polynomial n.
func Const(n int64) *Poly {
	if n == 0 {
		return &Poly{}
	}
	return &Poly{terms: []term{{coef: n}}}
}

// Const returns the value of a constant polynomial.
func (p *Poly) Const() (int64, bool) {
	switch {
	case p == nil:
		return 0, false
	case len(p.terms) == 0:
		return 0, true
	case len(p.terms) == 1 && len(p.terms[0].vars) == 0:
		return p.terms[0].coef, true
	}
	return 0, false
}

// Symbols returns the symbols p depends on, sorted, each once (atoms by their text).
func (p *Poly) Symbols() []string {
	if p == nil {
		return nil
	}
	var out []string
	for _, t := range p.terms {
		out = append(out, t.vars...)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Symbol returns the symbol p is, when p is exactly one symbol (n, not 2*n, n**2 or n + 1).
func (p *Poly) Symbol() (string, bool) {
	if p == nil || len(p.terms) != 1 || p.terms[0].coef != 1 || len(p.terms[0].vars) != 1 {
		return "", false
	}
	return p.terms[0].vars[0], true
}

// Degree returns the highest total degree of p's terms (n*m and n**2 are 2, 3*n + 1 is 1, a
// constant 0), and false for an unknown p.
func (p *Poly) Degree() (int, bool) {
	if p == nil {
		return 0, false
	}
	d := 0
	for _, t := range p.terms {
		d = max(d, len(t.vars))
	}
	return d, true
}

// Equal reports whether p and q are known and the same polynomial.
func (p *Poly) Equal(q *Poly) bool {
	if p == nil || q == nil || len(p.terms) != len(q.terms) {
		return false
	}
	for i := range p.terms {
		if p.terms[i].coef != q.terms[i].coef || !slices.Equal(p.terms[i].vars, q.terms[i].vars) {
			return false
		}
	}
	return true
}

// AtLeast reports whether p ≥ q for every value of the symbols that is at least 1 (sizes): each
// coefficient of p − q is non-negative, or each is once every symbol x is written x' + 1 with
// x' ≥ 0 (24·n² + 8·n ≥ 16·n² + 16·n: 8·n² − 8·n is 8·n'² + 8·n'). False when it cannot tell.
func (p *Poly) AtLeast(q *Poly) bool {
	d := p.Sub(q)
	return d.nonNegative() || d.shifted(func(string) int64 { return 1 }).nonNegative()
}

// AtLeastFrom reports whether p ≥ q for every value of each symbol x from from(x) on (the
// coefficients of p − q once each x is written x' + from(x) are non-negative).
func (p *Poly) AtLeastFrom(q *Poly, from func(string) int64) bool {
	return p.Sub(q).shifted(from).nonNegative()
}

// nonNegative reports whether every coefficient is (false for an unknown).
func (p *Poly) nonNegative() bool {
	if p == nil {
		return false
	}
	for _, t := range p.terms {
		if t.coef < 0 {
			return false
		}
	}
	return true
}

// shifted is p with every symbol x replaced by x + by(x) (nil when a coefficient grows too
// large).
func (p *Poly) shifted(by func(string) int64) *Poly {
	if p == nil {
		return nil
	}
	out := Const(0)
	for _, t := range p.terms {
		m := Const(t.coef)
		for _, v := range t.vars {
			m = m.Mul(Var(v).Add(Const(by(v))))
		}
		out = out.Add(m)
	}
	return out
}

// Add returns p + q (nil when either is unknown or a coefficient grows too large).
func (p *Poly) Add(q *Poly) *Poly {
	if p == nil || q == nil {
		return nil
	}
	return normalize(append(slices.Clone(p.terms), q.terms...))
}

// Neg returns -p.
func (p *Poly) Neg() *Poly { return p.Scale(-1) }

// Sub returns p - q.
func (p *Poly) Sub(q *Poly) *Poly { return p.Add(q.Neg()) }

// Scale returns k·p.
func (p *Poly) Scale(k int64) *Poly { return p.Mul(Const(k)) }

// Mul returns p·q.
func (p *Poly) Mul(q *Poly) *Poly {
	if p == nil || q == nil {
		return nil
	}
	var out []term
	for _, a := range p.terms {
		for _, b := range q.terms {
			if a.coef != 0 && abs64(b.coef) > maxCoef/abs64(a.coef) {
				return nil
			}
			vars := append(slices.Clone(a.vars), b.vars...)
			slices.Sort(vars)
			out = append(out, term{coef: a.coef * b.coef, vars: vars})
		}
	}
	return normalize(out)
}

// Pow returns p**k for a small exponent (nil beyond 8).
func (p *Poly) Pow(k int64) *Poly {
	if p == nil || k < 0 || k > 8 {
		return nil
	}
	out := Const(1)
	for ; k > 0; k-- {
		out = out.Mul(p)
	}
	return out
}

// FloorDiv returns p // k for a positive constant k: exact when k divides every coefficient,
// otherwise the atom "(p)//k".
func (p *Poly) FloorDiv(k int64) *Poly {
	if p == nil || k <= 0 {
		return nil
	}
	if k == 1 {
		return p
	}
	if c, ok := p.Const(); ok {
		return Const(floorDiv(c, k))
	}
	exact := true
	for _, t := range p.terms {
		exact = exact && t.coef%k == 0
	}
	if exact {
		out := make([]term, len(p.terms))
		for i, t := range p.terms {
			out[i] = term{coef: t.coef / k, vars: t.vars}
		}
		return &Poly{terms: out}
	}
	return Var(p.atomText() + "//" + strconv.FormatInt(k, 10))
}

// Max returns max(p, q): q or p when they are equal or differ by a constant, else an atom.
func (p *Poly) Max(q *Poly) *Poly { return p.extremum(q, "max", func(d int64) bool { return d >= 0 }) }

// Min returns min(p, q), like Max.
func (p *Poly) Min(q *Poly) *Poly { return p.extremum(q, "min", func(d int64) bool { return d <= 0 }) }

func (p *Poly) extremum(q *Poly, name string, keepP func(int64) bool) *Poly {
	if p == nil || q == nil {
		return nil
	}
	if d, ok := p.Sub(q).Const(); ok {
		if keepP(d) {
			return p
		}
		return q
	}
	a, b := p.String(), q.String()
	if b < a {
		a, b = b, a
	}
	return Var(name + "(" + a + ", " + b + ")")
}

// atomText is p's text as an operand of // (parenthesised unless a single symbol).
func (p *Poly) atomText() string {
	if len(p.terms) == 1 && p.terms[0].coef == 1 && len(p.terms[0].vars) == 1 {
		return p.terms[0].vars[0]
	}
	return "(" + p.String() + ")"
}

// Eval returns p's value with each symbol bound by env (false when one is not, or on overflow).
func (p *Poly) Eval(env func(string) (int64, bool)) (int64, bool) {
	if p == nil {
		return 0, false
	}
	var sum int64
	for _, t := range p.terms {
		v := t.coef
		for _, name := range t.vars {
			x, ok := env(name)
			if !ok || (x != 0 && abs64(v) > (1<<62)/abs64(x)) {
				return 0, false
			}
			v *= x
		}
		if (sum > 0 && v > (1<<62)-sum) || (sum < 0 && v < -(1<<62)-sum) {
			return 0, false
		}
		sum += v
	}
	return sum, true
}

// String renders p in Python syntax, canonically: "16*n**2 + 2*n - 3", "n*m", "n//2 + 1"; "?"
// for nil.
func (p *Poly) String() string { return p.format("*", "**", "") }

// Pretty renders p for messages: "16·n² + 2·n − 3" style with · and superscripts.
func (p *Poly) Pretty() string { return p.format("·", "", "pretty") }

func (p *Poly) format(times, pow, style string) string {
	if p == nil {
		return "?"
	}
	if len(p.terms) == 0 {
		return "0"
	}
	var b strings.Builder
	for i, t := range p.terms {
		c := t.coef
		switch {
		case i == 0 && c < 0:
			b.WriteString("-")
			c = -c
		case i > 0 && c < 0:
			b.WriteString(" - ")
			c = -c
		case i > 0:
			b.WriteString(" + ")
		}
		parts := []string{}
		if c != 1 || len(t.vars) == 0 {
			parts = append(parts, strconv.FormatInt(c, 10))
		}
		for j := 0; j < len(t.vars); {
			k := j
			for k < len(t.vars) && t.vars[k] == t.vars[j] {
				k++
			}
			v := t.vars[j]
			if strings.ContainsAny(v, " +-") && !strings.HasPrefix(v, "max(") && !strings.HasPrefix(v, "min(") && !strings.HasPrefix(v, "(") {
				v = "(" + v + ")"
			}
			switch {
			case k-j == 1:
			case style == "pretty":
				v += superscript(k - j)
			default:
				v += pow + strconv.Itoa(k-j)
			}
			parts = append(parts, v)
			j = k
		}
		b.WriteString(strings.Join(parts, times))
	}
	return b.String()
}

func superscript(n int) string {
	const digits = "⁰¹²³⁴⁵⁶⁷⁸⁹"
	var out []rune
	for _, d := range strconv.Itoa(n) {
		out = append(out, []rune(digits)[d-'0'])
	}
	return string(out)
}

// normalize merges like terms, drops zeros and sorts; nil when a coefficient is too large.
func normalize(ts []term) *Poly {
	slices.SortFunc(ts, compareTerms)
	out := ts[:0:0]
	for _, t := range ts {
		if n := len(out); n > 0 && slices.Equal(out[n-1].vars, t.vars) {
			out[n-1].coef += t.coef
			if abs64(out[n-1].coef) > maxCoef {
				return nil
			}
			continue
		}
		if abs64(t.coef) > maxCoef {
			return nil
		}
		out = append(out, t)
	}
	out = slices.DeleteFunc(out, func(t term) bool { return t.coef == 0 })
	return &Poly{terms: out}
}

// compareTerms orders terms by degree, highest first, then by their variables.
func compareTerms(a, b term) int {
	if len(a.vars) != len(b.vars) {
		return len(b.vars) - len(a.vars)
	}
	return slices.Compare(a.vars, b.vars)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
