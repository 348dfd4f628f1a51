package driver

import (
	"context"
	"fmt"
	"go/token"
	"maps"
	"os"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
)

// Runner checks files with a fixed set of rules. It is safe for concurrent use.
type Runner struct {
	rules  []*analyzer.Rule
	byCode map[string]*analyzer.Rule
	strict bool

	// held counts the findings rules held back (analyzer.HeldCategory).
	held atomic.Int64

	timing  bool
	timesMu sync.Mutex
	times   map[string]time.Duration
	runs    map[string]int

	// gate bounds the memory of the files checked at once (limits.go).
	gate memoryGate

	// cache, when set, keeps CheckFiles' results between runs (cache.go).
	cache *Cache
}

// SetCache makes CheckFiles serve unchanged files from c and store the others' results (nil:
// no cache). Call it before checking.
func (rn *Runner) SetCache(c *Cache) { rn.cache = c }

// Held returns how many findings the rules held back in the runner's checks so far.
func (rn *Runner) Held() int64 { return rn.held.Load() }

// EnableTimings makes the runner add up the time spent parsing and in each analyzer, for Timings.
// Call it before checking.
func (rn *Runner) EnableTimings() {
	rn.timing = true
	rn.times = map[string]time.Duration{}
	rn.runs = map[string]int{}
}

// Timings returns the total time spent per phase: "parse", "suppressions" and each analyzer by
// name (a rule's code, or a helper such as "arrays"), summed over all workers.
func (rn *Runner) Timings() map[string]time.Duration {
	rn.timesMu.Lock()
	defer rn.timesMu.Unlock()
	out := make(map[string]time.Duration, len(rn.times))
	maps.Copy(out, rn.times)
	return out
}

// Runs returns how many times each phase of Timings ran (per file, parse and each analyzer
// run at most once).
func (rn *Runner) Runs() map[string]int {
	rn.timesMu.Lock()
	defer rn.timesMu.Unlock()
	return maps.Clone(rn.runs)
}

func (rn *Runner) addTime(name string, start time.Time) {
	if !rn.timing {
		return
	}
	d := time.Since(start)
	rn.timesMu.Lock()
	rn.times[name] += d
	rn.runs[name]++
	rn.timesMu.Unlock()
}

// SetStrict makes the runner report, as AL900 findings, diagnostics whose fixes it would
// otherwise repair silently: more than one suggested fix, a fix without a message, edits that
// overlap or leave the file. analysistest runs strictly. Call it before checking.
func (rn *Runner) SetStrict(strict bool) { rn.strict = strict }

// NewRunner validates the rules' analyzer graph (analysis.Validate) and returns a Runner.
func NewRunner(rules []*analyzer.Rule) (*Runner, error) {
	var as []*analysis.Analyzer
	byCode := map[string]*analyzer.Rule{}
	for _, r := range rules {
		if r == nil || r.Analyzer == nil {
			return nil, fmt.Errorf("validate rules: nil rule")
		}
		if len(r.FactTypes) > 0 {
			return nil, fmt.Errorf("validate rule %s: facts are not supported", r.Spec.Code)
		}
		as = append(as, r.Analyzer)
		byCode[r.Spec.Code] = r
	}
	if err := analysis.Validate(as); err != nil {
		return nil, fmt.Errorf("validate rules: %w", err)
	}
	return &Runner{rules: rules, byCode: byCode}, nil
}

// Rules returns the runner's rules.
func (rn *Runner) Rules() []*analyzer.Rule { return rn.rules }

// CheckSource checks one file's source with rules under cfg (nil means Default) and returns its
// findings sorted by position. The error is non-nil only for invalid rules or a cancelled ctx;
// problems with the file itself are findings.
func CheckSource(ctx context.Context, path string, src []byte, cfg *Config, rules []*analyzer.Rule) ([]analyzer.Finding, error) {
	rn, err := NewRunner(rules)
	if err != nil {
		return nil, err
	}
	return rn.Check(ctx, path, src, cfg)
}

