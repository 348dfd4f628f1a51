package analysistest

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
)

// fakeT records failures so the tests can check that the harness fails when it must.
type fakeT struct {
	testing.TB
	mu   sync.Mutex
	errs []string
}

func (f *fakeT) Helper() {}

func (f *fakeT) Errorf(format string, args ...any) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.errs = append(f.errs, fmt.Sprintf(format, args...))
}

func (f *fakeT) Fatalf(format string, args ...any) { f.Errorf(format, args...) }

// wordRule reports each occurrence of "bad"; fix (may be nil) builds its fixes.
func wordRule(code, name string, avail analyzer.FixAvailability, fix func(pass *analysis.Pass, in *pyinspect.Result, rng pyparse.Range) []analysis.SuggestedFix) *analyzer.Rule {
	return analyzer.MustRule(analyzer.RuleSpec{
		Code: code, Name: name, Summary: "the word bad", Severity: analyzer.Warning, Fix: avail,
		Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
			src := in.File.Src
			for off := 0; ; {
				i := bytes.Index(src[off:], []byte("bad"))
				if i < 0 {
					return nil, nil
				}
				rng := pyparse.Range{Start: pyparse.Offset(off + i), End: pyparse.Offset(off + i + 3)}
				off += i + 3
				if inComment(in.File, rng.Start) {
					continue
				}
				d := in.DiagnosticRange(rng, "`bad` found")
				if fix != nil {
					d.SuggestedFixes = fix(pass, in, rng)
				}
				pass.Report(d)
			}
		},
	})
}

func inComment(f *pyparse.File, o pyparse.Offset) bool {
	for _, c := range f.Comments {
		if c.Contains(o) {
			return true
		}
	}
	return false
}

func replaceWith(text string) func(*analysis.Pass, *pyinspect.Result, pyparse.Range) []analysis.SuggestedFix {
	return func(pass *analysis.Pass, in *pyinspect.Result, rng pyparse.Range) []analysis.SuggestedFix {
		return []analysis.SuggestedFix{{Message: "Replace with " + text, TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, text)}}}
	}
}

var (
	goodRule    = wordRule("AL811", "test-good", analyzer.FixAlways, replaceWith("good"))
	neverRule   = wordRule("AL812", "test-never", analyzer.FixNever, replaceWith("good"))
	alwaysRule  = wordRule("AL813", "test-always", analyzer.FixAlways, nil)
	overlapRule = wordRule("AL814", "test-overlap", analyzer.FixSometimes, func(pass *analysis.Pass, in *pyinspect.Result, rng pyparse.Range) []analysis.SuggestedFix {
		return []analysis.SuggestedFix{{Message: "Overlap", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "x"), in.ReplaceRange(pyparse.Range{Start: rng.Start + 1, End: rng.End}, "y")}}}
	})
	growRule   = wordRule("AL815", "test-grow", analyzer.FixAlways, replaceWith("badbad"))
	breakRule  = wordRule("AL816", "test-break", analyzer.FixAlways, replaceWith("bad("))
	silentRule = wordRule("AL817", "test-nomsg", analyzer.FixAlways, func(pass *analysis.Pass, in *pyinspect.Result, rng pyparse.Range) []analysis.SuggestedFix {
		return []analysis.SuggestedFix{{TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "good")}}}
	})
	unsafeRule = wordRule("AL818", "test-unsafe", analyzer.FixAlways, func(pass *analysis.Pass, in *pyinspect.Result, rng pyparse.Range) []analysis.SuggestedFix {
		fix := analysis.SuggestedFix{Message: "Replace with good", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "good")}}
		analyzer.SetApplicability(pass, &fix, analyzer.Unsafe)
		return []analysis.SuggestedFix{fix}
	})
	multilineRule = wordRule("AL819", "test-multiline", analyzer.FixSometimes, func(pass *analysis.Pass, in *pyinspect.Result, rng pyparse.Range) []analysis.SuggestedFix {
		return []analysis.SuggestedFix{{Message: "Replace\nwith good", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "good")}}}
	})
)

