// Package analysistest runs a rule on Python test files and checks its findings against
// `# want "regexp"` comments, as golang.org/x/tools/go/analysis/analysistest does for Go.
//
// Test files live in dir/src/<pkg>/*.py and stay valid Python. A comment
//
//	x = x * k  # want "allocates a second array" `x \*= k`
//
// expects one finding per pattern on its line, each pattern a Go-quoted (double- or back-quoted)
// regular expression matched against the message. `# want +1 "rx"` targets the next line (for
// lines that cannot hold a comment). Nothing may follow the patterns. Every line without a want
// must produce no finding of the rule.
//
// A range before the patterns also checks where the finding is, in 1-based byte columns as the
// printers show them (the end column is just past the range):
//
//	y = x.astype(np.float64)  # want @5 "already float64"        starts at column 5
//	y = x.astype(np.float64)  # want @5-25 "already float64"     columns 5 to 25 of this line
//	y = (a  # want @5-+1:20 "already float64"                    ends at column 20 one line down
//
// The range applies to every pattern of its comment.
//
// A package directory named negative… is a negative fixture: it must hold no `# want`, so the
// rule must stay quiet on all of it. Every other package is positive and must hold at least one
// `# want` (a positive fixture that reports nothing fails the test).
//
// Every run also checks the harness invariants: the rule never crashes, messages are one line,
// fixes carry a message and non-overlapping edits inside the file, and findings carry fixes as
// the rule's FixAvailability declares. RunWithSuggestedFixes also applies the safe fixes until
// they converge (at most driver.MaxFixRounds rounds), requires every fix to keep the file
// parsing, and compares the result with <file>.golden; then it does the same with the unsafe fixes
// too, against <file>.unsafe.golden (needed when the unsafe fixes change the result of the safe
// ones). Display-only fixes are never applied.
package analysistest

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/pyparse"
)

// TestData returns the absolute path of the caller's ./testdata directory.
func TestData() string {
	_, file, _, ok := runtime.Caller(1)
	if !ok {
		abs, _ := filepath.Abs("testdata")
		return abs
	}
	return filepath.Join(filepath.Dir(file), "testdata")
}

// Result is the outcome for one test file.
type Result struct {
	Path     string
	Findings []analyzer.Finding
}

// Run checks the rule's findings on dir/src/<pkg>/*.py against the files' `# want` comments.
func Run(t testing.TB, dir string, rule *analyzer.Rule, pkgs ...string) []*Result {
	t.Helper()
	return run(t, dir, rule, pkgs, false)
}

// RunWithSuggestedFixes is Run that also applies the safe fixes and compares each file's result
// with <file>.golden (a file whose fixes change it must have one).
func RunWithSuggestedFixes(t testing.TB, dir string, rule *analyzer.Rule, pkgs ...string) []*Result {
	t.Helper()
	return run(t, dir, rule, pkgs, true)
}

// RunWithConfig is Run (or RunWithSuggestedFixes, when fixes is set) with a configuration given
// as the text of an arraylint.toml, e.g. "[rules.AL304]\nmin-bytes = \"1KiB\"\n", to test
// rule options.
func RunWithConfig(t testing.TB, dir string, rule *analyzer.Rule, config string, fixes bool, pkgs ...string) []*Result {
	t.Helper()
	cfg, err := driver.ParseConfig(filepath.Join(dir, "arraylint.toml"), []byte(config))
	if err != nil {
		t.Fatalf("analysistest: %v", err)
		return nil
	}
	return runConfig(t, dir, rule, cfg, pkgs, fixes)
}

// run uses the configuration discovered for each file (a pyproject.toml or arraylint.toml in its
// testdata directory), or the defaults.
func run(t testing.TB, dir string, rule *analyzer.Rule, pkgs []string, fixes bool) []*Result {
	t.Helper()
	return runConfig(t, dir, rule, nil, pkgs, fixes)
}

