package main

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/changed"
	"github.com/arraylint/arraylint/analyzer/printers"
	"github.com/arraylint/arraylint/memory"
	"github.com/rogpeppe/go-internal/diff"
)

func init() {
	register(&command{Name: "check", Usage: "check [flags] [PATH...]", Summary: "check Python files and directories", Run: runCheck})
}

type checkFlags struct {
	sel, ignore    listFlag
	format         string
	config         string
	noColor        bool
	fix, unsafeFix bool
	diff           bool
	exitZero       bool
	statistics     bool
	jobs           int
	cpuprofile     string
	newFromRev     string
	newFromPatch   string
	newFromBase    string
	timings        bool
	memprofile     string
	// mem holds the memory-target flags that `check` shares with `mem`; they become the options
	// of the rules that declare them (AL101, AL102).
	mem map[string]*string
}

func runCheck(ctx context.Context, e *env, args []string) int {
	var f checkFlags
	fs := newFlagSet("check", e.stderr)
	fs.Var(&f.sel, "select", "rule codes, names or prefixes to enable, replacing the configured set (comma-separated, repeatable; ALL for every rule)")
	fs.Var(&f.ignore, "ignore", "rule codes, names or prefixes to disable (comma-separated, repeatable)")
	fs.StringVar(&f.format, "output-format", "text", "output format: "+strings.Join(printers.Formats, ", "))
	fs.StringVar(&f.config, "config", "", "use this configuration file for every file instead of discovering pyproject.toml/arraylint.toml")
	fs.BoolVar(&f.noColor, "no-color", false, "never colour the output (also: NO_COLOR set in the environment)")
	fs.BoolVar(&f.fix, "fix", false, "apply safe fixes to the files in place")
	fs.BoolVar(&f.unsafeFix, "unsafe-fixes", false, "with --fix or --diff, also apply unsafe fixes")
	fs.BoolVar(&f.diff, "diff", false, "print the changes --fix would make as a unified diff instead of writing them; exit 1 if there are any")
	fs.BoolVar(&f.exitZero, "exit-zero", false, "exit with status 0 even when there are findings")
	fs.BoolVar(&f.statistics, "statistics", false, "print the number of findings per rule instead of the findings")
	fs.StringVar(&f.newFromRev, "new-from-rev", "", "report only findings on lines changed since this git revision (working tree included)")
	fs.StringVar(&f.newFromPatch, "new-from-patch", "", "report only findings on lines this unified diff adds or changes")
	fs.StringVar(&f.newFromBase, "new-from-merge-base", "", "report only findings on lines changed since the merge base of HEAD and this revision")
	fs.BoolVar(&f.timings, "timings", false, "print the time spent parsing and in each analyzer to standard error")
	fs.IntVar(&f.jobs, "jobs", 0, "files checked in parallel (default GOMAXPROCS)")
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&f.memprofile, "memprofile", "", "write a heap profile to this file at exit")
	f.mem = map[string]*string{}
	for _, m := range []struct{ name, usage string }{
		{"target", "memory target preset for AL101/AL102 (see `arraylint mem --list-targets`)"},
		{"hbm", "device memory size for AL101/AL102, e.g. 80GiB (overrides the preset's)"},
		{"fraction", "usable fraction of the device memory for AL101/AL102 (JAX on GPUs: 0.75)"},
		{"sysmem", "Legate SYSTEM_MEM pool per rank in MiB for AL101/AL102"},
		{"fbmem", "Legate FBMEM pool per rank in MiB for AL101/AL102"},
		{"zcmem", "Legate ZCMEM pool per rank in MiB for AL101/AL102"},
		{"legate-config", "LEGATE_CONFIG-style flags for AL101/AL102, e.g. \"--sysmem 40 --fbmem 1000\""},
		{"backend", "memory model for AL101/AL102: numpy, cupy, legate or jax (default: from the imports)"},
	} {
		f.mem[m.name] = fs.String(m.name, "", m.usage)
	}
	paths, err := parseInterspersed(fs, args)
	if err != nil {
		return flagErrorStatus(err)
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	if !printers.IsFormat(f.format) {
		fmt.Fprintf(e.stderr, "arraylint check: unknown --output-format %q (want %s)\n", f.format, strings.Join(printers.Formats, ", "))
		return exitError
	}
	if f.unsafeFix && !f.fix && !f.diff {
		fmt.Fprintf(e.stderr, "arraylint check: --unsafe-fixes needs --fix or --diff\n")
		return exitError
	}
	if (f.fix || f.diff) && (f.newFromRev != "" || f.newFromPatch != "" || f.newFromBase != "") {
		fmt.Fprintf(e.stderr, "arraylint check: --fix and --diff cannot be combined with --new-from-*\n")
		return exitError
	}
	if f.fix && f.diff {
		fmt.Fprintf(e.stderr, "arraylint check: --fix and --diff exclude each other\n")
		return exitError
	}
	if f.cpuprofile != "" {
		pf, err := os.Create(f.cpuprofile)
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
			return exitError
		}
		if err := pprof.StartCPUProfile(pf); err != nil {
			fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
			return exitError
		}
		defer func() { pprof.StopCPUProfile(); pf.Close() }()
	}
	if f.memprofile != "" {
		defer writeHeapProfile(e, f.memprofile)
	}
	tuneGC(e)
	return check(ctx, e, &f, paths)
}

