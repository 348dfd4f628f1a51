// Package sizepolicy holds the one size policy of the rules that size their findings (AL103, AL107,
// AL301, AL303, AL304): a finding about memory or speed is worth making only on an array that is
// large, in code whose speed matters.
//
// Which arrays count as large is the `scale` setting:
//
//   - known: an array whose size is known (a constant, or bound through an argparse default, an
//     `# arraylint: assume` comment, --assume, a call site) and at least the rule's min-bytes;
//   - large: also every array whose size is not known, unless the code shows it is small (it is
//     built once per element of the data, in a loop over the data's elements, or it runs along
//     some axes of a larger input, np.linspace(0, 1, vol.shape[2]));
//   - auto (the default): known, and also an array of unknown size whose size is the problem size
//     the program is run with — a command-line option, reached through the calls and
//     arithmetic that pass it on (arrays.Info.FromOption) — unless it is minor beside the code's
//     data (one length of it, such as a coordinate axis, or dwarfed by a larger array the same
//     function makes: arrays.Info.Minor). Where scale is large, a size the project's callers
//     all state (arrays.Info.StatedElems) is judged like a known one. Auto used to count every
//     array of unknown size as large in code written for scale (accelerator imports, the array
//     module as a value, a configured target: writtenForScale, still the messages' and the
//     JSON's word for such code); on held-out code those findings were mostly false
//     (bench/heldout13/REVIEW.md). A finding auto holds back is counted
//     (analyzer.HeldCategory), so the summary can say how to see it.
//
// A NumPy library's sizes are its callers': nothing in it says whether an array is large, and
// on real libraries such arrays were mostly small by their domain (bench/precision.md). Code
// written for accelerators, or for several array libraries at once, is written to run large
// arrays: there an array of unknown size is a large one. Test code is quiet unless check-tests
// is set: its arrays are fixtures chosen small.
package sizepolicy

import (
	"fmt"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/memory"
	"golang.org/x/tools/go/analysis"
)

// The values of the scale setting.
const (
	Auto  = "auto"
	Large = "large"
	Known = "known"
)

// CheckTests is the rule option that turns the test-code exemption off (each rule using this
// policy lists CheckTests.Option among its options). bench/fixcheck.sh sets it, with min-bytes 0,
// to try every fix the rules can make against real test suites.
var CheckTests = analyzer.NewOption[bool]("check-tests", false,
	"also check test code (test_*.py, *_test.py, conftest.py, files under test/tests/testing) and benchmarks")

// Scale is the rule option that says which arrays count as large: "known", "large" or "auto".
// It is Global: the configuration's top level (and `--scale`) sets it for every sized rule.
var Scale = analyzer.TypedOption[string]{Option: analyzer.Option{Name: "scale", Default: Auto, Global: true,
	Doc: `which arrays count as large: "known" (size known and at least min-bytes), "large" (also every array not known to be small) or "auto" (known, and also an array of unknown size that is the program's problem size, set on its command line, unless minor beside its data)`,
	Check: func(v any) error {
		switch v {
		case Auto, Large, Known:
			return nil
		}
		return fmt.Errorf(`want "auto", "large" or "known", have %q`, v)
	}}}

// Size is what a rule knows of the size of the array a finding is about. The other facts are
// asked only when they decide: Small of a size not known to be large, Formula and Source of a
// finding that is reported (each may cost a walk of the file).
type Size struct {
	Bytes int64 // the size in bytes, when Known
	Known bool
	// Small, when set, says whether the code shows the array small though its size is not
	// known (arrays.Info.ShownSmall).
	Small func() bool
	// Formula, when set, gives the size as a formula over the program's symbols ("8·N"), or "".
	Formula func() string
	// Source, when set, says where the formula's symbols come from (arrays.Info.SizeSource).
	Source func() string
	// AtMost, when positive, bounds the size in bytes of an array whose size is not known (the
	// values decide it: np.unique of an array of known size); below min-bytes it is small.
	AtMost int64
	// Minor, when set, says whether the array, its size not known, is minor beside the data of
	// the code that makes it (arrays.Info.Minor): auto holds a finding on it back, as not worth
	// making at the sizes the code runs at; scale = "large" reports it.
	Minor func() bool
	// Stated, when set, gives the size in bytes of an array whose size is not known at the
	// integers every caller in the project states for its symbols, and where they are stated
	// (arrays.Info.StatedElems): where scale counts unknown sizes as large, that is the size the
	// program runs at, small or large by min-bytes like a known one.
	Stated func() (bytes int64, where string, ok bool)
	// FromOption, when set, says whether the size of an array whose size is not known comes
	// from the problem size the program is run with: a command-line option, through the calls
	// that hand it on (arrays.Info.FromOption). Scale auto counts such an array as large in code
	// written for scale; any other it holds back.
	FromOption func() bool
}

// Verdict is what the policy says of a finding.
type Verdict uint8

// The verdicts.
const (
	Quiet  Verdict = iota // not reported
	Report                // reported
	Held                  // not reported under auto here, but scale = "large" would report it
)

// Policy is the size policy of one rule on one file.
type Policy struct {
	// Scale is "large" or "known": the setting, with auto resolved for the file.
	Scale string
	// Auto is set when Scale comes from "auto"; Why then says what decided it.
	Auto bool
	Why  string
	// Min is the rule's min-bytes (0 reports every array).
	Min int64
	// Tests is check-tests: test code speaks too.
	Tests bool
	// test: the file is test code (TestCode), worked out once
	test bool
}