func runConfig(t testing.TB, dir string, rule *analyzer.Rule, cfg *driver.Config, pkgs []string, fixes bool) []*Result {
	t.Helper()
	rn, err := driver.NewRunner([]*analyzer.Rule{rule})
	if err != nil {
		t.Fatalf("analysistest: %v", err)
		return nil
	}
	rn.SetStrict(true)
	var results []*Result
	for _, pkg := range pkgs {
		files, err := filepath.Glob(filepath.Join(dir, "src", pkg, "*.py"))
		if err != nil || len(files) == 0 {
			t.Errorf("analysistest: no Python files in %s", filepath.Join(dir, "src", pkg))
			continue
		}
		sort.Strings(files)
		negative := strings.HasPrefix(pkg, "negative")
		wants := 0
		for _, path := range files {
			fcfg := cfg
			if fcfg == nil { // discover pyproject.toml/arraylint.toml beside the file, as check does
				if fcfg, err = driver.LoadConfig(filepath.Dir(path)); err != nil {
					t.Errorf("analysistest: %v", err)
					continue
				}
			}
			r, n := checkFile(t, rn, rule, fcfg.WithDefaults(rule.Spec.Code), path, fixes) // (a preview rule too)
			if r != nil {
				results = append(results, r)
			}
			wants += n
		}
		switch {
		case negative && wants > 0:
			t.Errorf("analysistest: %s is a negative fixture (named negative…) but holds %d `# want` comments", pkg, wants)
		case !negative && wants == 0:
			t.Errorf("analysistest: positive fixture %s holds no `# want`: the rule must report something on it", pkg)
		}
	}
	return results
}

// expectation is one `# want` pattern.
type expectation struct {
	line    int
	rx      *regexp.Regexp
	rng     *wantRange // nil: any range starting on line
	matched bool
}

// wantRange is the range of a `# want @…`: start column, and when given the end line and column.
type wantRange struct {
	col, endLine, endCol int
}

// matches reports whether the finding's range is the expected one.
func (r *wantRange) matches(fd analyzer.Finding) bool {
	if r == nil {
		return true
	}
	if fd.Col != r.col {
		return false
	}
	return r.endLine == 0 || (fd.EndLine == r.endLine && fd.EndCol == r.endCol)
}

func (r *wantRange) String() string {
	if r == nil {
		return ""
	}
	if r.endLine == 0 {
		return fmt.Sprintf(" at column %d", r.col)
	}
	return fmt.Sprintf(" at %d-%d:%d", r.col, r.endLine, r.endCol)
}

// checkFile checks one test file and returns its result and its number of `# want` patterns.
func checkFile(t testing.TB, rn *driver.Runner, rule *analyzer.Rule, cfg *driver.Config, path string, fixes bool) (*Result, int) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("analysistest: %v", err)
		return nil, 0
	}
	rel := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path)
	f, err := pyparse.Parse(src)
	if err != nil {
		t.Errorf("analysistest: parse %s: %v", rel, err)
		return nil, 0
	}
	for _, e := range f.Errors {
		line, col := f.Lines.LineCol(e.Start)
		t.Errorf("%s:%d:%d: test file does not parse: %s", rel, line, col+1, e.Msg)
	}
	wants, errs := parseWants(f)
	for _, e := range errs {
		t.Errorf("%s: %v", rel, e)
	}
	findings, err := rn.CheckParsed(context.Background(), path, f, cfg)
	if err != nil {
		t.Errorf("analysistest: check %s: %v", rel, err)
		return nil, len(wants)
	}
	var own []analyzer.Finding
	for _, fd := range findings {
		if fd.Code == driver.InternalError.Spec.Code {
			t.Errorf("%s:%d:%d: %s", rel, fd.Line, fd.Col, fd.Message)
			continue
		}
		if fd.Code != rule.Spec.Code {
			continue
		}
		own = append(own, fd)
		matched := false
		for _, w := range wants {
			if !w.matched && w.line == fd.Line && w.rx.MatchString(fd.Message) && w.rng.matches(fd) {
				w.matched, matched = true, true
				break
			}
		}
		if !matched {
			t.Errorf("%s:%d:%d-%d:%d: unexpected finding: %s", rel, fd.Line, fd.Col, fd.EndLine, fd.EndCol, fd.Message)
		}
		checkFixInvariants(t, rule, rel, fd)
	}
	for _, w := range wants {
		if !w.matched {
			t.Errorf("%s:%d: no finding matched %#q%s", rel, w.line, w.rx, w.rng)
		}
	}
	if fixes {
		checkFixes(t, rn, cfg, path, rel, src)
	}
	return &Result{Path: path, Findings: own}, len(wants)
}

