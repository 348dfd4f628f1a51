package arrays

import (
	"fmt"
	"reflect"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
)

// Analyzer infers the array facts of one Python file; its result is an *Info.
var Analyzer = &analysis.Analyzer{
	Name:       "arrayfacts",
	Doc:        "infer which names and expressions hold arrays, with backend, dtype and shape",
	Requires:   []*analysis.Analyzer{pyinspect.Analyzer, imports.Analyzer},
	ResultType: reflect.TypeFor[*Info](),
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		imp := pass.ResultOf[imports.Analyzer].(*imports.Info)
		// A malformed assumption is reported by the memory estimate (AL101/AL102, `mem`); the
		// facts then go without assumptions.
		binds, _ := Assumptions(in.File, analyzer.ConfigOf(pass))
		cfg := analyzer.ConfigOf(pass)
		proj := project{files: analyzer.FilesOf(pass), configDir: cfg.FileDir(), path: in.Path}
		return analyzeIn(in.File, imp, binds, NumPyVersion(cfg), in.Inspector, proj), nil
	},
}

// NumPyVersion returns the numpy-version setting under cfg, as the memory estimate reads it:
// the `--numpy-version` flag, then [tool.arraylint.memory]; NumPy 2 when neither gives a valid
// one (the estimate and the configuration's check report a bad value).
func NumPyVersion(cfg analyzer.Settings) npapi.NumPyVersion {
	for _, layer := range []map[string]any{cfg.Flags("memory"), cfg.Section("memory")} {
		if v, ok := layer["numpy-version"]; ok {
			if n, err := npapi.ParseNumPyVersion(fmt.Sprint(v)); err == nil {
				return n
			}
			return npapi.NumPy2
		}
	}
	return npapi.NumPy2
}

// Assumptions returns the bindings of `assume` for file f under cfg, as the memory estimate
// reads them: `--assume` flags, then the file's `# arraylint: assume` comments, then
// [tool.arraylint.memory.assume].
func Assumptions(f *pyparse.File, cfg analyzer.Settings) (map[string]int64, error) {
	var flags, config map[string]int64
	var err error
	if v, ok := cfg.Flags("memory")["assume"]; ok {
		if flags, err = bindings.AssumeTable(v); err != nil {
			return nil, fmt.Errorf("--assume: %w", err)
		}
	}
	if v, ok := cfg.Section("memory")["assume"]; ok {
		if config, err = bindings.AssumeTable(v); err != nil {
			return nil, fmt.Errorf("[tool.arraylint.memory] %w", err)
		}
	}
	return bindings.ResolveAssume(f, flags, config)
}