// For returns the policy of the pass's rule on its file, with min-bytes min.
func For(pass *analysis.Pass, path string, info *arrays.Info, min int64) Policy {
	p := Policy{Scale: Scale.Value(pass), Min: min, Tests: CheckTests.Value(pass), test: analyzer.TestCode(path)}
	if p.Scale == Auto {
		p.Auto = true
		p.Scale = Known
		if why := writtenForScale(info.Imports(), analyzer.ConfigOf(pass)); why != "" {
			p.Scale, p.Why = Large, why
		}
	}
	return p
}

// TestExempt reports whether the pass's file is test code that the policy keeps quiet
// (check-tests not set): a rule reports nothing there, so it may skip the work of looking.
func TestExempt(pass *analysis.Pass, path string) bool {
	return !CheckTests.Value(pass) && analyzer.TestCode(path)
}

// Silent reports whether the policy reports nothing on its file, whatever the size: test code
// with check-tests unset. A rule then has nothing to look for there.
func (p Policy) Silent() bool { return !p.Tests && p.test }

// Decide says whether a finding on an array of size s is reported.
func (p Policy) Decide(s Size) Verdict {
	if p.Silent() {
		return Quiet
	}
	switch {
	case p.Min <= 0:
		return Report
	case s.Known && s.Bytes >= p.Min:
		return Report
	case s.Known || s.AtMost > 0 && s.AtMost < p.Min || s.Small != nil && s.Small():
		return Quiet
	}
	if b, _, ok := p.stated(s); ok {
		if b >= p.Min {
			return Report
		}
		return Quiet
	}
	switch {
	case p.Auto:
		// the problem size the program is run with, and not minor beside the code's data
		if s.FromOption != nil && s.FromOption() && (s.Minor == nil || !s.Minor()) {
			return Report
		}
		return Held
	case p.Scale == Large:
		return Report
	}
	return Quiet
}

// Unknowable reports whether no finding on an array whose size is not known can be reported or
// held under this policy (scale = "known" set, not resolved from auto): a rule may skip the
// work of making one.
func (p Policy) Unknowable() bool { return p.Scale == Known && !p.Auto && p.Min > 0 }

// Report reports d on an array of size s as the policy decides: with the scale it applied, held
// back (counted) or not at all.
func (p Policy) Report(pass *analysis.Pass, s Size, d analysis.Diagnostic) {
	p.ReportLazy(pass, s, func() analysis.Diagnostic { return d })
}

// ReportLazy is Report of the diagnostic build makes, made only where the finding is reported:
// a finding held back is only counted, so its message and fixes are not worth building.
func (p Policy) ReportLazy(pass *analysis.Pass, s Size, build func() analysis.Diagnostic) {
	switch p.Decide(s) {
	case Report:
		d := build()
		formula, source := call(s.Formula), call(s.Source)
		b, where, stated := p.stated(s)
		switch {
		case stated:
			note := arrays.Bytes(b) + " where " + where
			if formula != "" {
				note = formula + " bytes = " + note
			}
			d.Message += " (" + note + ")"
		case !s.Known && p.Min > 0:
			d.Message += p.unknownNote(formula, source)
		case s.Known && source != "":
			// a known size computed from an option's default: say which and where
			note := source
			if formula != "" {
				note = formula + " bytes; " + note
			}
			d.Message += " (" + note + ")"
		}
		d.Category = analyzer.ScaleCategory + p.Scale
		pass.Report(d)
	case Held:
		pass.Report(analysis.Diagnostic{Category: analyzer.HeldCategory})
	}
}

// stated is s.Stated where it decides: an unknown size, under a scale that counts such sizes
// as large (only there is the search of the project's callers worth its cost).
func (p Policy) stated(s Size) (int64, string, bool) {
	if s.Known || s.Stated == nil || p.Scale != Large || p.Min <= 0 {
		return 0, "", false
	}
	return s.Stated()
}

// unknownNote says why a finding on an array whose size is not known is made, with the size's
// formula (when the message does not give it) and its source.
func (p Policy) unknownNote(formula, source string) string {
	size := ""
	if formula != "" {
		size = formula + " bytes; "
	}
	if source != "" {
		size += source + "; "
	}
	if p.Auto {
		return fmt.Sprintf(" (%slarge by scale auto: the program's problem size, set on its command line)", size)
	}
	return fmt.Sprintf(" (%slarge by scale = %q)", size, p.Scale)
}

// writtenForScale says why a module is written to run large arrays, or "": it imports an
// accelerator array library or dask.array, takes the array module as a value, or its
// configuration (or the command line) sets a memory target or backend.
func writtenForScale(imp *imports.Info, cfg analyzer.Settings) string {
	b := imp.Backends()
	for _, l := range []struct {
		b    imports.Backend
		name string
	}{{imports.CuPyNumeric, "cupynumeric"}, {imports.CuPy, "cupy"}, {imports.JAX, "jax"}} {
		if b&l.b != 0 {
			return "this module imports " + l.name
		}
	}
	if imp.ImportsUnder("dask.array") {
		return "this module imports dask.array"
	}
	if imp.TakesModule() {
		return "this module takes the array module as a value"
	}
	for _, m := range []map[string]any{cfg.Section("memory"), cfg.Flags("memory")} {
		if len(m) == 0 {
			continue // (most runs: the table is not copied out for every rule on every file)
		}
		for _, o := range memory.TargetOptionTable(memory.InConfig | memory.InCheck) {
			if _, ok := m[o.Name]; ok && o.Scale {
				return "the configuration sets a memory " + o.Name
			}
		}
	}
	return ""
}

// call returns f's text, or "" when f is nil.
func call(f func() string) string {
	if f == nil {
		return ""
	}
	return f()
}