// Check checks one file; see CheckSource.
func (rn *Runner) Check(ctx context.Context, path string, src []byte, cfg *Config) ([]analyzer.Finding, error) {
	if IsNotebook(path) {
		return rn.checkNotebook(ctx, path, src, cfg)
	}
	return rn.checkPython(ctx, path, src, cfg)
}

// checkPython is Check for Python source.
func (rn *Runner) checkPython(ctx context.Context, path string, src []byte, cfg *Config) ([]analyzer.Finding, error) {
	if cfg == nil {
		cfg = Default("")
	}
	if err := SizeError(len(src)); err != nil {
		return notChecked(path, cfg, "file not checked: "+err.Error()), nil
	}
	f, err := rn.parse(src)
	if err != nil {
		msg := err.Error()
		msg = strings.TrimPrefix(msg, "parse: ")
		return notChecked(path, cfg, "file is not Python source: "+msg), nil
	}
	return rn.CheckParsed(ctx, path, f, cfg)
}

// notChecked returns the AL901 finding, at the file's start, of a file that is not analysed.
func notChecked(path string, cfg *Config, msg string) []analyzer.Finding {
	if !cfg.Enabled(SyntaxError, path) {
		return nil
	}
	return []analyzer.Finding{{Path: path, Line: 1, Col: 1, EndLine: 1, EndCol: 1, Code: SyntaxError.Spec.Code,
		Name: SyntaxError.Spec.Name, URL: SyntaxError.URL, Severity: cfg.Severity(SyntaxError), Message: msg}}
}

// parse parses src, timing it as the "parse" phase.
func (rn *Runner) parse(src []byte) (*pyparse.File, error) {
	start := time.Now()
	f, err := pyparse.Parse(src)
	rn.addTime("parse", start)
	return f, err
}

// CheckParsed checks an already parsed file (the LSP keeps parses per document version).
func (rn *Runner) CheckParsed(ctx context.Context, path string, f *pyparse.File, cfg *Config) ([]analyzer.Finding, error) {
	return rn.CheckParsedWith(ctx, path, f, cfg, nil)
}

