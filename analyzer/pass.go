package analyzer

// This file defines what a rule's pass reads from the driver besides the analysis results: the
// settings of the file it runs on, and the record of how its fixes may be applied. Both live in
// the pass's own state (PassState), which the driver makes for every pass and drops with it.

import (
	"fmt"
	"io/fs"
	"os"
	"reflect"

	"golang.org/x/tools/go/analysis"
)

// Settings is the configuration that applies to a pass's file, as rules read it. The driver's
// configuration implements it; rules never see how it was found or parsed.
type Settings interface {
	// Section returns the raw values of a top-level table that the driver does not interpret,
	// such as "memory" (nil when absent). The map must not be modified.
	Section(name string) map[string]any
	// Flags returns the command-line values given for a section such as "memory" (nil when
	// none), in the section's own keys and value types. The map must not be modified.
	Flags(name string) map[string]any
	// FileDir is the directory of the configuration file, or "" when there is none.
	FileDir() string
	// Option returns the configured value of r's option name, or its default; ok is false when
	// r declares no such option.
	Option(r *Rule, name string) (v any, ok bool)
}

// noSettings are the Settings of a pass run without configuration: every option at its default.
type noSettings struct{}

func (noSettings) Section(string) map[string]any { return nil }
func (noSettings) Flags(string) map[string]any   { return nil }
func (noSettings) FileDir() string               { return "" }
func (noSettings) Option(r *Rule, name string) (any, bool) {
	o, ok := r.DeclaredOption(name)
	return o.Default, ok
}

// PassState is the per-pass state the driver hands a rule's pass: the file's settings and the
// applicability SetApplicability records for the pass's fixes. The driver makes one for each pass
// (NewPassState), puts it in Pass.ResultOf under StateKey, and reads the applicabilities back when
// it converts the pass's diagnostics; the state goes away with the pass.
type PassState struct {
	settings Settings
	// apps holds the fixes marked other than Safe, keyed by the address of the fix's first
	// edit: a SuggestedFix is copied by value on its way to the driver, but every copy shares
	// the backing array of its TextEdits, so the key survives the copies.
	apps map[*analysis.TextEdit]Applicability
	// files reads files other than the pass's own (nil: the file system).
	files Files
}

// Files is how a pass reads files other than its own (the project modules a file imports, a
// package's __init__.py): the driver records every read and look-up made through it, so that
// its content cache knows which files a result depends on. A rule that reads the file system
// must read it through FilesOf.
type Files interface {
	ReadFile(path string) ([]byte, error)
	Stat(path string) (fs.FileInfo, error)
	// ReadDir lists a directory (the search of a project's modules for callers).
	ReadDir(path string) ([]fs.DirEntry, error)
}

// osFiles reads the file system directly.
type osFiles struct{}

func (osFiles) ReadFile(path string) ([]byte, error)       { return os.ReadFile(path) }
func (osFiles) Stat(path string) (fs.FileInfo, error)      { return os.Stat(path) }
func (osFiles) ReadDir(path string) ([]fs.DirEntry, error) { return os.ReadDir(path) }

// SetFiles makes the pass read other files through f (nil: the file system).
func (st *PassState) SetFiles(f Files) { st.files = f }

// FilesOf returns how the pass reads files other than its own: the driver's recorder, or the
// file system outside the driver.
func FilesOf(pass *analysis.Pass) Files {
	if st := stateOf(pass); st != nil && st.files != nil {
		return st.files
	}
	return osFiles{}
}

// NewPassState returns the state of a pass on a file under s (nil: no configuration).
func NewPassState(s Settings) *PassState {
	if s == nil {
		s = noSettings{}
	}
	return &PassState{settings: s}
}

// StateKey keys a pass's PassState in Pass.ResultOf. It is never run.
var StateKey = &analysis.Analyzer{
	Name:       "arraylintstate",
	Doc:        "per-pass driver state (settings, fix applicability); never run",
	Run:        func(*analysis.Pass) (any, error) { return nil, nil },
	ResultType: reflect.TypeFor[*PassState](),
}

// stateOf returns the pass's state, or nil outside the driver.
func stateOf(pass *analysis.Pass) *PassState {
	st, _ := pass.ResultOf[StateKey].(*PassState)
	return st
}

// Applicability returns the applicability recorded for fix in this state: Safe unless
// SetApplicability said otherwise, and DisplayOnly for a fix without edits.
func (st *PassState) Applicability(fix analysis.SuggestedFix) Applicability {
	if len(fix.TextEdits) == 0 {
		return DisplayOnly
	}
	if a, ok := st.apps[&fix.TextEdits[0]]; ok {
		return a
	}
	return Safe
}

// SetApplicability records in the pass's state how fix may be applied (the default is Safe).
// Call it last, once the fix holds all its edits: the record follows the edits' backing array,
// so appending an edit afterwards (which may move the array) would lose it. A fix without edits
// can only be shown and is DisplayOnly whatever is set. Outside the driver it does nothing.
func SetApplicability(pass *analysis.Pass, fix *analysis.SuggestedFix, a Applicability) {
	st := stateOf(pass)
	if st == nil || len(fix.TextEdits) == 0 {
		return
	}
	if a == Safe {
		delete(st.apps, &fix.TextEdits[0])
		return
	}
	if st.apps == nil {
		st.apps = map[*analysis.TextEdit]Applicability{}
	}
	st.apps[&fix.TextEdits[0]] = a
}

// ConfigOf returns the settings that apply to the pass's file; outside the driver, settings with
// every option at its default. Rules read raw tables such as Section("memory") from it.
func ConfigOf(pass *analysis.Pass) Settings {
	if st := stateOf(pass); st != nil {
		return st.settings
	}
	return noSettings{}
}

// OptionValue returns the value of the running rule's option name for the pass's file: the
// configured value, or the option's default. The value has the Default's type. It panics when the
// rule declares no such option (a programming error, contained by the driver like any panic).
func OptionValue(pass *analysis.Pass, name string) any {
	r := Lookup(pass.Analyzer.Name)
	if r == nil {
		panic(fmt.Sprintf("analyzer.OptionValue: %s is not a registered rule", pass.Analyzer.Name))
	}
	v, ok := ConfigOf(pass).Option(r, name)
	if !ok {
		panic(fmt.Sprintf("analyzer.OptionValue: rule %s declares no option %q", r.Spec.Code, name))
	}
	return v
}

// HeldCategory is the Category of a diagnostic a rule holds back: made on an array the rule's
// `scale` does not count as large here, it is counted instead of reported, so that a summary can
// say how many findings another scale would show.
const HeldCategory = "held"

// ScaleCategory is the Category prefix of a diagnostic that says which scale its rule applied
// ("scale=large"): the driver moves it to Finding.Scale.
const ScaleCategory = "scale="
