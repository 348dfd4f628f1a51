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
// Every run also checks the harness invariants: the rule never crashes, fixes carry a message
// and non-overlapping edits inside the file, and findings carry fixes as the rule's
// FixAvailability declares. RunWithSuggestedFixes also applies the safe fixes until they converge
// (at most analyzer.MaxFixRounds rounds), requires the result to parse without new syntax errors,
// and compares it with <file>.golden.
package analysistest

import (
	"context"
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
	cfg, err := analyzer.ParseConfig(filepath.Join(dir, "arraylint.toml"), []byte(config))
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

func runConfig(t testing.TB, dir string, rule *analyzer.Rule, cfg *analyzer.Config, pkgs []string, fixes bool) []*Result {
	t.Helper()
	rn, err := analyzer.NewRunner([]*analyzer.Rule{rule})
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
		for _, path := range files {
			fcfg := cfg
			if fcfg == nil { // discover pyproject.toml/arraylint.toml beside the file, as check does
				if fcfg, err = analyzer.LoadConfig(filepath.Dir(path)); err != nil {
					t.Errorf("analysistest: %v", err)
					continue
				}
			}
			if r := checkFile(t, rn, rule, fcfg, path, fixes); r != nil {
				results = append(results, r)
			}
		}
	}
	return results
}

// expectation is one `# want` pattern.
type expectation struct {
	line    int
	rx      *regexp.Regexp
	matched bool
}

func checkFile(t testing.TB, rn *analyzer.Runner, rule *analyzer.Rule, cfg *analyzer.Config, path string, fixes bool) *Result {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("analysistest: %v", err)
		return nil
	}
	rel := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path)
	f, err := pyparse.Parse(src)
	if err != nil {
		t.Errorf("analysistest: parse %s: %v", rel, err)
		return nil
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
		return nil
	}
	var own []analyzer.Finding
	for _, fd := range findings {
		if fd.Code == analyzer.InternalError.Spec.Code {
			t.Errorf("%s:%d:%d: %s", rel, fd.Line, fd.Col, fd.Message)
			continue
		}
		if fd.Code != rule.Spec.Code {
			continue
		}
		own = append(own, fd)
		matched := false
		for _, w := range wants {
			if !w.matched && w.line == fd.Line && w.rx.MatchString(fd.Message) {
				w.matched, matched = true, true
				break
			}
		}
		if !matched {
			t.Errorf("%s:%d:%d: unexpected finding: %s", rel, fd.Line, fd.Col, fd.Message)
		}
		checkFixInvariants(t, rule, rel, fd)
	}
	for _, w := range wants {
		if !w.matched {
			t.Errorf("%s:%d: no finding matched %#q", rel, w.line, w.rx)
		}
	}
	if fixes {
		checkFixes(t, rn, cfg, path, rel, src)
	}
	return &Result{Path: path, Findings: own}
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
}

// checkFixes applies the safe fixes to a fixed point and compares with the golden file.
func checkFixes(t testing.TB, rn *analyzer.Runner, cfg *analyzer.Config, path, rel string, src []byte) {
	t.Helper()
	res, err := rn.FixSource(context.Background(), path, src, cfg, false)
	if err != nil {
		t.Errorf("%s: %v", rel, err)
		return
	}
	if res.Rounds == analyzer.MaxFixRounds {
		for _, fd := range res.Remaining {
			if fd.Fix != nil && fd.Fix.Applicability == analyzer.Safe {
				t.Errorf("%s: fixes did not converge within %d rounds", rel, analyzer.MaxFixRounds)
				break
			}
		}
	}
	golden := path + ".golden"
	want, err := os.ReadFile(golden)
	switch {
	case err != nil && string(res.Src) != string(src):
		t.Errorf("%s: fixes changed the file but %s.golden is missing; the fixed file is:\n%s", rel, filepath.Base(path), res.Src)
	case err == nil && string(res.Src) != string(want):
		t.Errorf("%s: fixed file differs from %s.golden:\n--- got ---\n%s--- want ---\n%s", rel, filepath.Base(path), res.Src, want)
	}
}

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
				out = append(out, &expectation{line: line, rx: rx})
			}
			rest = strings.TrimSpace(rest[len(q):])
		}
	}
	return out, errs
}
