package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

func init() {
	register(&command{Name: "mem", Usage: "mem [flags] FILE [-- PROGRAM-ARGS]", Summary: "estimate a file's peak array memory against a target", Run: runMem})
}

// assumeFlag collects repeatable --assume NAME=VALUE bindings: integers, and (for mem) other
// Python values as expressions (np=numpy, D=numpy.float32, shape=(1000, 3)).
type assumeFlag struct {
	ints  map[string]int64
	exprs map[string]string
}

func newAssumeFlag() *assumeFlag {
	return &assumeFlag{ints: map[string]int64{}, exprs: map[string]string{}}
}

func (a *assumeFlag) String() string {
	if a == nil {
		return ""
	}
	return fmt.Sprint(a.ints, a.exprs)
}

func (a *assumeFlag) Set(s string) error {
	name, n, expr, err := bindings.ParseAssumeFlag(s)
	if err != nil {
		return err
	}
	delete(a.ints, name)
	delete(a.exprs, name)
	if expr != "" {
		a.exprs[name] = expr
	} else {
		a.ints[name] = n
	}
	return nil
}

// checkExprs refuses a value that is not an integer and that the estimate could never evaluate:
// a bare name other than an array library (`n=abc`). The estimate evaluates literals and dotted
// names (numpy.float32, or an attribute of a module the file imports) in the file's module
// scope, but a bare name would only look itself up again: it would be ignored without a word.
func (a *assumeFlag) checkExprs() error {
	for _, name := range slices.Sorted(maps.Keys(a.exprs)) {
		expr := a.exprs[name]
		e, ok := bindings.ParseValueExpr(expr)
		if !ok {
			return fmt.Errorf("--assume %s=%s: not a Python expression", name, expr)
		}
		if n, isName := e.(*ast.Name); isName {
			if _, _, lib := imports.Classify(n.ID); !lib {
				return fmt.Errorf("--assume %s=%s: %s is neither an integer nor a value the estimate can evaluate (a literal such as 1.5 or (1000, 3), or a dotted name such as numpy.float32)", name, expr, expr)
			}
		}
	}
	return nil
}

// warnUnused warns on standard error about each assumed name that no estimate in reports read:
// a misspelt name, or one the program sets itself, would otherwise be ignored without a word.
func (a *assumeFlag) warnUnused(e *env, reports []*memory.Report) {
	used := map[string]bool{}
	for _, r := range reports {
		for _, s := range r.Symbols {
			used[s.Name] = true
		}
	}
	names := slices.Concat(slices.Collect(maps.Keys(a.ints)), slices.Collect(maps.Keys(a.exprs)))
	slices.Sort(names)
	for _, n := range names {
		if !used[n] {
			fmt.Fprintf(e.stderr, "arraylint mem: warning: --assume %s: the estimate never reads %s (misspelt, or set by the program itself?)\n", n, n)
		}
	}
}

