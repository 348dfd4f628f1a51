package analyzer

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

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

// Convert converts a decoded configuration (TOML) value or a command-line value to the option's
// type and validates it with its Check.
func (o Option) Convert(v any) (any, error) {
	conv, err := convertOption(o.Default, v)
	if err == nil && o.Check != nil {
		err = o.Check(conv)
	}
	if err != nil {
		return nil, err
	}
	return conv, nil
}

// convertOption converts a decoded TOML value to the type of the option's default. Integers
// (counts and sizes) must not be negative.
func convertOption(def, v any) (any, error) {
	switch def.(type) {
	case int64:
		switch v := v.(type) {
		case int64:
			if v < 0 {
				return nil, fmt.Errorf("want a non-negative integer or size, have %d", v)
			}
			return v, nil
		case string:
			return ParseSize(v)
		}
		return nil, fmt.Errorf("want an integer or a size such as \"1MiB\", have %s", DescribeValue(v))
	case float64:
		switch v := v.(type) {
		case float64:
			return v, nil
		case int64:
			return float64(v), nil
		}
		return nil, fmt.Errorf("want a number, have %s", DescribeValue(v))
	case bool:
		if b, ok := v.(bool); ok {
			return b, nil
		}
		return nil, fmt.Errorf("want true or false, have %s", DescribeValue(v))
	case string:
		if s, ok := v.(string); ok {
			return s, nil
		}
		return nil, fmt.Errorf("want a string, have %s", DescribeValue(v))
	case []string:
		list, ok := v.([]any)
		var out []string
		for _, e := range list {
			s, isStr := e.(string)
			ok = ok && isStr
			out = append(out, s)
		}
		if !ok {
			return nil, fmt.Errorf("want an array of strings, have %s", DescribeValue(v))
		}
		return out, nil
	}
	return nil, fmt.Errorf("option has unsupported type %T", def)
}

// DescribeValue names a decoded configuration (TOML) value and its type for error messages.
func DescribeValue(v any) string {
	switch v := v.(type) {
	case string:
		return fmt.Sprintf("the string %q", v)
	case int64:
		return fmt.Sprintf("the integer %d", v)
	case float64:
		return fmt.Sprintf("the number %g", v)
	case bool:
		return fmt.Sprintf("%t", v)
	case []any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("a %T", v)
}
