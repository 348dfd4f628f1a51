// Command filecpu measures what each file of a corpus costs `arraylint check` per line, for one
// or more arraylint binaries in the same run: the driver of bench/filecpu.sh (issue 27: no file
// may cost more than a small multiple of the median per line).
//
//	filecpu [-reps N] [-min-lines N] [-over K] [-confirm N] [-args 'CHECK ARGS'] -bin NAME=PATH [-bin NAME=PATH...] CORPUS...
//
// Each CORPUS (a directory, walked for *.py, or one file) is one group of the table. Every file
// is checked alone (`check --select ALL --exit-zero --quiet FILE`), by each binary in turn and
// reps times (the binaries' order alternates from file to file, so load on a shared machine hits
// them alike), and its cost is the least CPU time (user + system) of its runs less the binary's
// start-up: the least CPU time of checking an empty file, sampled every 25 files. CPU time rather
// than wall time, because it hardly depends on what else the machine runs.
//
// With -confirm N, a file above K times the median per line under some binary (-over, 10) is run
// N more times under every binary before the report, so that a few milliseconds of noise on a
// small file (its least of -reps runs) do not count as its cost.
//
// For each corpus and binary it prints the files, lines and CPU seconds of all files, and the
// distribution of CPU per line over the files of at least -min-lines lines (a smaller file's
// cost is mostly the start-up it is measured against): median, p99 and maximum in µs per line,
// max/median, and the costliest file; with several corpora, the same over all their files.
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// binary is one arraylint build under test.
type binary struct {
	name, path string
	startup    time.Duration
}

// binFlags collects the repeated -bin flags.
type binFlags []binary

func (b *binFlags) String() string { return fmt.Sprint(*b) }

func (b *binFlags) Set(v string) error {
	name, path, ok := strings.Cut(v, "=")
	if !ok || name == "" || path == "" {
		return fmt.Errorf("parse -bin %q: want NAME=PATH", v)
	}
	*b = append(*b, binary{name: name, path: path})
	return nil
}

// file is one file of a corpus and its cost per binary.
type file struct {
	path  string
	lines int
	cpu   []time.Duration // per binary: least CPU time of its runs, start-up subtracted
	err   []error         // per binary: why no run succeeded
}

func main() {
	var bins binFlags
	flag.Var(&bins, "bin", "NAME=PATH of an arraylint binary (repeat to compare)")
	reps := flag.Int("reps", 3, "runs per file and binary (the least CPU time counts)")
	minLines := flag.Int("min-lines", 20, "files with fewer lines are left out of the per-line distribution")
	args := flag.String("args", "", "extra arguments for check, space-separated")
	timeout := flag.Duration("timeout", 2*time.Minute, "limit of one run")
	flag.Float64Var(&over, "over", 10, "list the files above this multiple of the median CPU per line (issue 27's bound: 10)")
	confirm := flag.Int("confirm", 0, "runs more of each file above -over times the median under some binary, before the report")
	flag.Parse()
	if len(bins) == 0 || flag.NArg() == 0 || *reps < 1 {
		fmt.Fprintln(os.Stderr, "usage: filecpu [-reps N] [-min-lines N] [-args 'ARGS'] -bin NAME=PATH... CORPUS...")
		os.Exit(2)
	}
	extra := strings.Fields(*args)
	st, err := newStartup(bins, extra, *timeout)
	if err != nil {
		fmt.Fprintln(os.Stderr, "filecpu:", err)
		os.Exit(1)
	}
	defer st.close()
	var corpora [][]*file
	for _, corpus := range flag.Args() {
		files, err := collect(corpus)
		if err != nil {
			fmt.Fprintln(os.Stderr, "filecpu:", err)
			os.Exit(1)
		}
		corpora = append(corpora, files)
		for i, f := range files {
			if i%startupEvery == 0 {
				if err := st.sample(); err != nil {
					fmt.Fprintln(os.Stderr, "filecpu:", err)
					os.Exit(1)
				}
			}
			f.cpu = make([]time.Duration, len(bins))
			f.err = make([]error, len(bins))
			for k := range bins {
				f.cpu[k] = -1
			}
			for r := range *reps {
				for j := range bins {
					k := (i + r + j) % len(bins) // alternate which binary goes first
					d, err := run(bins[k].path, f.path, extra, *timeout)
					if err != nil {
						f.err[k] = err
						continue
					}
					if f.cpu[k] < 0 || d < f.cpu[k] {
						f.cpu[k] = d
					}
				}
			}
		}
	}
	if err := st.sample(); err != nil {
		fmt.Fprintln(os.Stderr, "filecpu:", err)
		os.Exit(1)
	}
	if *confirm > 0 {
		n := remeasure(corpora, bins, st.least, *confirm, *minLines, extra, *timeout)
		fmt.Printf("re-measured %d files above %g× the median with %d more runs each\n", n, over, *confirm)
	}
	for k := range bins {
		bins[k].startup = st.least[k]
		fmt.Printf("%s: %s, start-up %.1f ms CPU (least of %d runs on an empty file)\n", bins[k].name, bins[k].path, ms(bins[k].startup), st.runs)
	}
	var all []*file
	for c, files := range corpora {
		for _, f := range files {
			for k, b := range bins {
				if f.cpu[k] >= 0 {
					f.cpu[k] = max(f.cpu[k]-b.startup, 0)
				}
			}
		}
		report(flag.Arg(c), files, bins, *minLines)
		all = append(all, files...)
	}
	if len(corpora) > 1 {
		report("all corpora", all, bins, *minLines)
	}
}

