package analyzer

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// fileContext is what the driver knows about the file a pass runs on. It reaches OptionValue
// through Pass.ResultOf under contextKey, so no global state or locking is involved.
type fileContext struct {
	cfg *Config
}

// contextKey is never run: it only keys the fileContext in Pass.ResultOf.
var contextKey = &analysis.Analyzer{
	Name:       "arraylintcontext",
	Doc:        "per-file driver context (configuration); never run",
	Run:        func(*analysis.Pass) (any, error) { return nil, nil },
	ResultType: reflect.TypeFor[*fileContext](),
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

// ConfigOf returns the configuration that applies to the pass's file (nil outside the driver).
// Rules read raw tables such as Section("memory") from it; Section is nil-safe.
func ConfigOf(pass *analysis.Pass) *Config {
	if fc, ok := pass.ResultOf[contextKey].(*fileContext); ok {
		return fc.cfg
	}
	return nil
}

// sizeUnits maps size suffixes to multipliers: SI (kB, MB, GB, TB) and binary (KiB … TiB).
var sizeUnits = []struct {
	suffix string
	mult   float64
}{
	{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"TiB", 1 << 40},
	{"kB", 1e3}, {"KB", 1e3}, {"MB", 1e6}, {"GB", 1e9}, {"TB", 1e12}, {"B", 1},
}

// ParseSize parses a byte size such as "512", "1MiB", "1.5 GB" or "16KiB".
func ParseSize(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := 1.0
	for _, u := range sizeUnits {
		if rest, ok := strings.CutSuffix(t, u.suffix); ok {
			t, mult = strings.TrimSpace(rest), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(t, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) || f*mult > math.MaxInt64/2 {
		return 0, fmt.Errorf("parse size %q: want a non-negative number with an optional unit (B, kB, MB, GB, KiB, MiB, GiB)", s)
	}
	return int64(f * mult), nil
}

// OptionType lists the Go types a rule option may have.
type OptionType interface {
	int64 | float64 | bool | string | []string
}

// TypedOption is a rule option declared with its Go type, so a rule reads it without a type
// assertion: declare it once, list its Option in RuleSpec.Options and read it with Value.
type TypedOption[T OptionType] struct {
	Option
}

// NewOption declares an option named name of type T with default def. For int64 options the
// configuration also accepts sizes such as "1MiB".
func NewOption[T OptionType](name string, def T, doc string) TypedOption[T] {
	return TypedOption[T]{Option{Name: name, Default: def, Doc: doc}}
}

// Value returns the option's value for the pass's file: the configured value or the default.
// The configuration converts values to the default's type when it is loaded, so the value always
// has type T.
func (o TypedOption[T]) Value(pass *analysis.Pass) T {
	return OptionValue(pass, o.Name).(T)
}
