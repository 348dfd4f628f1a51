package main

// This file defines the closing summary of `check` and the helpers that turn errors into findings.

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
)

// runSummary counts what the summary line reports.
type runSummary struct {
	files        int // files checked
	findings     int // findings, AL904 not included
	errors       int // AL904 findings plus errors reported on standard error
	filesWith    int // files with at least one finding or AL904
	fixable      int // findings with a safe fix
	hiddenUnsafe int // findings with an unsafe fix that --unsafe-fixes would enable
	held         int // findings scale = "auto" held back (driver.Runner.Held)
}

// count adds the findings of a run; unsafeOn is --unsafe-fixes.
func (s *runSummary) count(findings []analyzer.Finding, unsafeOn bool) {
	paths := map[string]bool{}
	for _, f := range findings {
		paths[f.Path] = true
		if f.Code == driver.IOError.Spec.Code {
			s.errors++
			continue
		}
		s.findings++
		if f.Fix == nil {
			continue
		}
		switch {
		case f.Fix.Applicability == analyzer.Safe:
			s.fixable++
		case f.Fix.Applicability == analyzer.Unsafe && !unsafeOn:
			s.hiddenUnsafe++
		}
	}
	s.filesWith = len(paths)
}

// print writes the summary: "All checks passed" only when there was neither a finding nor an
// error; otherwise "Found 3 findings and 1 error in 2 of 7 files.".
func (s *runSummary) print(w io.Writer, fixed int, fixing bool) {
	if fixing && fixed > 0 {
		fmt.Fprintf(w, "Fixed %d %s.\n", fixed, plural(fixed, "finding", "findings"))
	}
	if s.findings == 0 && s.errors == 0 {
		fmt.Fprintf(w, "All checks passed (%d %s).\n", s.files, plural(s.files, "file", "files"))
		s.printHeld(w)
		return
	}
	var what []string
	if s.findings > 0 || s.errors == 0 {
		what = append(what, fmt.Sprintf("%d %s", s.findings, plural(s.findings, "finding", "findings")))
	}
	if s.errors > 0 {
		what = append(what, fmt.Sprintf("%d %s", s.errors, plural(s.errors, "error", "errors")))
	}
	fmt.Fprintf(w, "\nFound %s", strings.Join(what, " and "))
	switch {
	case s.filesWith == 0:
	case s.filesWith == s.files:
		fmt.Fprintf(w, " in %d %s", s.files, plural(s.files, "file", "files"))
	default:
		fmt.Fprintf(w, " in %d of %d %s", s.filesWith, s.files, plural(s.files, "file", "files"))
	}
	if s.fixable > 0 {
		fmt.Fprintf(w, " (%d fixable with `--fix`)", s.fixable)
	}
	fmt.Fprintf(w, ".\n")
	if s.hiddenUnsafe > 0 {
		fmt.Fprintf(w, "%d hidden %s can be enabled with the `--unsafe-fixes` option.\n", s.hiddenUnsafe, plural(s.hiddenUnsafe, "fix", "fixes"))
	}
	s.printHeld(w)
}

// printHeld says how many findings scale = "auto" held back and how to see them.
func (s *runSummary) printHeld(w io.Writer) {
	if s.held > 0 {
		fmt.Fprintf(w, "%d %s on arrays of unknown size held back: scale \"auto\" counts them as large only when their size comes from a command-line option (the problem size) and is not minor beside its data; `--scale large` shows them, except those whose size every caller (or the parameter's default) states to be small.\n",
			s.held, plural(s.held, "finding", "findings"))
	}
}

// hasIOError reports whether findings hold an AL904 finding, which then reports the error.
func hasIOError(findings []analyzer.Finding) bool {
	return slices.ContainsFunc(findings, func(f analyzer.Finding) bool { return f.Code == driver.IOError.Spec.Code })
}

// unreadableResults turns the paths Discover could not read into results with an AL904 finding.
func unreadableResults(u *driver.UnreadablePaths) []driver.FileResult {
	out := make([]driver.FileResult, len(u.Paths))
	for i, p := range u.Paths {
		what := "read file"
		if p.Dir {
			what = "list directory"
		}
		out[i] = driver.FileResult{Path: p.Path, Err: p.Err, Findings: []analyzer.Finding{driver.IOErrorFinding(p.Path, what, p.Err)}}
	}
	return out
}

// reportUnreadable prints the paths Discover could not read on standard error, for the modes
// that print no findings (--diff, --add-noqa), and returns exitError if there are any.
func reportUnreadable(e *env, u *driver.UnreadablePaths) int {
	if u == nil {
		return exitOK
	}
	for _, p := range u.Paths {
		fmt.Fprintf(e.stderr, "arraylint: %v\n", p.Err)
	}
	return exitError
}

// cleanStaleTemps removes the temporary files killed --fix runs left next to files.
func cleanStaleTemps(files []string) {
	driver.CleanStaleTemps(files)
}