// tuneGC trades memory for speed in a batch run unless the user set GOGC or GOMEMLIMIT: the live
// heap is small (one parse per worker), so collecting at 4x it instead of 2x cut CPU time by a
// third on the stdlib (4.4 s to 3.0 s user+sys, peak RSS 120 to 260 MiB). The soft limit makes
// the collector work harder before the heap could pass twice the memory budget of one file
// (analyzer.FileMemoryBudget). It must stay well above one file's live heap, or the collector
// runs back to back: at 400 MiB, the 7.6 MB file of 160,000 functions (806 MB live) took 4.5 s
// of CPU instead of 1.0 s.
func tuneGC(e *env) {
	if e.getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if e.getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(2 * analyzer.FileMemoryBudget)
	}
}

func writeHeapProfile(e *env, path string) {
	pf, err := os.Create(path)
	if err == nil {
		runtime.GC()
		err = pprof.WriteHeapProfile(pf)
		pf.Close()
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: write heap profile: %v\n", err)
	}
}

func check(ctx context.Context, e *env, f *checkFlags, paths []string) int {
	cc := &analyzer.ConfigCache{Select: f.sel, Ignore: f.ignore, Options: map[string]any{}}
	if _, err := analyzer.Default("").WithOverrides(f.sel, f.ignore); err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: --select/--ignore: %v\n", err)
		return exitError
	}
	for name, v := range f.mem {
		switch {
		case *v == "":
		case name == "fraction":
			x, err := strconv.ParseFloat(*v, 64)
			if err != nil || x <= 0 || x > 1 {
				fmt.Fprintf(e.stderr, "arraylint check: --fraction %q: want a number in (0, 1]\n", *v)
				return exitError
			}
			cc.Options[name] = x
		default:
			cc.Options[name] = *v
		}
	}
	if _, err := analyzer.Default("").WithOptions(cc.Options); err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
		return exitError
	}
	var target memory.TargetOptions
	for name, v := range f.mem {
		target.SetString(name, *v) // fraction and backend are checked on their own
	}
	if _, err := target.Resolve(); err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: memory target: %v\n", err)
		return exitError
	}
	if b := *f.mem["backend"]; b != "" && !slices.Contains(memory.Backends, b) {
		fmt.Fprintf(e.stderr, "arraylint check: --backend %q: want one of %s\n", b, strings.Join(memory.Backends, ", "))
		return exitError
	}
	if f.config != "" {
		cfg, err := analyzer.LoadConfigFile(f.config)
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
			return exitError
		}
		cc.Fixed = cfg
	}
	keep, err := changesFilter(f)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
		return exitError
	}
	files, err := analyzer.Discover(paths, cc)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
		return exitError
	}
	rn, err := analyzer.NewRunner(rules())
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint: internal error: %v\n", err)
		return exitError
	}
	if f.timings {
		rn.EnableTimings()
		defer printTimings(e, rn)
	}

	var results []analyzer.FileResult
	fixed := 0
	if f.fix || f.diff {
		var diffs [][]byte
		results, fixed, diffs = fixFiles(ctx, rn, files, cc, f)
		if f.diff {
			return printDiffs(e, results, diffs, fixed)
		}
	} else {
		results = rn.CheckFiles(ctx, files, cc, f.jobs)
	}
	if ctx.Err() != nil {
		fmt.Fprintf(e.stderr, "arraylint: interrupted\n")
		return exitError
	}

	status := exitOK
	var findings []analyzer.Finding
	sources := map[string][]byte{}
	for _, r := range results {
		if r.Err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %v\n", r.Err)
			status = exitError
			continue
		}
		sources[r.Path] = r.Src
		if keep != nil {
			r.Findings = keep.Filter(r.Findings)
		}
		findings = append(findings, r.Findings...)
	}

	color := useColor(f, e)
	if f.statistics {
		printStatistics(e, findings)
	} else {
		p, err := printers.New(f.format, printers.Options{Color: color, Source: func(p string) []byte { return sources[p] },
			Rules: rn.Rules(), Version: version})
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
			return exitError
		}
		if err := p.Print(e.stdout, findings); err != nil {
			fmt.Fprintf(e.stderr, "arraylint: write output: %v\n", err)
			return exitError
		}
	}
	if f.format == "text" || f.format == "concise" || f.statistics {
		printSummary(e, findings, fixed, f.fix, len(files))
	}
	if status == exitOK && len(findings) > 0 && !f.exitZero {
		status = exitFindings
	}
	return status
}

