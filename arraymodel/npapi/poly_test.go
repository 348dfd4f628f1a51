package npapi

import "testing"

func TestPolyCanonicalForm(t *testing.T) {
	n, m := Var("n"), Var("m")
	for _, c := range []struct {
		p    *Poly
		want string
	}{
		{n.Mul(n).Scale(16), "16*n**2"},
		{n.Add(Const(1)).Mul(n.Sub(Const(1))), "n**2 - 1"},
		{m.Mul(n).Add(n.Mul(m)), "2*m*n"},
		{n.Scale(2).Add(Const(2)).FloorDiv(2), "n + 1"},
		{n.FloorDiv(2).Add(Const(1)), "n//2 + 1"},
		{n.Add(Const(1)).FloorDiv(3), "(n + 1)//3"},
		{n.Sub(n), "0"},
		{Const(7).FloorDiv(2), "3"},
		{Const(-7).FloorDiv(2), "-4"},
		{n.Max(n.Add(Const(2))), "n + 2"},
		{n.Min(m), "min(m, n)"},
		{m.Min(n), "min(m, n)"},
		{Const(3).Sub(n), "-n + 3"},
		{n.Pow(3), "n**3"},
		{nil, "?"},
		{n.Add(nil), "?"},
		{Const(1 << 40).Mul(Const(1 << 40)), "?"},
	} {
		if got := c.p.String(); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
	if got := n.Mul(n).Scale(16).Add(n.Scale(8)).Pretty(); got != "16·n² + 8·n" {
		t.Errorf("Pretty = %q", got)
	}
}

func TestPolyEqualAndEval(t *testing.T) {
	n, m := Var("n"), Var("m")
	a := n.Add(m).Mul(n.Add(m))
	b := n.Mul(n).Add(m.Mul(m)).Add(n.Mul(m).Scale(2))
	if !a.Equal(b) {
		t.Errorf("(n+m)**2 != n**2 + 2*m*n + m**2: %s vs %s", a, b)
	}
	if n.Equal(m) || n.Equal(nil) || (*Poly)(nil).Equal(nil) {
		t.Errorf("distinct or unknown polynomials compare equal")
	}
	env := func(s string) (int64, bool) {
		switch s {
		case "n":
			return 20000, true
		case "m":
			return 3, true
		}
		return 0, false
	}
	if v, ok := n.Mul(n).Scale(16).Eval(env); !ok || v != 6_400_000_000 {
		t.Errorf("16*n**2 at n=20000 = %d, %v", v, ok)
	}
	if _, ok := Var("k").Eval(env); ok {
		t.Errorf("an unbound symbol evaluates")
	}
	if c, ok := n.Sub(n).Add(Const(4)).Const(); !ok || c != 4 {
		t.Errorf("n - n + 4 is not the constant 4")
	}
	if got := a.Symbols(); len(got) != 2 || got[0] != "m" || got[1] != "n" {
		t.Errorf("Symbols = %v", got)
	}
}

// AtLeast holds for sizes (symbols ≥ 1): by the coefficients, or once each symbol is shifted by
// one; it does not claim what is false or what it cannot tell.
func TestPolyAtLeast(t *testing.T) {
	n, m := Var("n"), Var("m")
	cases := []struct {
		p, q *Poly
		want bool
	}{
		{n.Mul(n).Scale(24).Add(n.Scale(8)), n.Mul(n).Scale(16).Add(n.Scale(16)), true}, // 8n² − 8n ≥ 0 for n ≥ 1
		{n.Mul(n).Scale(16).Add(n.Scale(16)), n.Mul(n).Scale(24).Add(n.Scale(8)), false},
		{n.Mul(m).Scale(8), n.Scale(8), true},  // 8nm − 8n ≥ 0 for m ≥ 1
		{n.Scale(8), n.Mul(m).Scale(8), false}, // false for m ≥ 2
		{n.Mul(n), n.Scale(3), false},          // n² < 3n at n = 2
		{n, n, true},
		{Const(5), Const(7), false},
		{nil, n, false},
	}
	for _, c := range cases {
		if got := c.p.AtLeast(c.q); got != c.want {
			t.Errorf("%s ≥ %s: %v, want %v", c.p, c.q, got, c.want)
		}
	}
}

func TestPolySymbol(t *testing.T) {
	n, m := Var("n"), Var("m")
	for _, c := range []struct {
		p    *Poly
		want string
		ok   bool
	}{
		{n, "n", true},
		{Var("x.shape[2]"), "x.shape[2]", true},
		{n.Scale(2), "", false},
		{n.Pow(2), "", false},
		{n.Add(Const(1)), "", false},
		{n.Mul(m), "", false},
		{n.Neg(), "", false},
		{Const(3), "", false},
		{nil, "", false},
	} {
		if got, ok := c.p.Symbol(); got != c.want || ok != c.ok {
			t.Errorf("%v.Symbol() = %q, %v; want %q, %v", c.p, got, ok, c.want, c.ok)
		}
	}
}
