package memory

import (
	"fmt"

	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
)

// This file defines how the estimate's settings are chosen, once for `arraylint mem`,
// `arraylint check` (AL101, AL102) and the language server.

// Settings is one layer of the estimate's settings: the command line (or an editor's settings),
// or [tool.arraylint.memory]. The file's own `# arraylint: target` and `# arraylint: assume`
// comments are the layer between them.
type Settings struct {
	Target  TargetOptions
	Backend string
	// NumPyVersion is the numpy-version setting as given ("1.26"; "": not given).
	NumPyVersion string
	// MaxSteps is the max-steps setting (0: not given).
	MaxSteps int64
	Assume   map[string]int64
	// LegateConfig is the LEGATE_CONFIG environment variable of the run, used for Legate's pools
	// when no layer gives a pool size.
	LegateConfig string
}

// SectionSettings reads a table shaped like [tool.arraylint.memory] (ConfigSection's keys).
func SectionSettings(sec map[string]any) (Settings, error) {
	vals, assume, err := readSection(sec)
	if err != nil {
		return Settings{}, err
	}
	return Settings{Target: vals.Target, Backend: vals.Backend, NumPyVersion: vals.NumPy, MaxSteps: vals.MaxSteps, Assume: assume}, nil
}

// Resolve chooses the settings of an estimate of f, highest first:
//
//  1. flags: the command line (`--target`, `--hbm`, `--backend`, `--numpy-version`, `--max-steps`,
//     `--assume` …);
//  2. the file's `# arraylint: target` comment, whose target applies only when no flag names
//     a target or pool size, and its `# arraylint: assume` comments (bindings.ResolveAssume);
//  3. config: [tool.arraylint.memory].
//
// Target fields overlay one another field by field. LEGATE_CONFIG gives Legate's pools when the
// backend is legate and no layer sets a pool. path names the file in Options.
func Resolve(f *pyparse.File, path string, flags, config Settings) (Options, error) {
	binds, origins, err := bindings.ResolveAssumeOrigins(f, flags.Assume, config.Assume)
	if err != nil {
		return Options{}, fmt.Errorf("%s: %w", path, err)
	}
	opts := Options{Path: path, Backend: config.Backend, Assume: binds, AssumeOrigins: origins}
	t := config.Target
	if f != nil {
		fileT, fileBackend, ok, _ := TargetComment(f) // a bad comment is AL903's, and left out
		if ok && !flags.Target.namesDevice() {
			t = t.Overlay(fileT)
		}
		if fileBackend != "" {
			opts.Backend = fileBackend
		}
	}
	t = t.Overlay(flags.Target)
	if flags.Backend != "" {
		opts.Backend = flags.Backend
	}
	version := config.NumPyVersion
	if flags.NumPyVersion != "" {
		version = flags.NumPyVersion
	}
	if opts.NumPyVersion, err = npapi.ParseNumPyVersion(version); err != nil {
		return Options{}, err
	}
	opts.MaxSteps = int(config.MaxSteps)
	if flags.MaxSteps > 0 {
		opts.MaxSteps = int(flags.MaxSteps)
	}
	if env := flags.LegateConfig; env != "" && !t.namesPools() {
		b := opts.Backend
		if b == "" && f != nil {
			b = DetectBackend(f.Module)
		}
		if b == BackendLegate {
			t.Legate = env
		}
	}
	target, err := t.Resolve()
	if err != nil {
		return Options{}, err
	}
	opts.Target = target
	return opts, nil
}

// namesDevice reports whether o chooses a device or pool size (a fraction alone does not).
func (o TargetOptions) namesDevice() bool {
	return o.Target != "" || o.HBM != "" || o.namesPools()
}

// namesPools reports whether o sets a Legate pool.
func (o TargetOptions) namesPools() bool {
	return o.SysMem != "" || o.FBMem != "" || o.ZCMem != "" || o.Legate != ""
}
