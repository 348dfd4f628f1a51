package analyzer

import (
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/tools/go/analysis"
)

// Severity is how serious a finding is. Each rule has a default; configuration may override it.
type Severity int

// The severities, least serious first.
const (
	Info Severity = iota
	Warning
	Error
)

var severityNames = [...]string{"info", "warning", "error"}

// String returns the severity's name: "info", "warning" or "error".
func (s Severity) String() string {
	if s < 0 || int(s) >= len(severityNames) {
		return fmt.Sprintf("Severity(%d)", int(s))
	}
	return severityNames[s]
}

// ParseSeverity parses "info", "warning" or "error".
func ParseSeverity(s string) (Severity, error) {
	if i := slices.Index(severityNames[:], s); i >= 0 {
		return Severity(i), nil
	}
	return 0, fmt.Errorf("parse severity %q: want info, warning or error", s)
}

// FixAvailability declares whether a rule's findings carry fixes; analysistest enforces it.
type FixAvailability int

// The fix availabilities.
const (
	FixNever FixAvailability = iota
	FixSometimes
	FixAlways
)

var fixNames = [...]string{"never", "sometimes", "always"}

// String returns "never", "sometimes" or "always".
func (f FixAvailability) String() string {
	if f < 0 || int(f) >= len(fixNames) {
		return fmt.Sprintf("FixAvailability(%d)", int(f))
	}
	return fixNames[f]
}

// Applicability says when a fix may be applied (Ruff's classification).
type Applicability int

// The applicabilities. Safe fixes keep the program's meaning and are applied by --fix; Unsafe
// ones may change it and need --unsafe-fixes; DisplayOnly ones are shown, never applied.
const (
	Safe Applicability = iota
	Unsafe
	DisplayOnly
)

var applicabilityNames = [...]string{"safe", "unsafe", "display"}

// String returns "safe", "unsafe" or "display".
func (a Applicability) String() string {
	if a < 0 || int(a) >= len(applicabilityNames) {
		return fmt.Sprintf("Applicability(%d)", int(a))
	}
	return applicabilityNames[a]
}

// Option declares one configurable rule option, e.g. {"min-bytes", int64(1 << 20), "…"}.
// The Default's type is the option's type: int64 (which also accepts sizes such as "1MiB"),
// float64, bool, string or []string.
type Option struct {
	Name    string
	Default any
	Doc     string
	// Check, when set, validates a configured value (already converted to the Default's type)
	// when the configuration loads, e.g. that a target names a known preset.
	Check func(v any) error
	// Global lets the configuration's top level (`[tool.arraylint] scale = "large"`) set the
	// option for every rule that declares it; a rule's own table still wins.
	Global bool
}

// RuleSpec describes a rule for MustRule.
type RuleSpec struct {
	Code    string // "AL304": AL plus three digits, the hundreds digit the category
	Name    string // "missing-out": kebab-case
	Since   string // version that introduced the rule, e.g. "0.1.0"
	Summary string // lowercase, no final period, at most 60 letters
	Doc     string // the embedded doc.md

	Severity Severity
	Fix      FixAvailability
	Options  []Option
	// Preview marks a rule not yet precise enough on held-out code to run by default: it runs
	// only when a selector names it — its code, its name, a code prefix or ALL (select,
	// extend-select). Its page says so and gives the precision that decided it.
	Preview bool

	Requires   []*analysis.Analyzer
	ResultType reflect.Type
	Run        func(*analysis.Pass) (any, error)
}

// Rule is an analysis.Analyzer with the metadata arraylint needs. Analyzer.Name is the code.
type Rule struct {
	*analysis.Analyzer
	Spec RuleSpec
}

// Category returns the rule's category from the hundreds digit of its code.
func (r *Rule) Category() string { return CategoryOf(r.Spec.Code) }

// CategoryOf names the category of a code by its hundreds digit.
func CategoryOf(code string) string {
	if len(code) != 5 {
		return "other"
	}
	switch code[2] {
	case '1':
		return "memory"
	case '2':
		return "transfer"
	case '3':
		return "performance"
	case '4':
		return "api"
	case '9':
		return "tool"
	}
	return "other"
}

// DocsURL is the documentation path of a rule code, relative to the repository root.
func DocsURL(code string) string { return "docs/rules/" + code + ".md" }

// DocsBase is the canonical address the documentation paths of DocsURL are relative to: the
// repository's main branch as GitHub renders it. Printers that need absolute addresses (JSON
// url, SARIF helpUri) and the language server's links use it through DocsLink.
const DocsBase = "https://github.com/arraylint/arraylint/blob/main/"

