package memory

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/bindings"
)

// ConfigSection reads the [tool.arraylint.memory] table as the analyzer's configuration hands it
// over (Config.Section("memory")): keys target, hbm, fraction, sysmem, fbmem, zcmem,
// legate-config, backend, and an assume table of NAME = integer.
func ConfigSection(sec map[string]any) (t TargetOptions, backend string, assume map[string]int64, err error) {
	assume = map[string]int64{}
	keys := make([]string, 0, len(sec))
	for k := range sec {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := sec[k]
		str := func() (string, error) {
			switch v := v.(type) {
			case string:
				return v, nil
			case int64:
				return fmt.Sprint(v), nil
			case float64:
				return fmt.Sprint(v), nil
			}
			return "", fmt.Errorf("read [tool.arraylint.memory] %s: want a string or number, have %v", k, v)
		}
		var s string
		switch k {
		case "target", "hbm", "sysmem", "fbmem", "zcmem", "legate-config", "backend":
			if s, err = str(); err != nil {
				return TargetOptions{}, "", nil, err
			}
		}
		switch k {
		case "target", "hbm", "sysmem", "fbmem", "zcmem", "legate-config":
			t.SetString(k, s)
		case "backend":
			backend = strings.ToLower(s)
		case "fraction":
			switch f := v.(type) {
			case float64:
				t.Fraction = f
			case int64:
				t.Fraction = float64(f)
			default:
				return TargetOptions{}, "", nil, fmt.Errorf("read [tool.arraylint.memory] fraction: want a number, have %v", v)
			}
		case "assume":
			if assume, err = bindings.AssumeTable(v); err != nil {
				return TargetOptions{}, "", nil, fmt.Errorf("read [tool.arraylint.memory] %w", err)
			}
		default:
			return TargetOptions{}, "", nil, fmt.Errorf("read [tool.arraylint.memory]: unknown key %q", k)
		}
	}
	return t, backend, assume, nil
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
