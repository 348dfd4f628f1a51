package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
)

func init() {
	register(&command{Name: "mem", Usage: "mem [flags] FILE", Summary: "estimate a file's peak array memory against a target", Run: runMem})
}

// assumeFlag collects repeatable --assume N=VALUE bindings.
type assumeFlag map[string]int64

func (a assumeFlag) String() string { return fmt.Sprint(map[string]int64(a)) }

func (a assumeFlag) Set(s string) error {
	binds, err := memory.ParseAssume(s)
	if err != nil {
		return err
	}
	for k, v := range binds {
		a[k] = v
	}
	return nil
}

// runMem is `arraylint mem`: flags override [tool.arraylint.memory] in the configuration, which
// a `# arraylint: target` comment in the file overrides in turn only where no flag was given.
// Exit status 1 means an allocation does not fit the target.
func runMem(_ context.Context, e *env, args []string) int {
	fs := newFlagSet("mem", e.stderr)
	var (
		t        memory.TargetOptions
		backend  string
		function string
		format   string
		output   string
		config   string
		list     bool
	)
	assume := assumeFlag{}
	var legateModel memory.LegateModel
	fs.StringVar(&t.Target, "target", "", "device preset (see --list-targets)")
	fs.StringVar(&t.HBM, "hbm", "", "device memory size, e.g. 80GiB (overrides the preset's)")
	fs.Float64Var(&t.Fraction, "fraction", 0, "usable fraction of the device memory (JAX on GPUs: 0.75 by default)")
	fs.StringVar(&t.SysMem, "sysmem", "", "Legate SYSTEM_MEM pool per rank in MiB")
	fs.StringVar(&t.FBMem, "fbmem", "", "Legate FBMEM pool per rank in MiB")
	fs.StringVar(&t.ZCMem, "zcmem", "", "Legate ZCMEM pool per rank in MiB")
	fs.StringVar(&t.Legate, "legate-config", "", "LEGATE_CONFIG-style flags, e.g. \"--sysmem 40 --fbmem 1000\"")
	fs.Int64Var(&legateModel.Alignment, "legate-alignment", memory.DefaultLegateModel.Alignment, "Legate model: bytes each instance's payload is rounded up to")
	fs.Int64Var(&legateModel.Overhead, "legate-overhead", memory.DefaultLegateModel.Overhead, "Legate model: bytes of descriptor added per instance")
	fs.StringVar(&backend, "backend", "", "memory model: "+strings.Join(memory.Backends, ", ")+" (default: from the imports)")
	fs.StringVar(&function, "function", "", "analyse only this top-level function")
	fs.Var(assume, "assume", "bind a name the program leaves unknown, e.g. N=10_000_000 (repeatable)")
	fs.StringVar(&format, "format", "text", "output format: text, json or html")
	fs.StringVar(&output, "o", "", "write the report to this file instead of standard output")
	fs.StringVar(&config, "config", "", "configuration file to read [tool.arraylint.memory] from")
	fs.BoolVar(&list, "list-targets", false, "list the target presets and exit")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return flagErrorStatus(err)
	}
	if list {
		listTargets(e)
		return exitOK
	}
	if len(files) != 1 {
		fmt.Fprintf(e.stderr, "arraylint mem: want one FILE, have %d\n", len(files))
		return exitError
	}
	path := files[0]
	write, ok := map[string]func(io.Writer, []*memory.Report) error{
		"text": memory.WriteText, "json": memory.WriteJSON, "html": memory.WriteHTML,
	}[format]
	if !ok {
		fmt.Fprintf(e.stderr, "arraylint mem: unknown --format %q (want text, json or html)\n", format)
		return exitError
	}
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	cfgOpts, cfgBackend, cfgAssume, err := memoryConfig(path, config)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	t = cfgOpts.Overlay(t)
	if backend == "" {
		backend = cfgBackend
	}
	for k, v := range assume {
		cfgAssume[k] = v
	}
	if legateModel.Alignment <= 0 || legateModel.Overhead < 0 {
		fmt.Fprintf(e.stderr, "arraylint mem: --legate-alignment must be positive and --legate-overhead not negative\n")
		return exitError
	}
	opts := memory.Options{Path: path, Backend: backend, Function: function, Assume: cfgAssume, Legate: legateModel}
	if err := analyzer.SizeError(len(src)); err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %s not estimated: %v\n", path, err)
		return exitError
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	fileT, fileBackend, ok, err := memory.TargetComment(f)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %s: %v\n", path, err)
		return exitError
	}
	if ok && !set["target"] && !set["hbm"] && !set["sysmem"] && !set["fbmem"] && !set["zcmem"] && !set["legate-config"] {
		t = t.Overlay(fileT)
		if !set["backend"] && fileBackend != "" {
			opts.Backend = fileBackend
		}
	}
	// Legate reads its pool sizes from LEGATE_CONFIG; so does the legate model when no pool flag is given.
	if env := e.getenv("LEGATE_CONFIG"); env != "" && t.Legate == "" && t.SysMem == "" && t.FBMem == "" && t.ZCMem == "" {
		b := opts.Backend
		if b == "" {
			b = memory.DetectBackend(f.Module)
		}
		if b == memory.BackendLegate {
			t.Legate = env
		}
	}
	if opts.Target, err = t.Resolve(); err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	reports, err := memory.Estimate(f, opts)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	out := e.stdout
	if output != "" {
		f, err := os.Create(output)
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
			return exitError
		}
		defer f.Close()
		out = f
	}
	if err := write(out, reports); err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	for _, r := range reports {
		if r.Fits != nil && !*r.Fits {
			return exitFindings
		}
	}
	return exitOK
}

func listTargets(e *env) {
	fmt.Fprintf(e.stdout, "%-10s %22s  %-36s %s\n", "name", "bytes", "device", "source")
	for _, t := range memory.Presets() {
		fmt.Fprintf(e.stdout, "%-10s %22s  %-36s %s\n", t.Name, memory.Commas(t.Bytes), t.Desc, t.Source)
	}
	fmt.Fprintf(e.stdout, "\nJAX on a GPU may use %.0f%% of it (XLA_PYTHON_CLIENT_MEM_FRACTION); --hbm SIZE, --fraction F and\n"+
		"Legate's --sysmem/--fbmem/--zcmem MiB (or --legate-config \"--sysmem 40\") give other budgets.\n", memory.JAXGPUFraction*100)
}

// memoryConfig reads [tool.arraylint.memory] from the configuration that applies to path (or
// from file).
func memoryConfig(path, file string) (memory.TargetOptions, string, map[string]int64, error) {
	var (
		cfg *analyzer.Config
		err error
	)
	if file != "" {
		cfg, err = analyzer.LoadConfigFile(file)
	} else {
		cfg, err = analyzer.LoadConfig(filepath.Dir(path))
	}
	if err != nil || cfg == nil {
		return memory.TargetOptions{}, "", map[string]int64{}, err
	}
	return memory.ConfigSection(cfg.Section("memory"))
}
