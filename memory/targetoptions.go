package memory

// This file defines the one table of target options: the settings of the memory target and
// model that `check` and `mem` take as flags, [tool.arraylint.memory] takes as keys and a
// `# arraylint: target` comment takes as flags. The flags, the configuration's reading and
// checking, the comment's parser, --show-settings and the tables of docs/memory.md all come
// from it: adding an option is one row here, then `go generate ./memory` for the docs.

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// Place is a set of places where a target option is accepted.
type Place uint8

// The places a target option may be given.
const (
	InCheck   Place = 1 << iota // a flag of `arraylint check` (and so of the rules AL101/AL102)
	InMem                       // a flag of `arraylint mem`
	InConfig                    // a key of [tool.arraylint.memory]
	InComment                   // a flag of a `# arraylint: target` comment
)

// valueKind is how an option's value is written and stored.
type valueKind uint8

const (
	textValue     valueKind = iota // a string; a TOML number is taken as its decimal text
	fractionValue                  // a number in (0, 1]
	integerValue                   // an integer (bytes)
)

// TargetOption is one row of the table: one setting of the memory target or model.
type TargetOption struct {
	// Name is the flag (--NAME) and the [tool.arraylint.memory] key.
	Name string
	// Doc says what the option sets, in one line for help output and docs; its first
	// back-quoted word names the value (flag.UnquoteUsage), as "device `preset`".
	Doc string
	// Places are where the option is accepted.
	Places Place
	// Scale marks an option whose presence in the configuration or on the command line says
	// the code is written to run large arrays (the sized rules' `scale = "auto"`).
	Scale bool

	kind valueKind
	def  int64 // integerValue: the default
	// stored, for a text option of TargetOptions, is its field: set follows from it, and so does
	// check unless given (resolving the option alone).
	stored func(t *TargetOptions) *string
	// check validates a value on its own (after conversion); nil accepts any value of the kind.
	check func(v any) error
	// set stores a value in the options.
	set func(o *OptionValues, v any)
}

// OptionValues are what the target options set.
type OptionValues struct {
	Target  TargetOptions
	Backend string
	Model   LegateModel // mem only: legate-alignment, legate-overhead
	// NumPy is the numpy-version setting as given ("1.26"; "" when not given).
	NumPy string
	// MaxSteps is the max-steps setting (0 when not given).
	MaxSteps int64
}

// resolvesAlone checks an option stored in TargetOptions on its own, as the target it makes
// alone would resolve.
func resolvesAlone(set func(o *OptionValues, v any)) func(v any) error {
	return func(v any) error {
		var vals OptionValues
		set(&vals, v)
		_, err := vals.Target.Resolve()
		return err
	}
}

// storedText is a row stored in a string field of TargetOptions: it sets the field and checks the
// value by resolving it alone.
func storedText(field func(t *TargetOptions) *string) (check func(v any) error, set func(o *OptionValues, v any)) {
	set = func(o *OptionValues, v any) { *field(&o.Target) = v.(string) }
	return resolvesAlone(set), set
}

