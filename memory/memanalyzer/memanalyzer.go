// Package memanalyzer defines the memory analyzer: one memory estimate per file, which rules
// AL101 and AL102 and the language server's hovers and inlay hints all read, so a file is
// estimated once however many of them run.
//
// The estimate's settings are chosen by memory.Resolve: command-line flags (Config.Flags
// ("memory"), set by `arraylint check --target …` and by editors), then the file's
// `# arraylint: target` comment, then [tool.arraylint.memory] (Config.Section("memory")).
// With a target the estimate runs in the analyzer (so --timings shows it as "memory", once per
// file); without one it runs on first use of Result.Reports (hovers), and the rules, which need
// a target, never ask.
package memanalyzer

import (
	"fmt"
	"maps"
	"reflect"
	"sync"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
)

// Analyzer computes a file's *Result.
var Analyzer = &analysis.Analyzer{
	Name:       "memory",
	Doc:        "estimates the file's peak array memory against the memory target (once per file)",
	Requires:   []*analysis.Analyzer{pyinspect.Analyzer},
	Run:        run,
	ResultType: reflect.TypeFor[*Result](),
}

// The [tool.arraylint.memory] table is checked when the configuration loads, and the file's
// memory comments when it is checked.
func init() {
	analyzer.RegisterSectionCheck("memory", memory.CheckSection)
	analyzer.RegisterSectionKeys("memory", memory.SectionKeys()...)
	analyzer.RegisterDirectiveCheck(commentProblems)
}

// commentProblems hands the file's bad `# arraylint: target` and `# arraylint: assume` comments,
// which the estimate leaves out, to the driver: one AL903 each, not an error in every memory
// rule.
func commentProblems(f *pyparse.File) []analyzer.DirectiveProblem {
	var out []analyzer.DirectiveProblem
	for _, p := range memory.CommentProblems(f) {
		out = append(out, analyzer.DirectiveProblem{Range: p.Range, Msg: p.Msg})
	}
	return out
}

// Result is the memory estimate of one file.
type Result struct {
	// Options are the resolved settings; Options.Target is nil when no target is set.
	Options memory.Options
	// Err is set when the settings cannot be resolved (a bad target comment or configuration).
	Err error

	mu      sync.Mutex // guards file, done, reports and runErr
	file    *pyparse.File
	done    bool
	reports []*memory.Report
	runErr  error
}

// Target returns the memory target, or nil.
func (r *Result) Target() *memory.Target { return r.Options.Target }

// Reports returns the estimate, one report per scope (module first), computing it on first use.
func (r *Result) Reports() ([]*memory.Report, error) {
	if r.Err != nil {
		return nil, r.Err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.done {
		r.reports, r.runErr = memory.Estimate(r.file, r.Options)
		r.done, r.file = true, nil // the reports are all that is needed from now on
	}
	return r.reports, r.runErr
}

// ReleaseFile reports whether the estimate has run, so the result holds no syntax tree; a
// result that has not run keeps its tree (its owner should drop the result to free it).
func (r *Result) ReleaseFile() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.Err != nil {
		r.file = nil // settings that do not resolve: the estimate never runs
	}
	return r.done || r.Err != nil
}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	r := New(in.File, in.Path, analyzer.ConfigOf(pass))
	r.Options.Files = analyzer.FilesOf(pass)
	if r.Target() != nil {
		r.Reports() // the rules that require this analyzer need the estimate only with a target
	}
	return r, nil
}

// New resolves the settings of file f at path under cfg and returns its (lazy) estimate. The
// language server calls it once per document version and hands the result to the rules' run.
func New(f *pyparse.File, path string, cfg analyzer.Settings) *Result {
	r := &Result{file: f}
	given := maps.Clone(cfg.Flags("memory"))
	env, _ := given[LegateConfigKey].(string)
	delete(given, LegateConfigKey)
	flags, err := memory.SectionSettings(given)
	if err != nil {
		r.Err = fmt.Errorf("memory flags: %w", err)
		return r
	}
	flags.LegateConfig = env
	config, err := memory.SectionSettings(cfg.Section("memory"))
	if err != nil {
		r.Err = fmt.Errorf("read [tool.arraylint.memory] for %s: %w", path, err)
		return r
	}
	r.Options, r.Err = memory.Resolve(f, path, flags, config)
	r.Options.ProjectRoot = absint.ProjectRootOf(cfg.FileDir(), path)
	return r
}

// LegateConfigKey is the key of Config.Flags("memory") that carries the run's LEGATE_CONFIG
// environment variable (not a [tool.arraylint.memory] key).
const LegateConfigKey = "$LEGATE_CONFIG"
