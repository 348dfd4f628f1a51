package memory

import (
	"fmt"
	"maps"
	"slices"

	"github.com/arraylint/arraylint/arraymodel/bindings"
)

// ConfigSection reads the [tool.arraylint.memory] table as the driver's configuration hands it
// over (Config.Section("memory")): the target options that InConfig (TargetOptionTable), and an
// assume table of NAME = integer.
func ConfigSection(sec map[string]any) (t TargetOptions, backend string, assume map[string]int64, err error) {
	vals, assume, err := readSection(sec)
	return vals.Target, vals.Backend, assume, err
}

// readSection reads every key of a [tool.arraylint.memory]-shaped table: the target options'
// values and the assume table.
func readSection(sec map[string]any) (vals OptionValues, assume map[string]int64, err error) {
	assume = map[string]int64{}
	for _, k := range slices.Sorted(maps.Keys(sec)) {
		v := sec[k]
		if k == "assume" {
			if assume, err = bindings.AssumeTable(v); err != nil {
				return OptionValues{}, nil, fmt.Errorf("read [tool.arraylint.memory] %w", err)
			}
			continue
		}
		o, ok := LookupTargetOption(k, InConfig)
		if !ok {
			return OptionValues{}, nil, fmt.Errorf("read [tool.arraylint.memory]: unknown key %q", k)
		}
		val, err := o.ParseConfig(v)
		if err != nil {
			return OptionValues{}, nil, err
		}
		o.Set(&vals, val)
	}
	return vals, assume, nil
}

// Overlay returns base with the non-empty fields of o on top.
func (base TargetOptions) Overlay(o TargetOptions) TargetOptions {
	if o.Target != "" {
		base.Target = o.Target
	}
	if o.HBM != "" {
		base.HBM = o.HBM
	}
	if o.Fraction != 0 {
		base.Fraction = o.Fraction
	}
	if o.SysMem != "" {
		base.SysMem = o.SysMem
	}
	if o.FBMem != "" {
		base.FBMem = o.FBMem
	}
	if o.ZCMem != "" {
		base.ZCMem = o.ZCMem
	}
	if o.Legate != "" {
		base.Legate = o.Legate
	}
	return base
}