// changesFilter returns the --new-from-* filter, or nil when none is set.
func changesFilter(f *checkFlags) (*changed.Changes, error) {
	n := 0
	for _, s := range []string{f.newFromRev, f.newFromPatch, f.newFromBase} {
		if s != "" {
			n++
		}
	}
	switch {
	case n == 0:
		return nil, nil
	case n > 1:
		return nil, fmt.Errorf("use one of --new-from-rev, --new-from-patch and --new-from-merge-base")
	case f.newFromRev != "":
		return changed.FromRev(".", f.newFromRev)
	case f.newFromBase != "":
		return changed.FromMergeBase(".", f.newFromBase)
	}
	data, err := os.Open(f.newFromPatch)
	if err != nil {
		return nil, fmt.Errorf("read patch: %w", err)
	}
	defer data.Close()
	return changed.ParsePatch(data, ".")
}

// printTimings writes the runner's timings, largest first, with their share of the total.
func printTimings(e *env, rn *analyzer.Runner) {
	times := rn.Timings()
	var total time.Duration
	names := make([]string, 0, len(times))
	for n, d := range times {
		names = append(names, n)
		total += d
	}
	sort.Slice(names, func(i, j int) bool { return times[names[i]] > times[names[j]] })
	fmt.Fprintf(e.stderr, "%-24s %10s %6s\n", "phase (all workers)", "time", "share")
	for _, n := range names {
		fmt.Fprintf(e.stderr, "%-24s %10s %5.1f%%\n", n, times[n].Round(time.Millisecond), 100*float64(times[n])/float64(max(total, 1)))
	}
	fmt.Fprintf(e.stderr, "%-24s %10s\n", "total", total.Round(time.Millisecond))
}

// useColor reports whether output is coloured: only on a terminal, and never with --no-color or
// a non-empty NO_COLOR (no-color.org).
func useColor(f *checkFlags, e *env) bool {
	return !f.noColor && e.getenv("NO_COLOR") == "" && e.stdoutIsTTY
}