// targetOptions is the table, in the order help, messages and docs list the options.
var targetOptions = []TargetOption{
	{Name: "target", Doc: "device `preset` (see arraylint mem --list-targets)",
		Places: InCheck | InMem | InConfig | InComment, Scale: true,
		stored: func(t *TargetOptions) *string { return &t.Target }},
	{Name: "hbm", Doc: "device memory `size`, e.g. 80GiB (overrides the preset's)",
		Places: InCheck | InMem | InConfig | InComment, Scale: true,
		stored: func(t *TargetOptions) *string { return &t.HBM }},
	{Name: "fraction", Doc: "usable `fraction` of the device memory, in (0, 1] (JAX on GPUs: 0.75 by default)",
		Places: InCheck | InMem | InConfig | InComment, kind: fractionValue,
		check: func(v any) error { return CheckFraction(v.(float64)) },
		set:   func(o *OptionValues, v any) { o.Target.Fraction = v.(float64) }},
	{Name: "sysmem", Doc: "Legate SYSTEM_MEM pool per rank in `MiB`",
		Places: InCheck | InMem | InConfig | InComment, Scale: true,
		stored: func(t *TargetOptions) *string { return &t.SysMem }},
	{Name: "fbmem", Doc: "Legate FBMEM pool per rank in `MiB`",
		Places: InCheck | InMem | InConfig | InComment, Scale: true,
		stored: func(t *TargetOptions) *string { return &t.FBMem }},
	{Name: "zcmem", Doc: "Legate ZCMEM pool per rank in `MiB`",
		Places: InCheck | InMem | InConfig | InComment,
		stored: func(t *TargetOptions) *string { return &t.ZCMem }},
	{Name: "legate-config", Doc: "LEGATE_CONFIG-style `flags`, e.g. \"--sysmem 40 --fbmem 1000\"",
		Places: InCheck | InMem | InConfig,
		stored: func(t *TargetOptions) *string { return &t.Legate }},
	{Name: "backend", Doc: "memory `model`: numpy, cupy, legate or jax (default: from the imports)",
		Places: InCheck | InMem | InConfig | InComment, Scale: true,
		check: func(v any) error {
			if b := v.(string); !slices.Contains(Backends, b) {
				return fmt.Errorf("unknown backend %q (want %s)", b, strings.Join(Backends, ", "))
			}
			return nil
		},
		set: func(o *OptionValues, v any) { o.Backend = v.(string) }},
	{Name: "numpy-version", Doc: "NumPy `version` whose dtype promotion the model follows: 2 (NEP 50: np.float64(2.0) * a float32 array is float64) or 1 (1.x, cast by value: float32) (default 2)",
		Places: InCheck | InMem | InConfig,
		check: func(v any) error {
			_, err := npapi.ParseNumPyVersion(v.(string))
			return err
		},
		set: func(o *OptionValues, v any) { o.NumPy = v.(string) }},
	{Name: "max-steps", Doc: "`statements` the estimate of one scope may run, inlined calls, loop iterations and forks included; past them the scope's peak is a lower bound",
		Places: InCheck | InMem | InConfig, kind: integerValue, def: absint.DefaultMaxSteps,
		check: func(v any) error {
			if n := v.(int64); n <= 0 || n > math.MaxInt32 {
				return fmt.Errorf("max-steps %d: want a positive number of statements", v)
			}
			return nil
		},
		set: func(o *OptionValues, v any) { o.MaxSteps = v.(int64) }},
	{Name: "legate-alignment", Doc: "Legate model: `bytes` each instance's payload is rounded up to",
		Places: InMem, kind: integerValue, def: DefaultLegateModel.Alignment,
		check: func(v any) error {
			if v.(int64) <= 0 {
				return fmt.Errorf("legate-alignment %d: want a positive number of bytes", v)
			}
			return nil
		},
		set: func(o *OptionValues, v any) { o.Model.Alignment = v.(int64) }},
	{Name: "legate-overhead", Doc: "Legate model: `bytes` of descriptor added per instance",
		Places: InMem, kind: integerValue, def: DefaultLegateModel.Overhead,
		check: func(v any) error {
			if v.(int64) < 0 {
				return fmt.Errorf("legate-overhead %d: want a non-negative number of bytes", v)
			}
			return nil
		},
		set: func(o *OptionValues, v any) { o.Model.Overhead = v.(int64) }},
}

// The text options of TargetOptions get their set, and unless they have their own, their check
// from their field.
func init() {
	for i := range targetOptions {
		if o := &targetOptions[i]; o.stored != nil {
			check, set := storedText(o.stored)
			o.set = set
			if o.check == nil { // an option that needs another (as fraction a target) checks itself
				o.check = check
			}
		}
	}
}

// TargetOptionTable returns the rows of the table accepted in any of places, in table order.
func TargetOptionTable(places Place) []TargetOption {
	var out []TargetOption
	for _, o := range targetOptions {
		if o.Places&places != 0 {
			out = append(out, o)
		}
	}
	return out
}

// LookupTargetOption returns the row called name if it is accepted in one of places.
func LookupTargetOption(name string, places Place) (TargetOption, bool) {
	for _, o := range targetOptions {
		if o.Name == name && o.Places&places != 0 {
			return o, true
		}
	}
	return TargetOption{}, false
}