// CheckParsedWith is CheckParsed with results the caller already has for some analyzers of this
// file (the language server's memory estimate, which its hovers share): those analyzers are not
// run again.
func (rn *Runner) CheckParsedWith(ctx context.Context, path string, f *pyparse.File, cfg *Config, known map[*analysis.Analyzer]any) ([]analyzer.Finding, error) {
	if cfg == nil {
		cfg = Default("")
	}
	start := time.Now()
	sup := newSuppressions(f)
	rn.addTime("suppressions", start)
	if sup.skip {
		return nil, nil
	}
	isEnabled := cfg.enabler(path)
	var enabled []*analyzer.Rule
	for _, r := range rn.rules {
		if isEnabled(r) {
			enabled = append(enabled, r)
		}
	}
	fr := &fileRun{path: path, f: f, cfg: cfg, rn: rn, known: known}
	fset := token.NewFileSet() // one per file: no lock shared between workers
	start = time.Now()
	fr.in = pyinspect.New(fset, path, f)
	rn.addTime("pyinspect", start)
	if err := fr.run(ctx, fset, enabled); err != nil {
		return nil, err
	}

	// Suppression, then the findings about suppressions themselves.
	out := fr.findings[:0]
	for _, fd := range fr.findings {
		if !unsuppressible(fd.Code) && sup.suppressed(fd.Code, fd.Line) {
			continue
		}
		out = append(out, fd)
	}
	if isEnabled(UnusedNoqa) {
		for _, d := range sup.dirs {
			if fd, ok := fr.unusedDirective(d, enabled); ok {
				out = append(out, fd)
			}
		}
	}
	if isEnabled(InvalidSuppression) {
		for _, b := range sup.bad {
			out = append(out, fr.finding(InvalidSuppression, b.rng, b.msg))
		}
	}
	for i := range out {
		if fix := out[i].Fix; fix != nil {
			for j := range fix.Edits {
				e := &fix.Edits[j]
				e.Line, e.Col = fr.lineCol(e.Range.Start)
				e.EndLine, e.EndCol = fr.lineCol(e.Range.End)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b analyzer.Finding) int {
		if a.Range.Start != b.Range.Start {
			return int(a.Range.Start - b.Range.Start)
		}
		return strings.Compare(a.Code, b.Code)
	})
	return out, nil
}

// fileRun is the state of checking one file.
type fileRun struct {
	path     string
	f        *pyparse.File
	cfg      *Config
	rn       *Runner
	in       *pyinspect.Result
	findings []analyzer.Finding
	known    map[*analysis.Analyzer]any // results given by the caller
}

// run executes the Requires DAG of the enabled rules: each analyzer once, dependencies first.
// An analyzer that panics or fails becomes an AL900 finding; analyzers depending on it are skipped.
func (fr *fileRun) run(ctx context.Context, fset *token.FileSet, enabled []*analyzer.Rule) error {
	results := map[*analysis.Analyzer]any{
		pyinspect.Analyzer: fr.in,
	}
	failed := map[*analysis.Analyzer]bool{}
	done := map[*analysis.Analyzer]bool{pyinspect.Analyzer: true, analyzer.StateKey: true}
	for a, res := range fr.known {
		results[a], done[a] = res, true
	}
	rec := recorderOf(ctx) // the cache's record of the files the passes read, or nil
	reporting := map[*analysis.Analyzer]*analyzer.Rule{}
	for _, r := range enabled {
		reporting[r.Analyzer] = r
	}
	readFile := func(name string) ([]byte, error) {
		if name != fr.path {
			return nil, fmt.Errorf("read %s: only %s is available to this pass", name, fr.path)
		}
		return fr.f.Src, nil
	}
	var visit func(a *analysis.Analyzer) error
	visit = func(a *analysis.Analyzer) error {
		if done[a] {
			return nil
		}
		done[a] = true
		for _, req := range a.Requires {
			if err := visit(req); err != nil {
				return err
			}
			if failed[req] {
				failed[a] = true
			}
		}
		if failed[a] {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		rule := reporting[a]
		// Each pass gets its own state (settings, fix applicabilities), dropped when it is done.
		// Passes run one at a time, so the one results map carries the running pass's state.
		st := analyzer.NewPassState(fr.cfg)
		if rec != nil {
			st.SetFiles(rec)
		}
		results[analyzer.StateKey] = st
		pass := &analysis.Pass{
			Analyzer:   a,
			Fset:       fset,
			OtherFiles: []string{fr.path},
			ReadFile:   readFile,
			ResultOf:   results,
			Report: func(d analysis.Diagnostic) {
				switch {
				case rule == nil:
				case d.Category == analyzer.HeldCategory:
					fr.rn.held.Add(1)
					if rec != nil {
						rec.mu.Lock()
						rec.held++
						rec.mu.Unlock()
					}
				default:
					fr.findings = append(fr.findings, fr.convert(rule, d, st))
				}
			},
		}
		res, err := fr.runOne(a, pass)
		delete(results, analyzer.StateKey)
		if err != nil {
			failed[a] = true
			fr.findings = append(fr.findings, fr.finding(InternalError, pyparse.Range{}, err.Error()))
			return nil
		}
		results[a] = res
		return nil
	}
	for _, r := range enabled {
		if r == InternalError || r == UnusedNoqa || r == InvalidSuppression || r == IOError {
			continue // reported by the driver
		}
		if err := visit(r.Analyzer); err != nil {
			return err
		}
	}
	return nil
}

// runOne runs a, turning a panic, an error or a result of the wrong type into an error.
func (fr *fileRun) runOne(a *analysis.Analyzer, pass *analysis.Pass) (res any, err error) {
	defer func() {
		if p := recover(); p != nil {
			if os.Getenv("ARRAYLINT_TRACE") != "" {
				fmt.Fprintf(os.Stderr, "panic in %s on %s: %v\n%s", a.Name, fr.path, p, debug.Stack())
			}
			res, err = nil, fmt.Errorf("internal error: %s panicked on this file: %v", describeAnalyzer(a), p)
		}
	}()
	start := time.Now()
	res, err = a.Run(pass)
	fr.rn.addTime(a.Name, start)
	if err != nil {
		return nil, fmt.Errorf("internal error: %s failed on this file: %v", describeAnalyzer(a), err)
	}
	if a.ResultType != nil && res != nil && reflect.TypeOf(res) != a.ResultType {
		return nil, fmt.Errorf("internal error: %s returned %T, want %v", describeAnalyzer(a), res, a.ResultType)
	}
	return res, nil
}

func describeAnalyzer(a *analysis.Analyzer) string {
	if r := analyzer.Lookup(a.Name); r != nil && r.Analyzer == a {
		return fmt.Sprintf("rule %s (%s)", r.Spec.Code, r.Spec.Name)
	}
	return "analyzer " + a.Name
}

// rangeOf converts token positions of this file to a byte range, clamped to the source.
func (fr *fileRun) rangeOf(pos, end token.Pos) pyparse.Range {
	n := pyparse.Offset(len(fr.f.Src))
	clamp := func(o pyparse.Offset) pyparse.Offset { return min(max(o, 0), n) }
	s := clamp(fr.in.Offset(pos))
	e := s
	if end.IsValid() {
		e = max(clamp(fr.in.Offset(end)), s)
	}
	return pyparse.Range{Start: s, End: e}
}

// lineCol returns the 1-based line and 1-based byte column of o.
func (fr *fileRun) lineCol(o pyparse.Offset) (int, int) {
	l, c := fr.f.Lines.LineCol(o)
	return l, c + 1
}

// finding builds a finding of rule r at rng.
func (fr *fileRun) finding(r *analyzer.Rule, rng pyparse.Range, msg string) analyzer.Finding {
	fd := analyzer.Finding{Path: fr.path, Range: rng, Code: r.Spec.Code, Name: r.Spec.Name, Message: msg,
		URL: r.URL, Severity: fr.cfg.Severity(r)}
	fd.Line, fd.Col = fr.lineCol(rng.Start)
	fd.EndLine, fd.EndCol = fr.lineCol(rng.End)
	return fd
}

// convert turns a rule's diagnostic into a finding, with the applicability st, the state of the
// pass that reported it, records for its fix. Only the first suggested fix is kept; a fix whose
// edits overlap or leave the file is dropped (analysistest rejects such fixes).
func (fr *fileRun) convert(r *analyzer.Rule, d analysis.Diagnostic, st *analyzer.PassState) analyzer.Finding {
	fd := fr.finding(r, fr.rangeOf(d.Pos, d.End), d.Message)
	if scale, ok := strings.CutPrefix(d.Category, analyzer.ScaleCategory); ok {
		fd.Scale = scale
	}
	for _, rel := range d.Related {
		rng := fr.rangeOf(rel.Pos, rel.End)
		x := analyzer.Related{Path: fr.path, Range: rng, Message: rel.Message}
		x.Line, x.Col = fr.lineCol(rng.Start)
		x.EndLine, x.EndCol = fr.lineCol(rng.End)
		fd.Related = append(fd.Related, x)
	}
	if len(d.SuggestedFixes) > 0 {
		sf := d.SuggestedFixes[0]
		msg := sf.Message
		fix := &analyzer.Fix{Message: msg, Applicability: st.Applicability(sf)}
		n := pyparse.Offset(len(fr.f.Src))
		eol := lineEnding(fr.f.Src)
		var bad error
		for _, e := range sf.TextEdits {
			s, end := fr.in.Offset(e.Pos), fr.in.Offset(e.End)
			if s < 0 || end < s || end > n {
				bad = fmt.Errorf("edit [%d,%d) outside the %d-byte file", s, end, n)
			}
			fix.Edits = append(fix.Edits, analyzer.Edit{Range: fr.rangeOf(e.Pos, e.End), NewText: withLineEnding(string(e.NewText), eol)})
		}
		editsErr := checkEdits(fix.Edits, len(fr.f.Src))
		if bad == nil {
			bad = editsErr
		}
		switch {
		case bad == nil && len(d.SuggestedFixes) > 1:
			bad = fmt.Errorf("%d suggested fixes, at most one is used", len(d.SuggestedFixes))
		case bad == nil && msg == "":
			bad = fmt.Errorf("a fix without a message")
		case bad == nil && len(fix.Edits) == 0:
			bad = fmt.Errorf("a fix without edits")
		}
		if bad == nil || !fr.rn.strict {
			if editsErr == nil && len(fix.Edits) > 0 {
				fd.Fix = fix
			}
		} else {
			fr.findings = append(fr.findings, fr.finding(InternalError, fd.Range,
				fmt.Sprintf("internal error: rule %s (%s) reported a bad fix: %v", r.Spec.Code, r.Spec.Name, bad)))
		}
	}
	return fd
}

// unusedDirective returns the AL902 finding for a directive that suppressed nothing.
func (fr *fileRun) unusedDirective(d *directive, enabled []*analyzer.Rule) (analyzer.Finding, bool) {
	if d.kind == skipFile {
		return analyzer.Finding{}, false
	}
	what := d.label
	if len(d.codes) == 0 {
		// A bare `# noqa` is shared with every other linter of the file (flake8, Ruff, pylint):
		// arraylint cannot tell whether it is unused, so it never reports or removes one.
		return analyzer.Finding{}, false
	}
	var unused, unknown, keep []string
	for _, c := range d.codes {
		switch {
		case c.foreign:
			keep = append(keep, c.text)
		case c.rule == nil:
			unknown = append(unknown, "`"+c.text+"`")
		case c.used || !slices.Contains(enabled, c.rule):
			keep = append(keep, c.text)
		default:
			unused = append(unused, "`"+c.text+"`")
		}
	}
	if len(unused) == 0 && len(unknown) == 0 {
		return analyzer.Finding{}, false
	}
	var parts []string
	if len(unused) > 0 {
		parts = append(parts, "unused: "+strings.Join(unused, ", "))
	}
	if len(unknown) > 0 {
		parts = append(parts, "unknown: "+strings.Join(unknown, ", "))
	}
	fd := fr.finding(UnusedNoqa, d.rng, fmt.Sprintf("unused %s directive (%s)", what, strings.Join(parts, "; ")))
	if len(keep) == 0 {
		fd.Fix = fr.removeDirective(d)
	} else {
		fd.Fix = &analyzer.Fix{Message: "Remove unused codes", Applicability: analyzer.Safe,
			Edits: []analyzer.Edit{{Range: d.codesRng, NewText: strings.Join(keep, ", ")}}}
	}
	return fd, true
}

// removeDirective returns a fix deleting d: a directive that is the whole comment takes the
// comment (and a line holding nothing else) with it; one that ends a longer comment goes with the
// blanks before it; one followed by more comment text leaves that text as the comment.
func (fr *fileRun) removeDirective(d *directive) *analyzer.Fix {
	src, lines := fr.f.Src, fr.f.Lines
	l := lines.Line(d.rng.Start)
	lineEnd := lines.LineEnd(l)
	start, end := d.rng.Start, d.rng.End
	newText := ""
	rest := strings.TrimSpace(string(src[end:lineEnd]))
	switch {
	case d.whole || d.kind == fileIgnoreDir || rest == "":
		end = lineEnd
		for start > 0 && (src[start-1] == ' ' || src[start-1] == '\t') {
			start--
		}
		if start == lines.LineStart(l) && l < lines.LineCount() {
			end = lines.LineStart(l + 1) // alone on its line: remove the line
		}
	default:
		start++ // keep the '#'
		for end < lineEnd && (src[end] == ' ' || src[end] == '\t') {
			end++
		}
		newText = " "
	}
	return &analyzer.Fix{Message: "Remove unused suppression", Applicability: analyzer.Safe,
		Edits: []analyzer.Edit{{Range: pyparse.Range{Start: start, End: end}, NewText: newText}}}
}