// checkFixInvariants checks one finding's fix against the rule's declared availability.
func checkFixInvariants(t testing.TB, rule *analyzer.Rule, rel string, fd analyzer.Finding) {
	t.Helper()
	switch {
	case rule.Spec.Fix == analyzer.FixNever && fd.Fix != nil:
		t.Errorf("%s:%d:%d: rule %s declares FixNever but suggests %q", rel, fd.Line, fd.Col, rule.Spec.Code, fd.Fix.Message)
	case rule.Spec.Fix == analyzer.FixAlways && fd.Fix == nil:
		t.Errorf("%s:%d:%d: rule %s declares FixAlways but this finding has no fix", rel, fd.Line, fd.Col, rule.Spec.Code)
	}
	if fd.Fix != nil && strings.TrimSpace(fd.Fix.Message) == "" {
		t.Errorf("%s:%d:%d: fix without a message", rel, fd.Line, fd.Col)
	}
	if strings.ContainsAny(fd.Message, "\r\n") || fd.Fix != nil && strings.ContainsAny(fd.Fix.Message, "\r\n") {
		t.Errorf("%s:%d:%d: message spans lines: %q", rel, fd.Line, fd.Col, fd.Message)
	}
}

// checkFixes applies the safe fixes to a fixed point and compares with the golden file, then the
// safe and unsafe ones with the unsafe golden.
func checkFixes(t testing.TB, rn *driver.Runner, cfg *driver.Config, path, rel string, src []byte) {
	t.Helper()
	safe, ok := applyFixes(t, rn, cfg, path, rel, src, false)
	if !ok {
		return
	}
	compareGolden(t, rel, path+".golden", src, safe)
	all, ok := applyFixes(t, rn, cfg, path, rel, src, true)
	if !ok {
		return
	}
	compareGolden(t, rel, path+".unsafe.golden", safe, all)
}

// applyFixes applies the fixes (the unsafe ones too when unsafe is set) until they converge and
// reports any that would break the syntax or never converge.
func applyFixes(t testing.TB, rn *driver.Runner, cfg *driver.Config, path, rel string, src []byte, unsafe bool) ([]byte, bool) {
	t.Helper()
	kind := "safe"
	if unsafe {
		kind = "unsafe"
	}
	res, err := rn.FixSource(context.Background(), path, src, cfg, unsafe)
	if err != nil {
		t.Errorf("%s: %v", rel, err)
		return nil, false
	}
	for _, fd := range res.Refused {
		t.Errorf("%s:%d:%d: %s fix %q refused: the result would not parse", rel, fd.Line, fd.Col, kind, fd.Fix.Message)
	}
	if res.Rounds == driver.MaxFixRounds {
		for _, fd := range res.Remaining {
			if fd.Fix != nil && (fd.Fix.Applicability == analyzer.Safe || unsafe && fd.Fix.Applicability == analyzer.Unsafe) {
				t.Errorf("%s: %s fixes did not converge within %d rounds", rel, kind, driver.MaxFixRounds)
				break
			}
		}
	}
	return res.Src, true
}

// compareGolden compares got with the golden file; without one, got must equal base (the source
// for the safe golden, the safely fixed source for the unsafe one).
func compareGolden(t testing.TB, rel, golden string, base, got []byte) {
	t.Helper()
	want, err := os.ReadFile(golden)
	if *update {
		switch {
		case string(got) != string(base) && (err != nil || string(got) != string(want)):
			if err := os.WriteFile(golden, got, 0o644); err != nil {
				t.Errorf("%s: update %s: %v", rel, filepath.Base(golden), err)
			}
		case string(got) == string(base) && err == nil:
			if err := os.Remove(golden); err != nil {
				t.Errorf("%s: remove %s: %v", rel, filepath.Base(golden), err)
			}
		}
		return
	}
	switch {
	case err != nil && string(got) != string(base):
		t.Errorf("%s: fixes changed the file but %s is missing; the fixed file is:\n%s", rel, filepath.Base(golden), got)
	case err == nil && string(got) != string(want):
		t.Errorf("%s: fixed file differs from %s:\n--- got ---\n%s--- want ---\n%s", rel, filepath.Base(golden), got, want)
	}
}