// DocsLink returns url made absolute against DocsBase; an absolute url is returned as it is.
func DocsLink(url string) string {
	if url == "" || strings.Contains(url, "://") {
		return url
	}
	return DocsBase + url
}

var (
	codeRE = regexp.MustCompile(`^AL[0-9]{3}$`)
	nameRE = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)
)

// registry holds every rule created by MustRule, so configuration and suppressions can resolve
// codes and names.
var registry struct {
	sync.RWMutex
	byKey map[string]*Rule // code and name
}

// MustRule builds a Rule from spec and registers it. It panics when spec is malformed or its code
// or name is already taken: that is a programming error found at init.
func MustRule(spec RuleSpec) *Rule {
	if err := checkSpec(spec); err != nil {
		panic(fmt.Sprintf("analyzer.MustRule: %v", err))
	}
	doc := spec.Summary
	if spec.Doc != "" {
		doc += "\n\n" + spec.Doc
	}
	r := &Rule{
		Analyzer: &analysis.Analyzer{
			Name:       spec.Code,
			Doc:        doc,
			URL:        DocsURL(spec.Code),
			Requires:   spec.Requires,
			ResultType: spec.ResultType,
			Run:        spec.Run,
		},
		Spec: spec,
	}
	registry.Lock()
	defer registry.Unlock()
	if registry.byKey == nil {
		registry.byKey = map[string]*Rule{}
	}
	for _, k := range []string{spec.Code, spec.Name} {
		if old, ok := registry.byKey[k]; ok {
			panic(fmt.Sprintf("analyzer.MustRule: %s is already registered by %s (%s)", k, old.Spec.Code, old.Spec.Name))
		}
	}
	registry.byKey[spec.Code] = r
	registry.byKey[spec.Name] = r
	return r
}

func checkSpec(s RuleSpec) error {
	switch {
	case !codeRE.MatchString(s.Code):
		return fmt.Errorf("code %q is not AL plus three digits", s.Code)
	case !nameRE.MatchString(s.Name):
		return fmt.Errorf("rule %s: name %q is not kebab-case", s.Code, s.Name)
	case s.Summary == "" || len([]rune(s.Summary)) > 60:
		return fmt.Errorf("rule %s: summary must have 1 to 60 letters", s.Code)
	case unicode.IsUpper([]rune(s.Summary)[0]) || strings.HasSuffix(s.Summary, "."):
		return fmt.Errorf("rule %s: summary %q must start lowercase and have no final period", s.Code, s.Summary)
	case s.Run == nil:
		return fmt.Errorf("rule %s: Run is nil", s.Code)
	case s.Severity < Info || s.Severity > Error:
		return fmt.Errorf("rule %s: bad severity %d", s.Code, s.Severity)
	case s.Fix < FixNever || s.Fix > FixAlways:
		return fmt.Errorf("rule %s: bad fix availability %d", s.Code, s.Fix)
	}
	seen := map[string]bool{}
	for _, o := range s.Options {
		if !nameRE.MatchString(o.Name) || o.Name == "severity" || seen[o.Name] {
			return fmt.Errorf("rule %s: option name %q is not kebab-case, reserved or repeated", s.Code, o.Name)
		}
		seen[o.Name] = true
		switch o.Default.(type) {
		case int64, float64, bool, string, []string:
		default:
			return fmt.Errorf("rule %s: option %s has default of unsupported type %T", s.Code, o.Name, o.Default)
		}
	}
	return nil
}

// Lookup returns the registered rule whose code or name is key, or nil.
func Lookup(key string) *Rule {
	registry.RLock()
	defer registry.RUnlock()
	return registry.byKey[key]
}

// Registered returns every registered rule, sorted by code.
func Registered() []*Rule {
	registry.RLock()
	defer registry.RUnlock()
	var out []*Rule
	for k, r := range registry.byKey {
		if k == r.Spec.Code {
			out = append(out, r)
		}
	}
	slices.SortFunc(out, func(a, b *Rule) int { return strings.Compare(a.Spec.Code, b.Spec.Code) })
	return out
}

// DeclaredOption returns the option of r named name, if r declares one.
func (r *Rule) DeclaredOption(name string) (Option, bool) {
	for _, o := range r.Spec.Options {
		if o.Name == name {
			return o, true
		}
	}
	return Option{}, false
}