// remeasure runs each file whose cost per line (start-up subtracted) is above over × the median
// of all corpora under some binary reps more times under every binary, keeping the least CPU
// time: a file of a few dozen lines is above the bound by a few milliseconds of noise in one
// run of three. It returns how many files it ran again.
func remeasure(corpora [][]*file, bins []binary, startup []time.Duration, reps, minLines int, extra []string, timeout time.Duration) int {
	perLine := func(f *file, k int) float64 {
		return float64(max(f.cpu[k]-startup[k], 0).Microseconds()) / float64(f.lines)
	}
	meds := make([]float64, len(bins))
	for k := range bins {
		var pl []float64
		for _, files := range corpora {
			for _, f := range files {
				if f.cpu[k] >= 0 && f.lines >= minLines {
					pl = append(pl, perLine(f, k))
				}
			}
		}
		sort.Float64s(pl)
		if len(pl) > 0 {
			meds[k] = quantile(pl, 0.5)
		}
	}
	n := 0
	for _, files := range corpora {
		for i, f := range files {
			flagged := false
			for k := range bins {
				flagged = flagged || f.cpu[k] >= 0 && f.lines >= minLines && perLine(f, k) > over*meds[k]
			}
			if !flagged {
				continue
			}
			n++
			for r := range reps {
				for j := range bins {
					k := (i + r + j) % len(bins)
					if d, err := run(bins[k].path, f.path, extra, timeout); err == nil && (f.cpu[k] < 0 || d < f.cpu[k]) {
						f.cpu[k] = d
					}
				}
			}
		}
	}
	return n
}

// over is the multiple of the median per line past which report lists a file.
var over float64

// startupEvery is how many files are measured between two samples of the start-up.
const startupEvery = 25

// startup samples the binaries' start-up cost throughout the run (so that it sees the load the
// files saw): the least CPU time of checking an empty file.
type startup struct {
	bins    []binary
	extra   []string
	timeout time.Duration
	dir     string
	least   []time.Duration
	runs    int
}

func newStartup(bins []binary, extra []string, timeout time.Duration) (*startup, error) {
	dir, err := os.MkdirTemp("", "filecpu")
	if err != nil {
		return nil, fmt.Errorf("make start-up directory: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "empty.py"), nil, 0o644); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("write empty file: %w", err)
	}
	st := &startup{bins: bins, extra: extra, timeout: timeout, dir: dir, least: make([]time.Duration, len(bins))}
	for k := range st.least {
		st.least[k] = -1
	}
	for range 4 {
		if err := st.sample(); err != nil {
			st.close()
			return nil, err
		}
	}
	return st, nil
}

// sample checks the empty file once with each binary (which goes first alternates).
func (st *startup) sample() error {
	for j := range st.bins {
		k := (st.runs + j) % len(st.bins)
		b := st.bins[k]
		d, err := run(b.path, filepath.Join(st.dir, "empty.py"), st.extra, st.timeout)
		if err != nil {
			return fmt.Errorf("measure start-up of %s: %w", b.name, err)
		}
		if st.least[k] < 0 || d < st.least[k] {
			st.least[k] = d
		}
	}
	st.runs++
	return nil
}

func (st *startup) close() { os.RemoveAll(st.dir) }

// run checks one file and returns the CPU time the process used.
func run(bin, path string, extra []string, timeout time.Duration) (time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	argv := append([]string{"check", "--select", "ALL", "--exit-zero", "--quiet"}, extra...)
	cmd := exec.CommandContext(ctx, bin, append(argv, path)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return 0, fmt.Errorf("check %s: over %s", path, timeout)
	}
	if err != nil {
		return 0, fmt.Errorf("check %s: %w: %s", path, err, strings.TrimSpace(stderr.String()))
	}
	return cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), nil
}

