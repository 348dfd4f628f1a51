package memory

// This file validates the [tool.arraylint.memory] table when the configuration loads, so a bad
// value is reported with its file, line and key instead of failing later on every file.

import (
	"fmt"
	"maps"
	"slices"
	"strings"
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

// checkKey validates one key of the table.
func checkKey(k string, v any) error {
	t, backend, assume, err := ConfigSection(map[string]any{k: v})
	if err != nil {
		return err
	}
	switch k {
	case "backend":
		if !slices.Contains(Backends, backend) {
			return fmt.Errorf("unknown backend %q (want %s)", v, strings.Join(Backends, ", "))
		}
	case "fraction":
		if t.Fraction <= 0 || t.Fraction > 1 {
			return fmt.Errorf("fraction %v: want a number in (0, 1]", v)
		}
	case "assume":
		for name, n := range assume {
			if n < 0 {
				return fmt.Errorf("assume.%s = %d: want a non-negative integer", name, n)
			}
		}
	default:
		_, err = t.Resolve()
	}
	return err
}
