package main

// This file defines `check -`: one buffer read from standard input, checked under the name given
// by --stdin-filename (which picks the configuration and the per-file ignores), for editors'
// format-on-save plugins and hook runners that pipe the buffer.

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/analyzer/udiff"
	"github.com/arraylint/arraylint/pyparse"
)

// stdinName is the path of a buffer read from standard input without --stdin-filename; its
// configuration is the one of the current directory.
const stdinName = "-"

// stdinInput is the buffer of `check -`.
type stdinInput struct {
	name string // --stdin-filename, or stdinName
	src  []byte

	// Set by run.
	result  driver.FileResult
	applied int
}

// readStdin returns the buffer when paths is just "-", nil when "-" is not among them, and an
// error for "-" next to other paths, --stdin-filename without "-", and input larger than the
// parser accepts (read only up to one byte past that limit, so a huge stream costs no more).
func readStdin(e *env, paths []string, filename string) (*stdinInput, error) {
	if !slices.Contains(paths, "-") {
		if filename != "" {
			return nil, fmt.Errorf("--stdin-filename needs `-` as the path to check")
		}
		return nil, nil
	}
	if len(paths) != 1 {
		return nil, fmt.Errorf("`-` (standard input) cannot be combined with other paths")
	}
	if e.stdin == nil {
		return nil, fmt.Errorf("read standard input: no standard input")
	}
	src, err := io.ReadAll(io.LimitReader(e.stdin, pyparse.MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("read standard input: %w", err)
	}
	if len(src) > pyparse.MaxFileSize {
		return nil, fmt.Errorf("read standard input: more than %d bytes, the largest source arraylint parses", pyparse.MaxFileSize)
	}
	if filename == "" {
		filename = stdinName
	}
	return &stdinInput{name: filename, src: src}, nil
}

// run checks the buffer with the configuration of its name. With --fix it writes the fixed source
// to standard output (the source unchanged when nothing applies); with --diff it prints the diff
// and returns done. Otherwise the findings are left in in.result for check to report.
func (in *stdinInput) run(ctx context.Context, e *env, rn *driver.Runner, cc *driver.ConfigCache, f *checkFlags) (status int, done bool) {
	in.result = driver.FileResult{Path: in.name, Src: in.src}
	cfg, err := cc.ForFile(in.name)
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint: %v\n", err)
		return exitError, true
	}
	if !f.fix && !f.diff {
		in.result.Findings, in.result.Err = rn.Check(ctx, in.name, in.src, cfg)
		return 0, false
	}
	fr, err := rn.FixSource(ctx, in.name, in.src, cfg, f.unsafeFix)
	if fr == nil {
		in.result.Err = err
		if f.fix {
			e.stdout.Write(in.src) // the buffer must come back even when nothing could be fixed
		}
		return 0, false
	}
	in.result.Src, in.result.Findings, in.result.Err = fr.Src, fr.Remaining, err
	if !bytes.Equal(fr.Src, in.src) {
		in.applied = fr.Applied
	}
	if f.diff {
		diffs := [][]byte{nil}
		if in.applied > 0 {
			diffs[0] = udiff.Unified(in.name, in.src, in.name, fr.Src)
		}
		return printDiffs(e, []driver.FileResult{in.result}, diffs, in.applied), true
	}
	if _, err := e.stdout.Write(fr.Src); err != nil {
		fmt.Fprintf(e.stderr, "arraylint: write output: %v\n", err)
		return exitError, true
	}
	return 0, false
}

// reportEnv is where check reports the findings of the buffer: standard error after --fix wrote
// the source to standard output, standard output otherwise.
func (in *stdinInput) reportEnv(e *env, f *checkFlags) *env {
	if !f.fix {
		return e
	}
	r := *e
	r.stdout, r.stdoutIsTTY = e.stderr, false
	return &r
}
