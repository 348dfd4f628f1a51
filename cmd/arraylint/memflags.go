package main

import (
	"flag"
	"fmt"

	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
)

// targetFlags registers the target options accepted in places (memory.TargetOptionTable) as
// flags of fs, with the usage text usage gives each, and returns their values by name.
func targetFlags(fs *flag.FlagSet, places memory.Place, usage func(memory.TargetOption) string) map[string]*string {
	out := map[string]*string{}
	for _, o := range memory.TargetOptionTable(places) {
		text := usage(o)
		if o.FlagDefault() == "" && o.Default() != "" {
			// unset, the flag leaves the configuration's value: its default is told, not set
			text += " (default " + o.Default() + ")"
		}
		out[o.Name] = fs.String(o.Name, o.FlagDefault(), text)
	}
	return out
}

// flagTexts returns the values of flags registered by targetFlags.
func flagTexts(flags map[string]*string) map[string]string {
	out := make(map[string]string, len(flags))
	for name, v := range flags {
		out[name] = *v
	}
	return out
}

// memoryFlags checks check's memory flags and returns them as a [tool.arraylint.memory]-shaped
// table (Config.Flags("memory")), with the environment's LEGATE_CONFIG.
func (f *checkFlags) memoryFlags(e *env) (map[string]any, error) {
	vals, out, err := memory.ParseFlags(flagTexts(f.mem), memory.InCheck)
	if err != nil {
		return nil, err
	}
	if _, err := vals.Target.Resolve(); err != nil {
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
