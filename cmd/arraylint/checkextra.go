package main

// This file defines the `check` flags Ruff users reach for: --color, --output-file, --quiet,
// --silent, --show-files, --show-settings, --force-exclude, --add-noqa, and --statistics as JSON.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/pyparse"
)

// convenienceFlags are the values of the flags this file defines.
type convenienceFlags struct {
	color        string
	outputFile   string
	quiet        bool
	silent       bool
	showFiles    bool
	showSettings string
	forceExclude bool
	addNoqa      bool
	// report is the --output-file writer, once redirect made it.
	report *lazyFile
}

// colorModes are the values of --color.
var colorModes = []string{"auto", "always", "never"}

func (c *convenienceFlags) register(fs *flagSet) {
	fs.StringVar(&c.color, "color", "auto", "colour the output: `when` is auto (on a terminal, unless NO_COLOR is set; FORCE_COLOR forces it), always or never")
	fs.StringVar(&c.outputFile, "output-file", "", "write the report to this `file` instead of standard output (parent directories are created)")
	fs.BoolVar(&c.quiet, "quiet", false, "print the findings only: no summary line")
	fs.BoolVar(&c.silent, "silent", false, "print nothing on standard output; the exit status tells the result")
	fs.BoolVar(&c.showFiles, "show-files", false, "print the files that would be checked, and exit")
	fs.StringVar(&c.showSettings, "show-settings", "", "print the settings that apply to `file`, and exit")
	fs.BoolVar(&c.forceExclude, "force-exclude", false, "apply exclude and .gitignore to paths named on the command line too (for pre-commit)")
	fs.BoolVar(&c.addNoqa, "add-noqa", false, "add a \"# noqa: CODE\" directive for every finding, keeping existing ones; writes the files")
}

// validate reports contradictory or unknown values.
func (c *convenienceFlags) validate(f *checkFlags) error {
	switch {
	case !slices.Contains(colorModes, c.color):
		return fmt.Errorf("unknown --color %q (want auto, always or never)", c.color)
	case c.addNoqa && (f.fix || f.diff):
		return fmt.Errorf("--add-noqa cannot be combined with --fix or --diff")
	case c.quiet && c.silent:
		return fmt.Errorf("--quiet and --silent exclude each other")
	}
	return nil
}

// redirect returns the environment the run writes its report to: e, or e with standard output
// going to --output-file (and no colour unless forced), or discarded with --silent. close must
// be called at the end; its error is a failed write of the output file.
//
// The output file is opened (created or truncated) only when the first byte of the report is
// written, or at close when the report is empty — after every input has been read and checked —
// so a slip such as `check --output-file main.py` can never empty a source before it is read;
// refuseOutputInput turns that slip into an error before the run writes anything at all.
func (c *convenienceFlags) redirect(e *env) (out *env, close func() error, err error) {
	cp := *e
	switch {
	case c.silent:
		cp.stdout, cp.stdoutIsTTY = io.Discard, false
	case c.outputFile != "":
		lw := &lazyFile{path: c.outputFile}
		c.report = lw
		cp.stdout, cp.stdoutIsTTY = lw, false
		return &cp, lw.Close, nil
	}
	return &cp, func() error { return nil }, nil
}

// lazyFile is a report file opened on its first write: its parent directories are created and
// the file is created or truncated then, not before.
type lazyFile struct {
	path string
	f    *os.File
	err  error // the error of opening, returned by every later write
	// checked is set once the path is known not to be an input: only then does Close create
	// an empty report (a run stopped by an error before that leaves the path alone).
	checked bool
}

func (l *lazyFile) open() error {
	if l.f != nil || l.err != nil {
		return l.err
	}
	if err := os.MkdirAll(filepath.Dir(l.path), 0o777); err != nil {
		l.err = err
		return err
	}
	l.f, l.err = os.Create(l.path)
	return l.err
}

// Write opens the file if it is not open yet and writes p to it.
func (l *lazyFile) Write(p []byte) (int, error) {
	if err := l.open(); err != nil {
		return 0, err
	}
	return l.f.Write(p)
}

// Close creates the file if nothing was written (an empty report is still a report) and the run
// got past refuseOutputInput, and closes it.
func (l *lazyFile) Close() error {
	if l.f == nil && l.err == nil && !l.checked {
		return nil
	}
	if err := l.open(); err != nil {
		return err
	}
	return l.f.Close()
}

// refuseOutputInput returns an error when --output-file names one of the files the run reads,
// directly or through a symbolic or hard link (the same inode): writing the report there would
// replace the source with the report. files are the discovered inputs and extra any other file
// the run reads (--config, --new-from-patch).
func (c *convenienceFlags) refuseOutputInput(files []string, extra ...string) error {
	if c.report == nil {
		return nil
	}
	out, err := os.Stat(c.outputFile)
	if err != nil {
		c.report.checked = true
		return nil // not there yet (or unreachable): it cannot be one of the inputs
	}
	if out.IsDir() {
		return fmt.Errorf("open %s: is a directory", c.outputFile)
	}
	for _, p := range slices.Concat(files, extra) {
		if p == "" {
			continue
		}
		if in, err := os.Stat(p); err == nil && os.SameFile(in, out) {
			if p == c.outputFile {
				return fmt.Errorf("open output file %s: it is also an input of this run; the report would replace it", c.outputFile)
			}
			return fmt.Errorf("open output file %s: it is the input %s (the same file); the report would replace it", c.outputFile, p)
		}
	}
	c.report.checked = true
	return nil
}

