package main

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
)

// memoryFlags checks check's memory flags and returns them as a [tool.arraylint.memory]-shaped
// table (Config.Flags("memory")), with the environment's LEGATE_CONFIG.
func (f *checkFlags) memoryFlags(e *env) (map[string]any, error) {
	out := map[string]any{}
	var target memory.TargetOptions
	for name, v := range f.mem {
		switch {
		case *v == "":
			continue
		case name == "fraction":
			x, err := strconv.ParseFloat(*v, 64)
			if err != nil || x <= 0 || x > 1 {
				return nil, fmt.Errorf("--fraction %q: want a number in (0, 1]", *v)
			}
			out[name] = x
		case name == "backend":
			if !slices.Contains(memory.Backends, *v) {
				return nil, fmt.Errorf("--backend %q: want one of %s", *v, strings.Join(memory.Backends, ", "))
			}
			out[name] = *v
		default:
			target.SetString(name, *v)
			out[name] = *v
		}
	}
	if _, err := target.Resolve(); err != nil {
		return nil, fmt.Errorf("memory target: %w", err)
	}
	for name, expr := range f.assume.exprs {
		return nil, fmt.Errorf("--assume %s=%s: check takes integers (mem takes any Python value)", name, expr)
	}
	if len(f.assume.ints) > 0 {
		binds := map[string]any{}
		for k, v := range f.assume.ints {
			binds[k] = v
		}
		out["assume"] = binds
	}
	if env := e.getenv("LEGATE_CONFIG"); env != "" {
		out[memanalyzer.LegateConfigKey] = env
	}
	return out, nil
}
