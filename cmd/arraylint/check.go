package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/changed"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/analyzer/printers"
	"github.com/arraylint/arraylint/analyzer/udiff"
	"github.com/arraylint/arraylint/memory"
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
	stdinFilename  string
	// conv holds the flags of checkextra.go.
	conv convenienceFlags
	// mem holds the memory-target flags that `check` shares with `mem`, and assume its
	// --assume bindings; they reach the memory estimate (AL101, AL102) and the array model (the
	// other rules) through Config.Flags("memory").
	mem    map[string]*string
	assume *assumeFlag
	// scale is --scale: which arrays the sized rules count as large (the `scale` option).
	scale string
	watch bool
	// noCache is --no-cache: neither read nor write the content cache (cache.go).
	noCache bool
}

func runCheck(ctx context.Context, e *env, args []string) int {
	var f checkFlags
	fs := newFlagSet("check", e)
	fs.Var(&f.sel, "select", "rule `codes`, names or prefixes to enable, replacing the configured set (comma-separated, repeatable; ALL for every rule)")
	fs.Var(&f.ignore, "ignore", "rule `codes`, names or prefixes to disable (comma-separated, repeatable)")
	fs.StringVar(&f.format, "output-format", "text", "output `format`: "+strings.Join(printers.Formats, ", "))
	fs.StringVar(&f.config, "config", "", "use this configuration `file` for every file instead of discovering pyproject.toml/arraylint.toml")
	fs.BoolVar(&f.noColor, "no-color", false, "never colour the output (also: NO_COLOR set in the environment)")
	fs.BoolVar(&f.fix, "fix", false, "apply safe fixes to the files in place")
	fs.BoolVar(&f.unsafeFix, "unsafe-fixes", false, "with --fix or --diff, also apply unsafe fixes")
	fs.BoolVar(&f.diff, "diff", false, "print the changes --fix would make as a unified diff instead of writing them; exit 1 if there are any")
	fs.BoolVar(&f.exitZero, "exit-zero", false, "exit with status 0 even when there are findings")
	fs.BoolVar(&f.statistics, "statistics", false, "print the number of findings per rule instead of the findings (a JSON array with --output-format json)")
	fs.StringVar(&f.newFromRev, "new-from-rev", "", "report only findings on lines changed since this git `revision` (working tree included)")
	fs.StringVar(&f.newFromPatch, "new-from-patch", "", "report only findings on lines this unified diff `file` adds or changes")
	fs.StringVar(&f.newFromBase, "new-from-merge-base", "", "report only findings on lines changed since the merge base of HEAD and this `revision`")
	fs.BoolVar(&f.timings, "timings", false, "print the time spent parsing and in each analyzer to standard error")
	fs.IntVar(&f.jobs, "jobs", 0, "files checked in parallel (default GOMAXPROCS)")
	fs.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile to this file")
	fs.StringVar(&f.memprofile, "memprofile", "", "write a heap profile to this file at exit")
	fs.BoolVar(&f.noCache, "no-cache", false, "neither read nor write the cache of results (see "+driver.CacheDirEnv+" and cache-dir)")
	fs.BoolVar(&f.watch, "watch", false, "check again whenever a Python or configuration file under the paths changes, until interrupted")
	fs.StringVar(&f.stdinFilename, "stdin-filename", "", "when the path is - (standard input): the `PATH` the source is reported under, which picks its configuration and per-file ignores")
	f.conv.register(fs)
	f.mem = targetFlags(fs.FlagSet, memory.InCheck, func(o memory.TargetOption) string { return o.Doc })
	fs.StringVar(&f.scale, "scale", "", "which arrays the sized rules (AL301, AL303, AL304) count as large: `auto`, large or known (the scale setting)")
	f.assume = newAssumeFlag()
	fs.Var(f.assume, "assume", "bind a name the program leaves unknown, e.g. N=10_000_000, for every rule (repeatable)")
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
	if err := f.conv.validate(&f); err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
		return exitError
	}
	if f.watch {
		if slices.Contains(paths, "-") || f.conv.outputFile != "" {
			fmt.Fprintf(e.stderr, "arraylint check: --watch checks files and writes to standard output: drop - and --output-file\n")
			return exitError
		}
		_, once := watchArgs(args)
		roots := slices.Clone(paths)
		if f.config != "" {
			roots = append(roots, f.config)
		}
		return watchLoop(ctx, e, "check", roots, func() int { return runCheck(ctx, e, once) })
	}
	out, closeOut, err := f.conv.redirect(e)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
		return exitError
	}
	e = out
	defer func() {
		if err := closeOut(); err != nil {
			fmt.Fprintf(e.stderr, "arraylint check: write %s: %v\n", f.conv.outputFile, err)
		}
	}()
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

