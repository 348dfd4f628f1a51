package peakmemory

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file defines the target options AL101 and AL102 share and the estimate both run.

// TargetOptions are the rule options that choose the memory target, as `arraylint mem`'s flags
// do. They override [tool.arraylint.memory]; a `# arraylint: target ...` comment in the file
// overrides both. Each value is checked when the configuration loads.
func TargetOptions() []analyzer.Option {
	return []analyzer.Option{
		{Name: "target", Default: "", Doc: "device preset (h100, tpu-v5e, … see `arraylint mem --list-targets`)", Check: checkTarget("target")},
		{Name: "hbm", Default: "", Doc: "device memory size such as 80GiB (overrides the preset's)", Check: checkTarget("hbm")},
		{Name: "fraction", Default: float64(0), Doc: "usable fraction of the device memory (0: all; JAX on GPUs: 0.75)", Check: checkFraction},
		{Name: "sysmem", Default: "", Doc: "Legate SYSTEM_MEM pool per rank, MiB (--sysmem)", Check: checkTarget("sysmem")},
		{Name: "fbmem", Default: "", Doc: "Legate FBMEM pool per rank, MiB (--fbmem)", Check: checkTarget("fbmem")},
		{Name: "zcmem", Default: "", Doc: "Legate ZCMEM pool per rank, MiB (--zcmem)", Check: checkTarget("zcmem")},
		{Name: "legate-config", Default: "", Doc: "a LEGATE_CONFIG-style flag string: \"--sysmem 40 --fbmem 1000\"", Check: checkTarget("legate-config")},
		{Name: "backend", Default: "", Doc: "memory model: numpy, cupy, legate or jax (default: from the imports)", Check: checkBackend},
	}
}

// The memory table is checked when the configuration loads, like the options.
func init() { analyzer.RegisterSectionCheck("memory", memory.CheckSection) }

// checkTarget returns the Check of a string target option: the value must resolve on its own.
func checkTarget(name string) func(any) error {
	return func(v any) error {
		s, _ := v.(string)
		if s == "" {
			return nil
		}
		var t memory.TargetOptions
		t.SetString(name, s)
		_, err := t.Resolve()
		return err
	}
}

func checkFraction(v any) error {
	if f, _ := v.(float64); f < 0 || f > 1 {
		return fmt.Errorf("want a number in (0, 1], or 0 for all of it; have %v", v)
	}
	return nil
}

func checkBackend(v any) error {
	if s, _ := v.(string); s != "" && !slices.Contains(memory.Backends, s) {
		return fmt.Errorf("unknown backend %q (want %s)", s, strings.Join(memory.Backends, ", "))
	}
	return nil
}

// Estimate runs the memory estimator on the pass's file with the target from the rule's options
// and the file's `# arraylint: target` comment. It returns no reports when no target is set.
func Estimate(pass *analysis.Pass) ([]*memory.Report, *memory.Target, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	str := func(name string) string { s, _ := analyzer.OptionValue(pass, name).(string); return s }
	var opts memory.TargetOptions
	for _, o := range TargetOptions() {
		opts.SetString(o.Name, str(o.Name)) // skips fraction and backend, read below
	}
	opts.Fraction, _ = analyzer.OptionValue(pass, "fraction").(float64)
	backend := str("backend")
	cfgOpts, cfgBackend, assume, err := memory.ConfigSection(analyzer.ConfigOf(pass).Section("memory"))
	if err != nil {
		return nil, nil, fmt.Errorf("read [tool.arraylint.memory] for %s: %w", in.Path, err)
	}
	opts = cfgOpts.Overlay(opts)
	if backend == "" {
		backend = cfgBackend
	}
	fileOpts, fileBackend, ok, err := memory.TargetComment(in.File)
	if err != nil {
		return nil, nil, fmt.Errorf("read target comment in %s: %w", in.Path, err)
	}
	if ok {
		opts = opts.Overlay(fileOpts)
		if fileBackend != "" {
			backend = fileBackend
		}
	}
	target, err := opts.Resolve()
	if err != nil || target == nil {
		return nil, nil, err
	}
	reports, err := memory.Estimate(in.File, memory.Options{Path: in.Path, Backend: backend, Target: target, Assume: assume})
	if err != nil {
		return nil, nil, err
	}
	return reports, target, nil
}

// StmtAt returns the innermost statement that starts on line, for placing a finding.
func StmtAt(in *pyinspect.Result, line int) ast.Stmt {
	var found ast.Stmt
	ast.Inspect(in.File.Module, func(n ast.Node) bool {
		st, ok := n.(ast.Stmt)
		if !ok {
			return found == nil
		}
		if in.File.Lines.Line(st.Span().Start) == line {
			found = st
			switch st.(type) {
			case *ast.FunctionDef, *ast.For, *ast.While, *ast.If, *ast.With, *ast.Try:
				return true
			}
			return false
		}
		return found == nil
	})
	return found
}

// CalledAtModule reports whether the module body (outside defs) calls a function of this name.
func CalledAtModule(mod *ast.Module, name string) bool {
	called := false
	for _, st := range mod.Body {
		switch st.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef:
			continue
		}
		ast.Inspect(st, func(n ast.Node) bool {
			if c, ok := n.(*ast.Call); ok {
				if nm, ok := c.Func.(*ast.Name); ok && nm.ID == name {
					called = true
				}
			}
			return !called
		})
	}
	return called
}
