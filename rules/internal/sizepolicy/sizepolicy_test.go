package sizepolicy

import "testing"

func TestDecide(t *testing.T) {
	known := func(n int64) Size { return Size{Bytes: n, Known: true} }
	unknown, small := Size{}, Size{Small: func() bool { return true }}
	large := Policy{Scale: Large, Min: 1 << 20}
	autoLarge := Policy{Scale: Large, Auto: true, Why: "this module imports cupy", Min: 1 << 20}
	knownOnly := Policy{Scale: Known, Min: 1 << 20}
	autoKnown := Policy{Scale: Known, Auto: true, Min: 1 << 20}
	for _, c := range []struct {
		name string
		p    Policy
		s    Size
		want Verdict
	}{
		{"known small, large", large, known(100), Quiet},
		{"known large, large", large, known(2 << 20), Report},
		{"unknown, large", large, unknown, Report},
		{"small by the code, large", large, small, Quiet},
		{"unknown, auto resolved large: held (no problem size)", autoLarge, unknown, Held},
		{"from an option, auto resolved large", autoLarge, Size{FromOption: func() bool { return true }}, Report},
		{"not from an option, auto resolved large", autoLarge, Size{FromOption: func() bool { return false }}, Held},
		{"stated small, auto resolved large", autoLarge, Size{Stated: func() (int64, string, bool) { return 100, "", true }}, Quiet},
		{"stated large, auto resolved large", autoLarge, Size{Stated: func() (int64, string, bool) { return 2 << 20, "", true }}, Report},
		{"stated small, known", knownOnly, Size{Stated: func() (int64, string, bool) { return 100, "", true }}, Quiet},
		{"known large, known", knownOnly, known(2 << 20), Report},
		{"known small, known", knownOnly, known(100), Quiet},
		{"unknown, known", knownOnly, unknown, Quiet},
		{"unknown, auto resolved known: held", autoKnown, unknown, Held},
		{"small by the code, auto resolved known", autoKnown, small, Quiet},
		{"known small, auto resolved known", autoKnown, known(100), Quiet},
		{"min-bytes 0 reports everything", Policy{Scale: Known}, known(8), Report},
		{"bounded below min-bytes, large", large, Size{AtMost: 168}, Quiet},
		{"bounded above min-bytes, large", large, Size{AtMost: 2 << 20}, Report},
		{"minor, auto resolved large: held", autoLarge, Size{Minor: func() bool { return true }}, Held},
		{"minor, large", large, Size{Minor: func() bool { return true }}, Report},
	} {
		if got := c.p.Decide(c.s); got != c.want {
			t.Errorf("%s: Decide(%+v) = %v, want %v", c.name, c.s, got, c.want)
		}
	}
}

func TestDecideTestCode(t *testing.T) {
	p := Policy{Scale: Large, Min: 1 << 20, test: true}
	if got := p.Decide(Size{Bytes: 2 << 20, Known: true}); got != Quiet {
		t.Errorf("a known-large array in a test: %v, want Quiet", got)
	}
	if !p.Silent() {
		t.Error("test code without check-tests is not Silent: the rules would look for nothing")
	}
	p.Tests = true
	if p.Silent() {
		t.Error("check-tests set: the policy is Silent")
	}
	if got := p.Decide(Size{}); got != Report {
		t.Errorf("check-tests: an unknown-size array in a test under large: %v, want Report", got)
	}
}

func TestScaleCheck(t *testing.T) {
	for _, v := range []string{Auto, Large, Known} {
		if err := Scale.Check(v); err != nil {
			t.Errorf("Scale.Check(%q) = %v", v, err)
		}
	}
	if err := Scale.Check("huge"); err == nil {
		t.Errorf("Scale.Check(\"huge\") accepted")
	}
}