// tuneGC trades memory for speed in a batch run (check, mem) unless the user set GOGC or
// GOMEMLIMIT; the language server keeps Go's defaults. The live
// heap is small (one parse per worker), so collecting at 4x it instead of 2x cut CPU time by a
// third on the stdlib (4.4 s to 3.0 s user+sys, peak RSS 120 to 260 MiB). The soft limit makes
// the collector work harder before the heap could pass twice the memory budget of one file
// (driver.FileMemoryBudget). It must stay well above one file's live heap, or the collector
// runs back to back: at 400 MiB, the 7.6 MB file of 160,000 functions (806 MB live) took 4.5 s
// of CPU instead of 1.0 s.
func tuneGC(e *env) {
	if e.getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if e.getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(2 * driver.FileMemoryBudget)
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
	cc := &driver.ConfigCache{Select: f.sel, Ignore: f.ignore, Options: map[string]any{}, ForceExclude: f.conv.forceExclude}
	if _, err := driver.Default("").WithOverrides(f.sel, f.ignore); err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: --select/--ignore: %v\n", err)
		return exitError
	}
	memFlags, err := f.memoryFlags(e)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
		return exitError
	}
	cc.Flags = map[string]map[string]any{"memory": memFlags}
	if f.scale != "" {
		cc.Options["scale"] = f.scale
		if _, err := driver.Default("").WithOptions(cc.Options); err != nil {
			fmt.Fprintf(e.stderr, "arraylint check: --scale: %v\n", err)
			return exitError
		}
	}
	if f.config != "" {
		cfg, err := driver.LoadConfigFile(f.config)
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
			return exitError
		}
		cc.Fixed = cfg
	}
	if f.conv.showSettings != "" {
		if err := f.conv.refuseOutputInput([]string{f.conv.showSettings}, f.config); err != nil {
			fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
			return exitError
		}
		return showSettings(e, cc, f.conv.showSettings)
	}
	keep, err := changesFilter(f)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
		return exitError
	}
	in, err := readStdin(e, paths, f.stdinFilename)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
		return exitError
	}
	var files []string
	var unreadable *driver.UnreadablePaths
	if in != nil {
		files = []string{in.name}
	} else {
		files, err = driver.Discover(paths, cc)
	}
	if err != nil && !errors.As(err, &unreadable) {
		fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
		return exitError
	}
	if err := f.conv.refuseOutputInput(files, f.config, f.newFromPatch); err != nil {
		fmt.Fprintf(e.stderr, "arraylint check: %v\n", err)
		return exitError
	}
	if f.conv.showFiles {
		return showFiles(e, files, unreadable)
	}
	rn, err := driver.NewRunner(rules())
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint: internal error: %v\n", err)
		return exitError
	}
	if f.conv.addNoqa {
		return max(addNoqa(ctx, e, rn, files, cc, f.conv.quiet), reportUnreadable(e, unreadable))
	}
	if f.timings {
		rn.EnableTimings()
		defer printTimings(e, rn)
	}

	var results []driver.FileResult
	fixed := 0
	if in != nil {
		if status, done := in.run(ctx, e, rn, cc, f); done {
			return status
		}
		results, fixed, e = []driver.FileResult{in.result}, in.applied, in.reportEnv(e, f)
	} else if f.fix || f.diff {
		var diffs [][]byte
		results, fixed, diffs = fixFiles(ctx, rn, files, cc, f)
		if f.diff {
			return max(printDiffs(e, results, diffs, fixed), reportUnreadable(e, unreadable))
		}
	} else {
		cache := openCache(e, cc, f.noCache)
		rn.SetCache(cache)
		results = rn.CheckFiles(ctx, files, cc, f.jobs)
		if cache != nil {
			if f.timings {
				printCacheStats(e, cache)
			}
			if cache.Stats().Writes > 0 {
				_ = cache.Trim() // best effort: a cache over its bound is trimmed by the next run
			}
		}
	}
	if ctx.Err() != nil {
		fmt.Fprintf(e.stderr, "arraylint: interrupted\n")
		return exitError
	}
	if unreadable != nil {
		results = append(results, unreadableResults(unreadable)...)
	}

	// Every result's findings are reported, also when the file had an error: an error never
	// hides findings. Errors without a finding of their own (a configuration that does not load,
	// a fix that was refused) go to standard error, each message once.
	var sum runSummary
	sum.files = len(files)
	if unreadable != nil {
		sum.files += len(unreadable.Paths)
	}
	var findings []analyzer.Finding
	sources := map[string][]byte{}
	reported := map[string]bool{}
	for _, r := range results {
		if r.Err != nil && !hasIOError(r.Findings) && !reported[r.Err.Error()] {
			reported[r.Err.Error()] = true
			fmt.Fprintf(e.stderr, "arraylint: %v\n", r.Err)
			sum.errors++
		}
		if r.Src != nil {
			sources[r.Path] = r.Src
		}
		if keep != nil {
			r.Findings = keep.Filter(r.Findings)
		}
		findings = append(findings, r.Findings...)
	}
	sum.count(findings, f.unsafeFix)
	sum.held = int(rn.Held())

	color := useColor(f, e)
	if f.statistics {
		if err := printStatistics(e, findings, f.format); err != nil {
			fmt.Fprintf(e.stderr, "arraylint: write output: %v\n", err)
			return exitError
		}
	} else {
		p, err := printers.New(f.format, printers.Options{Color: color, Source: func(p string) []byte { return sources[p] },
			Rules: rn.Rules(), Version: version, Files: files})
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
			return exitError
		}
		if err := p.Print(e.stdout, findings); err != nil {
			fmt.Fprintf(e.stderr, "arraylint: write output: %v\n", err)
			return exitError
		}
	}
	if (f.format == "text" || f.format == "concise" || f.statistics && f.format != "json") && !f.conv.quiet {
		sum.print(e.stdout, fixed, f.fix)
	}
	switch {
	case sum.errors > 0:
		return exitError
	case sum.findings > 0 && !f.exitZero:
		return exitFindings
	}
	return exitOK
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