// useColor reports whether output is coloured: --no-color and --color=never turn it off,
// --color=always on; under auto, a non-empty NO_COLOR (no-color.org) turns it off, a non-empty
// FORCE_COLOR (force-color.org) on, and otherwise it follows whether standard output is a
// terminal.
func useColor(f *checkFlags, e *env) bool {
	switch {
	case f.noColor || f.conv.color == "never":
		return false
	case f.conv.color == "always":
		return true
	case e.getenv("NO_COLOR") != "":
		return false
	case e.getenv("FORCE_COLOR") != "":
		return true
	}
	return e.stdoutIsTTY
}

// showSettings prints the settings that apply to path.
func showSettings(e *env, cc *driver.ConfigCache, path string) int {
	cfg, err := cc.ForFile(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
		return exitError
	}
	if dir, note, err := cacheDirNote(e, cc); err == nil {
		cfg = cfg.WithCacheDir(dir, note)
	}
	if err := cfg.WriteSettings(e.stdout, path, rules()); err != nil {
		fmt.Fprintf(e.stderr, "arraylint: write output: %v\n", err)
		return exitError
	}
	return exitOK
}

// showFiles prints the files a check would read, one a line, then the unreadable paths on
// standard error (exit 2 if there are any).
func showFiles(e *env, files []string, unreadable *driver.UnreadablePaths) int {
	for _, f := range slices.Sorted(slices.Values(files)) {
		fmt.Fprintln(e.stdout, f)
	}
	return reportUnreadable(e, unreadable)
}

// addNoqa checks each file and writes `# noqa` directives for its findings (see
// driver.AddNoqa), printing how many it added.
func addNoqa(ctx context.Context, e *env, rn *driver.Runner, files []string, cc *driver.ConfigCache, quiet bool) int {
	cleanStaleTemps(files)
	status, total, skipped := exitOK, 0, 0
	for _, path := range files {
		if ctx.Err() != nil {
			fmt.Fprintf(e.stderr, "arraylint: interrupted\n")
			return exitError
		}
		cfg, err := cc.ForFile(path)
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
			status = exitError
			continue
		}
		src, stamp, err := driver.ReadFile(path)
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint: check %s: %v\n", path, err)
			status = exitError
			continue
		}
		out, n, skip, err := addNoqaSource(ctx, rn, path, src, cfg)
		skipped += skip
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %s: %v\n", path, err)
			status = exitError
			continue
		}
		if n == 0 {
			continue
		}
		if err := driver.WriteFile(path, out, stamp); err != nil {
			fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
			status = exitError
			continue
		}
		total += n
	}
	if !quiet {
		fmt.Fprintf(e.stdout, "Added %d noqa %s.\n", total, plural(total, "directive", "directives"))
		if skipped > 0 {
			fmt.Fprintf(e.stdout, "%d %s could not take a noqa directive (the line ends inside a string or continues with a backslash).\n",
				skipped, plural(skipped, "finding", "findings"))
		}
	}
	return status
}

// addNoqaSource returns path's source with `# noqa` directives added (see driver.AddNoqa and,
// for a notebook, Runner.AddNoqaNotebook); a source that is not Python is returned as it is.
func addNoqaSource(ctx context.Context, rn *driver.Runner, path string, src []byte, cfg *driver.Config) (out []byte, added, skipped int, err error) {
	if driver.IsNotebook(path) {
		return rn.AddNoqaNotebook(ctx, path, src, cfg)
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		return src, 0, 0, nil // not Python source: nothing to annotate
	}
	findings, err := rn.CheckParsed(ctx, path, f, cfg)
	if err != nil {
		return nil, 0, 0, err
	}
	return driver.AddNoqa(f, findings)
}

// statistic is one line of --statistics.
type statistic struct {
	Code    string `json:"code"`
	Name    string `json:"name"`
	Count   int    `json:"count"`
	Fixable bool   `json:"fixable"`
}

// statistics counts findings per rule, most frequent first, then by code.
func statistics(findings []analyzer.Finding) []statistic {
	byCode := map[string]*statistic{}
	for _, f := range findings {
		s := byCode[f.Code]
		if s == nil {
			s = &statistic{Code: f.Code, Name: f.Name}
			byCode[f.Code] = s
		}
		s.Count++
		if f.Fix != nil && f.Fix.Applicability == analyzer.Safe {
			s.Fixable = true
		}
	}
	var out []statistic
	for _, c := range slices.Sorted(maps.Keys(byCode)) {
		out = append(out, *byCode[c])
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Count > out[j].Count })
	return out
}

// printStatistics writes --statistics: a table, or with --output-format json an array of
// {code, name, count, fixable} as Ruff writes it.
func printStatistics(e *env, findings []analyzer.Finding, format string) error {
	stats := statistics(findings)
	if format == "json" {
		if stats == nil {
			stats = []statistic{}
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(stats)
	}
	for _, s := range stats {
		if _, err := fmt.Fprintf(e.stdout, "%6d  %s  %s\n", s.Count, s.Code, s.Name); err != nil {
			return err
		}
	}
	return nil
}