// fixFiles applies fixes file by file on the runner's workers and, unless --diff, writes changed
// files atomically. Results carry the findings that remain; with --diff, diffs[i] is the unified
// diff of file i (nil when unchanged).
func fixFiles(ctx context.Context, rn *analyzer.Runner, files []string, cc *analyzer.ConfigCache, f *checkFlags) ([]analyzer.FileResult, int, [][]byte) {
	results := make([]analyzer.FileResult, len(files))
	diffs := make([][]byte, len(files))
	var mu sync.Mutex
	total := 0
	jobs := f.jobs
	if jobs <= 0 {
		jobs = runtime.GOMAXPROCS(0)
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, len(files)) {
		wg.Go(func() {
			for i := range next {
				r, n, d := fixOne(ctx, rn, files[i], cc, f.unsafeFix, !f.diff)
				results[i], diffs[i] = r, d
				mu.Lock()
				total += n
				mu.Unlock()
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return results, total, diffs
}

func fixOne(ctx context.Context, rn *analyzer.Runner, path string, cc *analyzer.ConfigCache, unsafe, write bool) (analyzer.FileResult, int, []byte) {
	res := analyzer.FileResult{Path: path}
	cfg, err := cc.ForFile(path)
	if err != nil {
		res.Err = err
		return res, 0, nil
	}
	src, err := os.ReadFile(path)
	if err != nil {
		res.Err = fmt.Errorf("check %s: %w", path, err)
		return res, 0, nil
	}
	fr, err := rn.FixSource(ctx, path, src, cfg, unsafe)
	if fr == nil {
		res.Src, res.Err = src, err
		return res, 0, nil
	}
	res.Src, res.Findings = fr.Src, fr.Remaining
	if err != nil {
		res.Err = err
	}
	if fr.Applied == 0 || bytes.Equal(fr.Src, src) {
		return res, 0, nil
	}
	if !write {
		return res, fr.Applied, diff.Diff(path, src, path, fr.Src)
	}
	if werr := analyzer.WriteFileAtomic(path, fr.Src); werr != nil {
		res.Err = werr
		return res, 0, nil
	}
	return res, fr.Applied, nil
}

// printDiffs prints --diff's output: the diffs, then how many fixes they hold.
func printDiffs(e *env, results []analyzer.FileResult, diffs [][]byte, fixes int) int {
	status := exitOK
	for i, r := range results {
		if r.Err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %v\n", r.Err)
			status = exitError
		}
		if diffs[i] != nil {
			e.stdout.Write(diffs[i])
		}
	}
	if fixes > 0 {
		fmt.Fprintf(e.stdout, "\nWould fix %d %s.\n", fixes, plural(fixes, "finding", "findings"))
		if status == exitOK {
			status = exitFindings
		}
	}
	return status
}

func printSummary(e *env, findings []analyzer.Finding, fixed int, fixing bool, nfiles int) {
	w := e.stdout
	if fixing && fixed > 0 {
		fmt.Fprintf(w, "Fixed %d %s.\n", fixed, plural(fixed, "finding", "findings"))
	}
	if len(findings) == 0 {
		fmt.Fprintf(w, "All checks passed (%d %s).\n", nfiles, plural(nfiles, "file", "files"))
		return
	}
	fixable := 0
	for _, f := range findings {
		if f.Fix != nil && f.Fix.Applicability == analyzer.Safe {
			fixable++
		}
	}
	fmt.Fprintf(w, "\nFound %d %s in %d %s", len(findings), plural(len(findings), "finding", "findings"), nfiles, plural(nfiles, "file", "files"))
	if fixable > 0 {
		fmt.Fprintf(w, " (%d fixable with `--fix`)", fixable)
	}
	fmt.Fprintf(w, ".\n")
}

func printStatistics(e *env, findings []analyzer.Finding) {
	counts := map[string]int{}
	names := map[string]string{}
	for _, f := range findings {
		counts[f.Code]++
		names[f.Code] = f.Name
	}
	codes := slices.Collect(maps.Keys(counts))
	sort.Slice(codes, func(i, j int) bool {
		if counts[codes[i]] != counts[codes[j]] {
			return counts[codes[i]] > counts[codes[j]]
		}
		return codes[i] < codes[j]
	})
	for _, c := range codes {
		fmt.Fprintf(e.stdout, "%6d  %s  %s\n", counts[c], c, names[c])
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