// printTimings writes the runner's timings, largest first, with their share of the total and
// how many times each ran (one memory estimate per file: "memory … 3 runs" for 3 files).
func printTimings(e *env, rn *driver.Runner) {
	times := rn.Timings()
	var total time.Duration
	names := make([]string, 0, len(times))
	for n, d := range times {
		names = append(names, n)
		total += d
	}
	sort.Slice(names, func(i, j int) bool { return times[names[i]] > times[names[j]] })
	runs := rn.Runs()
	fmt.Fprintf(e.stderr, "%-24s %10s %6s %8s\n", "phase (all workers)", "time", "share", "runs")
	for _, n := range names {
		fmt.Fprintf(e.stderr, "%-24s %10s %5.1f%% %8s\n", n, times[n].Round(time.Millisecond),
			100*float64(times[n])/float64(max(total, 1)), fmt.Sprint(runs[n], " ", plural(runs[n], "run", "runs")))
	}
	fmt.Fprintf(e.stderr, "%-24s %10s\n", "total", total.Round(time.Millisecond))
}

// fixFiles applies fixes file by file on the runner's workers and, unless --diff, writes changed
// files atomically. Results carry the findings that remain; with --diff, diffs[i] is the unified
// diff of file i (nil when unchanged).
func fixFiles(ctx context.Context, rn *driver.Runner, files []string, cc *driver.ConfigCache, f *checkFlags) ([]driver.FileResult, int, [][]byte) {
	if !f.diff {
		cleanStaleTemps(files)
	}
	results := make([]driver.FileResult, len(files))
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
				done := rn.Admit(files[i]) // the memory bound of CheckFiles holds for --fix too
				r, n, d := fixOne(ctx, rn, files[i], cc, f.unsafeFix, !f.diff)
				done()
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

func fixOne(ctx context.Context, rn *driver.Runner, path string, cc *driver.ConfigCache, unsafe, write bool) (driver.FileResult, int, []byte) {
	res := driver.FileResult{Path: path}
	cfg, err := cc.ForFile(path)
	if err != nil {
		res.Err = err
		return res, 0, nil
	}
	src, stamp, err := driver.ReadFile(path)
	if err != nil {
		res.Err = fmt.Errorf("check %s: %w", path, err)
		res.Findings = []analyzer.Finding{driver.IOErrorFinding(path, "read file", err)}
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
		return res, fr.Applied, udiff.Unified(path, src, path, fr.Src)
	}
	if werr := driver.WriteFile(path, fr.Src, stamp); werr != nil {
		// The file on disk is as it was: report its findings, and the failed write.
		res.Err, res.Src = werr, src
		res.Findings, err = rn.Check(ctx, path, src, cfg)
		if err != nil {
			res.Err = err
		}
		res.Findings = append([]analyzer.Finding{driver.IOErrorFinding(path, "write the fixed file", werr)}, res.Findings...)
		return res, 0, nil
	}
	return res, fr.Applied, nil
}

// printDiffs prints --diff's output: the diffs, then how many fixes they hold.
func printDiffs(e *env, results []driver.FileResult, diffs [][]byte, fixes int) int {
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

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