// FlagDefault is the default a flag of the option is registered with: Default, except for an
// option [tool.arraylint.memory] also sets, whose unset flag must leave the configuration's
// value in force ("": not given; its Doc states the default).
func (o TargetOption) FlagDefault() string {
	if o.Places&InConfig != 0 {
		return ""
	}
	return o.Default()
}

// Default returns the option's default as a flag shows it ("" for none).
func (o TargetOption) Default() string {
	if o.kind == integerValue {
		return strconv.FormatInt(o.def, 10)
	}
	return ""
}

// CheckFraction validates a usable fraction of the device memory.
func CheckFraction(f float64) error {
	if f <= 0 || f > 1 {
		return fmt.Errorf("fraction %v: want a number in (0, 1]", f)
	}
	return nil
}

// ParseString converts a flag's or comment's text to the option's value and checks it. A
// backend is taken case-insensitively.
func (o TargetOption) ParseString(s string) (any, error) {
	var v any
	switch o.kind {
	case fractionValue:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("%s %q: not a number", o.Name, s)
		}
		v = f
	case integerValue:
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%s %q: not an integer", o.Name, s)
		}
		v = n
	default:
		if o.Name == "backend" {
			s = strings.ToLower(s)
		}
		v = s
	}
	return v, o.Check(v)
}

// ParseConfig converts a decoded [tool.arraylint.memory] value to the option's value; it does
// not check it (CheckSection does, when the configuration loads).
func (o TargetOption) ParseConfig(v any) (any, error) {
	switch o.kind {
	case fractionValue:
		switch f := v.(type) {
		case float64:
			return f, nil
		case int64:
			return float64(f), nil
		}
		return nil, fmt.Errorf("read [tool.arraylint.memory] %s: want a number, have %v", o.Name, v)
	case integerValue:
		if n, ok := v.(int64); ok {
			return n, nil
		}
		return nil, fmt.Errorf("read [tool.arraylint.memory] %s: want an integer, have %v", o.Name, v)
	}
	var s string
	switch v := v.(type) {
	case string:
		s = v
	case int64, float64:
		s = fmt.Sprint(v)
	default:
		return nil, fmt.Errorf("read [tool.arraylint.memory] %s: want a string or number, have %v", o.Name, v)
	}
	if o.Name == "backend" {
		s = strings.ToLower(s)
	}
	return s, nil
}

// Check validates a value of the option on its own.
func (o TargetOption) Check(v any) error {
	if o.check == nil {
		return nil
	}
	return o.check(v)
}

// Set stores a value of the option (as ParseString or ParseConfig returns it) in vals.
func (o TargetOption) Set(vals *OptionValues, v any) { o.set(vals, v) }

// ParseFlags reads the target options given as flags (name → text, "" for not given) in
// places, checking each on its own; flag errors name the flag (`--fraction: …`). It returns the
// values and the same options as a [tool.arraylint.memory]-shaped table (Config.Flags("memory")).
func ParseFlags(given map[string]string, places Place) (OptionValues, map[string]any, error) {
	vals := OptionValues{Model: DefaultLegateModel}
	table := map[string]any{}
	for _, o := range TargetOptionTable(places) {
		s, ok := given[o.Name]
		if !ok || s == "" {
			continue
		}
		v, err := o.ParseString(s)
		if err != nil {
			return OptionValues{}, nil, fmt.Errorf("--%s: %w", o.Name, err)
		}
		o.Set(&vals, v)
		table[o.Name] = v
	}
	return vals, table, nil
}

// SectionKeys returns the keys of [tool.arraylint.memory] in the order --show-settings lists
// them: the target options, then assume.
func SectionKeys() []string {
	var keys []string
	for _, o := range TargetOptionTable(InConfig) {
		keys = append(keys, o.Name)
	}
	return append(keys, "assume")
}

// commentFlags lists the flags a `# arraylint: target` comment takes, for its error message:
// "--target, --hbm … or --backend".
func commentFlags() string {
	var names []string
	for _, o := range TargetOptionTable(InComment) {
		names = append(names, "--"+o.Name)
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