// runMem is `arraylint mem`: its settings are chosen by memory.Resolve, as `check` and the
// server choose them: flags, then the file's `# arraylint: target` comment, then
// [tool.arraylint.memory].
// Exit status 1 means an allocation does not fit the target.
func runMem(ctx context.Context, e *env, args []string) int {
	tuneGC(e)
	fs := newFlagSet("mem", e)
	var (
		function string
		format   string
		output   string
		config   string
		list     bool
		solveFor string
		watch    bool
	)
	assume := newAssumeFlag()
	targetFlags := targetFlags(fs.FlagSet, memory.InMem, func(o memory.TargetOption) string {
		if o.Name == "target" {
			return o.Doc + ", or all: one row per preset"
		}
		return o.Doc
	})
	fs.StringVar(&function, "function", "", "analyse only this top-level function")
	fs.Var(assume, "assume", "bind a name the program leaves unknown, e.g. N=10_000_000 (repeatable)")
	fs.StringVar(&format, "format", "text", "output format: text, json or html")
	fs.StringVar(&output, "o", "", "write the report to this file instead of standard output")
	fs.StringVar(&config, "config", "", "configuration file to read [tool.arraylint.memory] from")
	fs.BoolVar(&list, "list-targets", false, "list the target presets and exit")
	fs.BoolVar(&watch, "watch", false, "estimate again whenever the file or its directory's configuration changes, until interrupted")
	fs.StringVar(&solveFor, "solve-for", "", "the integer symbol (an argparse option or an assumed `NAME`) to give the peak formula and the largest fitting size in (default: the only one)")
	args, argv := programArgs(args)
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return flagErrorStatus(err)
	}
	if list {
		listTargets(e)
		return exitOK
	}
	given := flagTexts(targetFlags)
	allTargets := strings.EqualFold(given["target"], "all") // one row per preset: memAllTargets
	if allTargets {
		given["target"] = ""
	}
	vals, _, err := memory.ParseFlags(given, memory.InMem)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	if len(files) != 1 {
		fmt.Fprintf(e.stderr, "arraylint mem: want one FILE, have %d\n", len(files))
		return exitError
	}
	path := files[0]
	if watch {
		_, once := watchArgs(args)
		dir := filepath.Dir(path)
		roots := []string{path, filepath.Join(dir, "pyproject.toml"), filepath.Join(dir, "arraylint.toml")}
		if config != "" {
			roots = append(roots, config)
		}
		return watchLoop(ctx, e, "mem", roots, func() int { return runMem(ctx, e, append(once, argvTail(argv)...)) })
	}
	write, ok := map[string]func(io.Writer, []*memory.Report) error{
		"text": memory.WriteText, "json": memory.WriteJSON, "html": memory.WriteHTML,
	}[format]
	if !ok {
		fmt.Fprintf(e.stderr, "arraylint mem: unknown --format %q (want text, json or html)\n", format)
		return exitError
	}
	if err := assume.checkExprs(); err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	src, _, err := driver.ReadFile(path) // refuses a directory or a pipe instead of blocking
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	// A notebook is estimated as one program of its code cells in order (driver.ReadNotebook).
	var nb *driver.Notebook
	if driver.IsNotebook(path) {
		n, bad := driver.ReadNotebook(path, src, nil)
		if n == nil {
			msg := "not a Python notebook"
			if len(bad) > 0 {
				msg = fmt.Sprintf("%d:%d: %s", bad[0].Line, bad[0].Col, bad[0].Message)
			}
			fmt.Fprintf(e.stderr, "arraylint mem: %s: %s\n", path, msg)
			return exitError
		}
		nb, src = n, n.Program.Src
	}
	cfg, root, err := memoryConfig(path, config)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	if err := driver.SizeError(len(src)); err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %s not estimated: %v\n", path, err)
		return exitError
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %s: %v\n", path, err)
		return exitError
	}
	if len(f.Errors) > 0 {
		// An estimate of a program that does not parse would describe another program.
		for _, pe := range f.Errors {
			line, col := f.Lines.LineCol(pe.Start)
			where, msg := fmt.Sprintf("%d:%d", line, col+1), pe.Msg
			if nb != nil {
				cell, _, l, c, _, _ := nb.ToCell(pe.Range)
				where, msg = fmt.Sprintf("cell %d:%d:%d", cell, l, c), nb.CellLineText(msg)
			}
			fmt.Fprintf(e.stderr, "arraylint mem: %s:%s: syntax error: %s\n", path, where, msg)
		}
		return exitError
	}
	// A `# arraylint: target` or `assume` comment the estimate would leave out (check reports
	// it as AL903) is an error here: the one file asked about would be estimated without it.
	if bad := memory.CommentProblems(f); len(bad) > 0 {
		for _, p := range bad {
			line, col := f.Lines.LineCol(p.Range.Start)
			fmt.Fprintf(e.stderr, "arraylint mem: %s:%d:%d: %s\n", path, line, col+1, p.Msg)
		}
		return exitError
	}
	flags := memory.Settings{Target: vals.Target, Backend: vals.Backend, NumPyVersion: vals.NumPy, MaxSteps: vals.MaxSteps, Assume: assume.ints, LegateConfig: e.getenv("LEGATE_CONFIG")}
	opts, err := memory.Resolve(f, path, flags, cfg)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	opts.Function, opts.Legate, opts.AssumeExprs, opts.ProjectRoot = function, vals.Model, assume.exprs, root
	opts.Argv = argv
	if allTargets {
		return memAllTargets(e, f, opts, solveFor, format, assume)
	}
	reports, err := memory.Estimate(f, opts)
	if err == nil {
		err = memory.Scale(f, opts, reports, solveFor)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint mem: %v\n", err)
		return exitError
	}
	if nb != nil {
		memory.InCells(reports, func(line int) (int, int) {
			if line < 1 || line > f.Lines.LineCount() {
				return 0, 0
			}
			cell, _, l, _, _, _ := nb.ToCell(pyparse.Range{Start: f.Lines.LineStart(line), End: f.Lines.LineStart(line)})
			return cell, l
		})
	}
	assume.warnUnused(e, reports)
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

// argvTail gives back the "-- PROGRAM-ARGS" part of mem's arguments that programArgs split off.
func argvTail(argv []string) []string {
	if argv == nil {
		return nil
	}
	return append([]string{"--"}, argv...)
}

// programArgs splits mem's arguments at the first "--": what follows is the command line the
// program is to be run with (nil when there is no "--"; empty, not nil, for "--" alone: a run
// without arguments).
func programArgs(args []string) (own, argv []string) {
	for i, a := range args {
		if a == "--" {
			return args[:i], append([]string{}, args[i+1:]...)
		}
	}
	return args, nil
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
// from file), and returns the project root the estimate may read imported modules under.
func memoryConfig(path, file string) (memory.Settings, string, error) {
	var (
		cfg *driver.Config
		err error
	)
	if file != "" {
		cfg, err = driver.LoadConfigFile(file)
	} else {
		cfg, err = driver.LoadConfig(filepath.Dir(path))
	}
	if err != nil || cfg == nil {
		return memory.Settings{}, "", err
	}
	s, err := memory.SectionSettings(cfg.Section("memory"))
	return s, absint.ProjectRootOf(cfg.FileDir(), path), err
}
