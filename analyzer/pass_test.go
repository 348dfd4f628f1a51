package analyzer

import (
	"testing"

	"golang.org/x/tools/go/analysis"
)

func passWith(st *PassState) *analysis.Pass {
	return &analysis.Pass{ResultOf: map[*analysis.Analyzer]any{StateKey: st}}
}

func TestSetApplicabilityIsPerPass(t *testing.T) {
	for _, a := range []Applicability{Safe, Unsafe, DisplayOnly} {
		st := NewPassState(nil)
		pass := passWith(st)
		fix := analysis.SuggestedFix{Message: "Do it", TextEdits: []analysis.TextEdit{{Pos: 1, End: 2}}}
		SetApplicability(pass, &fix, Unsafe)
		SetApplicability(pass, &fix, a) // the last call wins
		if got := st.Applicability(fix); got != a || fix.Message != "Do it" {
			t.Errorf("SetApplicability(%v): got %v %q", a, got, fix.Message)
		}
		if c := fix; st.Applicability(c) != a {
			t.Errorf("SetApplicability(%v): a copy of the fix lost it", a)
		}
		// Another pass's state knows nothing of this pass's fixes.
		if got := NewPassState(nil).Applicability(fix); got != Safe {
			t.Errorf("SetApplicability(%v) leaked into another pass: %v", a, got)
		}
		if a == Safe && len(st.apps) != 0 {
			t.Errorf("a fix set back to safe is still recorded: %v", st.apps)
		}
	}
	if a := NewPassState(nil).Applicability(analysis.SuggestedFix{Message: "Show it"}); a != DisplayOnly {
		t.Errorf("a fix without edits is %v, want display", a)
	}
	// Outside the driver there is no state: nothing is recorded anywhere.
	fix := analysis.SuggestedFix{Message: "Do it", TextEdits: []analysis.TextEdit{{Pos: 1, End: 2}}}
	SetApplicability(&analysis.Pass{}, &fix, Unsafe)
}

func TestConfigOfWithoutDriver(t *testing.T) {
	r := MustRule(RuleSpec{Code: "AL899", Name: "test-pass-state", Summary: "a test rule",
		Options: []Option{{Name: "n", Default: int64(3)}},
		Run:     func(*analysis.Pass) (any, error) { return nil, nil }})
	pass := &analysis.Pass{Analyzer: r.Analyzer}
	if s := ConfigOf(pass); s.Section("memory") != nil || s.Flags("memory") != nil || s.FileDir() != "" {
		t.Errorf("settings outside the driver are not empty")
	}
	if v := OptionValue(pass, "n"); v != int64(3) {
		t.Errorf("OptionValue outside the driver = %v, want the default 3", v)
	}
}