// failures runs the harness on a fake TB and returns what it reported.
func failures(rule *analyzer.Rule, fixes bool, pkgs ...string) []string {
	ft := &fakeT{}
	if fixes {
		RunWithSuggestedFixes(ft, TestData(), rule, pkgs...)
	} else {
		Run(ft, TestData(), rule, pkgs...)
	}
	return ft.errs
}

func TestHarnessPasses(t *testing.T) {
	RunWithSuggestedFixes(t, TestData(), goodRule, "good", "plusone", "ranged", "negative")
	if errs := failures(goodRule, true, "good", "plusone", "ranged", "negative"); len(errs) != 0 {
		t.Errorf("harness failed on correct expectations: %q", errs)
	}
	RunWithSuggestedFixes(t, TestData(), unsafeRule, "unsafe")
}

func TestHarnessFails(t *testing.T) {
	for _, tc := range []struct {
		name  string
		rule  *analyzer.Rule
		fixes bool
		pkgs  []string
		want  string
	}{
		{"unmatched want", goodRule, false, []string{"missing"}, "missing/missing.py:1: no finding matched"},
		{"finding without want", goodRule, false, []string{"extra"}, "extra/extra.py:1:5-1:8: unexpected finding: `bad` found"},
		{"wrong start column", goodRule, false, []string{"badrange"}, "badrange.py:1: no finding matched `found` at column 4"},
		{"wrong end column", goodRule, false, []string{"badrange"}, "badrange.py:2: no finding matched `found` at 5-2:9"},
		{"positive fixture without wants", goodRule, false, []string{"quiet"}, "positive fixture quiet holds no `# want`"},
		{"negative fixture with wants", goodRule, false, []string{"negativewant"}, "negativewant is a negative fixture"},
		{"unsafe golden missing", unsafeRule, true, []string{"unsafenogolden"}, "unsafenogolden.py.unsafe.golden is missing"},
		{"unsafe golden differs", goodRule, true, []string{"unsafe"}, "unsafe.py.golden is missing"},
		{"message spans lines", multilineRule, false, []string{"good"}, "message spans lines"},
		{"golden differs", goodRule, true, []string{"badgolden"}, "fixed file differs from badgolden.py.golden"},
		{"golden missing", goodRule, true, []string{"nogolden"}, "nogolden.py.golden is missing"},
		{"text after patterns", goodRule, false, []string{"badwant"}, "text follows the patterns"},
		{"want without patterns", goodRule, false, []string{"badwant"}, "line 2: `# want` without patterns"},
		{"FixNever with a fix", neverRule, false, []string{"good"}, "declares FixNever but suggests"},
		{"FixAlways without a fix", alwaysRule, false, []string{"good"}, "declares FixAlways but this finding has no fix"},
		{"overlapping edits", overlapRule, false, []string{"good"}, "reported a bad fix: check edit"},
		{"fix without message", silentRule, false, []string{"good"}, "a fix without a message"},
		{"no convergence", growRule, true, []string{"nogolden"}, "did not converge"},
		{"fix breaks syntax", breakRule, true, []string{"nogolden"}, "fix \"Replace with bad(\" refused: the result would not parse"},
		{"no such package", goodRule, false, []string{"nope"}, "no Python files"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := failures(tc.rule, tc.fixes, tc.pkgs...)
			if !strings.Contains(strings.Join(errs, "\n"), tc.want) {
				t.Errorf("harness reported %q, want a failure containing %q", errs, tc.want)
			}
		})
	}
}

func TestRunWithConfig(t *testing.T) {
	// Ignoring the rule in the configuration leaves the wants unmatched: the config is used.
	ft := &fakeT{}
	RunWithConfig(ft, TestData(), goodRule, "ignore = [\"AL811\"]\n", false, "good")
	if !strings.Contains(strings.Join(ft.errs, "\n"), "no finding matched") {
		t.Errorf("config not applied: %q", ft.errs)
	}
	ft = &fakeT{}
	RunWithConfig(ft, TestData(), goodRule, "bogus = 1\n", false, "good")
	if !strings.Contains(strings.Join(ft.errs, "\n"), "unknown key") {
		t.Errorf("bad config not reported: %q", ft.errs)
	}
}