// update makes the test write the fixed files to their goldens (and remove goldens no fix needs)
// instead of comparing: `go test ./rules/x -update`, then review the diff.
var update = flag.Bool("update", false, "rewrite the .golden files of fixes instead of comparing them")

var wantRE = regexp.MustCompile(`^#\s*want\b`)

// parseWants reads the `# want` comments of f.
func parseWants(f *pyparse.File) ([]*expectation, []error) {
	var out []*expectation
	var errs []error
	for _, c := range f.Comments {
		text := c.Text(f.Src)
		loc := wantRE.FindStringIndex(text)
		if loc == nil {
			continue
		}
		line := f.Lines.Line(c.Start)
		rest := strings.TrimSpace(text[loc[1]:])
		if after, ok := strings.CutPrefix(rest, "+"); ok {
			i := strings.IndexFunc(after, func(r rune) bool { return r < '0' || r > '9' })
			if i <= 0 {
				errs = append(errs, fmt.Errorf("line %d: `# want +N` needs a line count", line))
				continue
			}
			n, _ := strconv.Atoi(after[:i])
			line += n
			rest = strings.TrimSpace(after[i:])
		}
		var rng *wantRange
		if after, ok := strings.CutPrefix(rest, "@"); ok {
			spec, tail, _ := strings.Cut(after, " ")
			r, err := parseRange(spec, line)
			if err != nil {
				errs = append(errs, fmt.Errorf("line %d: %v", line, err))
				continue
			}
			rng, rest = r, strings.TrimSpace(tail)
		}
		if rest == "" {
			errs = append(errs, fmt.Errorf("line %d: `# want` without patterns", line))
			continue
		}
		for rest != "" {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil || (q[0] != '"' && q[0] != '`') {
				errs = append(errs, fmt.Errorf("line %d: `# want` pattern is not a Go-quoted string, or text follows the patterns: %s", line, rest))
				break
			}
			s, _ := strconv.Unquote(q)
			rx, err := regexp.Compile(s)
			if err != nil {
				errs = append(errs, fmt.Errorf("line %d: bad `# want` pattern %s: %v", line, q, err))
			} else {
				out = append(out, &expectation{line: line, rx: rx, rng: rng})
			}
			rest = strings.TrimSpace(rest[len(q):])
		}
	}
	return out, errs
}

// parseRange parses the range of a `# want @…` on line: C, C-EC or C-+N:EC.
func parseRange(spec string, line int) (*wantRange, error) {
	bad := fmt.Errorf("bad `# want` range @%s: want @COL, @COL-ENDCOL or @COL-+LINES:ENDCOL", spec)
	startS, endS, hasEnd := strings.Cut(spec, "-")
	col, err := strconv.Atoi(startS)
	if err != nil || col < 1 {
		return nil, bad
	}
	r := &wantRange{col: col}
	if !hasEnd {
		return r, nil
	}
	r.endLine = line
	if after, ok := strings.CutPrefix(endS, "+"); ok {
		nS, ecS, ok := strings.Cut(after, ":")
		n, err := strconv.Atoi(nS)
		if !ok || err != nil || n < 0 {
			return nil, bad
		}
		r.endLine, endS = line+n, ecS
	}
	if r.endCol, err = strconv.Atoi(endS); err != nil || r.endCol < 1 {
		return nil, bad
	}
	return r, nil
}

// FindingLines runs rule alone on src as the file at path with the configuration given as the
// text of an arraylint.toml ("" for the defaults) and returns the lines of its findings, in
// order: for tests of rule options whose expectations change with the configuration.
func FindingLines(t testing.TB, rule *analyzer.Rule, path string, src []byte, config string) []int {
	t.Helper()
	cfg, err := driver.ParseConfig("arraylint.toml", []byte(config))
	if err != nil {
		t.Fatalf("analysistest: config %q: %v", config, err)
		return nil
	}
	fs, err := driver.CheckSource(context.Background(), path, src, cfg.WithDefaults(rule.Spec.Code), []*analyzer.Rule{rule})
	if err != nil {
		t.Fatalf("analysistest: %v", err)
		return nil
	}
	lines := make([]int, 0, len(fs))
	for _, f := range fs {
		lines = append(lines, f.Line)
	}
	return lines
}
