package memory

// This file validates the [tool.arraylint.memory] table when the configuration loads, so a bad
// value is reported with its file, line and key instead of failing later on every file.

import (
	"fmt"
	"maps"
	"slices"

	"github.com/arraylint/arraylint/arraymodel/bindings"
)

// CheckSection validates a [tool.arraylint.memory] table: each key on its own (a known target
// preset, a positive size for hbm, MiB amounts for the Legate pools, a parsable legate-config, a
// fraction in (0, 1], a known backend, an assume table of non-negative integers), then the keys
// together (a fraction needs a target). It returns the offending key ("" for the table as a
// whole) and the error.
func CheckSection(sec map[string]any) (key string, err error) {
	for _, k := range slices.Sorted(maps.Keys(sec)) {
		if err := checkKey(k, sec[k]); err != nil {
			return k, err
		}
	}
	t, _, _, err := ConfigSection(sec)
	if err == nil {
		_, err = t.Resolve()
	}
	return "", err
}

// checkKey validates one key of the table, as its row of the target options table says.
func checkKey(k string, v any) error {
	if k == "assume" {
		assume, err := bindings.AssumeTable(v)
		if err != nil {
			return fmt.Errorf("read [tool.arraylint.memory] %w", err)
		}
		for name, n := range assume {
			if n < 0 {
				return fmt.Errorf("assume.%s = %d: want a non-negative integer", name, n)
			}
		}
		return nil
	}
	o, ok := LookupTargetOption(k, InConfig)
	if !ok {
		return fmt.Errorf("read [tool.arraylint.memory]: unknown key %q", k)
	}
	val, err := o.ParseConfig(v)
	if err != nil {
		return err
	}
	return o.Check(val)
}