// collect lists the *.py files of a corpus in lexical order, with their line counts.
func collect(corpus string) ([]*file, error) {
	var files []*file
	err := filepath.WalkDir(corpus, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() || (path != corpus && !strings.HasSuffix(path, ".py")) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		n := bytes.Count(src, []byte("\n"))
		if len(src) > 0 && src[len(src)-1] != '\n' {
			n++
		}
		files = append(files, &file{path: path, lines: n})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("walk %s: %w", corpus, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("walk %s: no .py files", corpus)
	}
	return files, nil
}

// report prints a corpus's table: one row per binary.
func report(corpus string, files []*file, bins []binary, minLines int) {
	fmt.Printf("\n%s: %d files\n", corpus, len(files))
	fmt.Printf("%-8s %7s %9s %8s %10s %10s %10s %8s %8s  %s\n", "binary", "files", "lines", "cpu_s",
		"med_us/l", "p99_us/l", "max_us/l", "p99/med", "max/med", "costliest file (us/line)")
	for k, b := range bins {
		var total time.Duration
		lines, ok := 0, 0
		var perLine []float64
		worst, worstPer := "", -1.0
		var failed []error
		for _, f := range files {
			if f.cpu[k] < 0 {
				failed = append(failed, f.err[k])
				continue
			}
			ok++
			lines += f.lines
			total += f.cpu[k] + b.startup
			if f.lines < minLines {
				continue
			}
			pl := float64(f.cpu[k].Microseconds()) / float64(f.lines)
			perLine = append(perLine, pl)
			if pl > worstPer {
				worst, worstPer = f.path, pl
			}
		}
		if len(perLine) == 0 {
			fmt.Printf("%-8s %7d %9d %8.2f  (no file of %d lines or more)\n", b.name, ok, lines, total.Seconds(), minLines)
		} else {
			sort.Float64s(perLine)
			med, p99, top := quantile(perLine, 0.5), quantile(perLine, 0.99), perLine[len(perLine)-1]
			fmt.Printf("%-8s %7d %9d %8.2f %10.1f %10.1f %10.1f %8.1f %8.1f  %s (%.0f)\n", b.name, ok, lines,
				total.Seconds(), med, p99, top, p99/med, top/med, worst, worstPer)
			listOver(files, k, med, minLines)
		}
		for _, err := range failed {
			fmt.Printf("  %s failed: %v\n", b.name, err)
		}
	}
	fmt.Printf("(per-line figures over the files of %d lines or more, start-up subtracted)\n", minLines)
}

// listOver prints the files whose CPU per line under binary k is above over × med, costliest
// first (at most 10 named).
func listOver(files []*file, k int, med float64, minLines int) {
	if over <= 0 {
		return
	}
	type row struct {
		path    string
		perLine float64
		lines   int
	}
	var rows []row
	for _, f := range files {
		if f.cpu[k] < 0 || f.lines < minLines {
			continue
		}
		if pl := float64(f.cpu[k].Microseconds()) / float64(f.lines); pl > over*med {
			rows = append(rows, row{f.path, pl, f.lines})
		}
	}
	sort.Slice(rows, func(i, j int) bool { return rows[i].perLine > rows[j].perLine })
	fmt.Printf("    %d files above %g× the median per line\n", len(rows), over)
	for _, r := range rows[:min(len(rows), 10)] {
		fmt.Printf("    %8.1f us/line %6d lines  %s\n", r.perLine, r.lines, r.path)
	}
}

// quantile returns the q-quantile of sorted values (nearest rank).
func quantile(sorted []float64, q float64) float64 {
	i := int(q*float64(len(sorted))+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
