// Command parseall parses every .py file under a directory with pyparse, on one goroutine, and
// prints how fast: the pyparse side of bench/parse.sh, counterpart of ../shared/bench/parse_all.py.
//
//	parseall [-maxprocs1] [-read-only] DIR
//
// It prints one line, e.g.
//
//	pyparse files=11659 lines=3650000 bytes=150000000 errors=9 seconds=4.21 lines_per_s=866983
//
// where lines counts "\n" bytes as parse_all.py does, errors counts files with a syntax error or
// that Parse refused, and seconds covers reading and parsing every file (not the directory walk).
// With -read-only it only reads the files (the I/O floor). With -maxprocs1 it sets GOMAXPROCS=1,
// so the garbage collector shares the parsing core: the one-core figure.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/arraylint/arraylint/pyparse"
)

func main() {
	maxprocs1 := flag.Bool("maxprocs1", false, "run with GOMAXPROCS=1 (garbage collection on the same core)")
	readOnly := flag.Bool("read-only", false, "only read the files: the I/O floor")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: parseall [-maxprocs1] [-read-only] DIR")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 {
		flag.Usage()
		os.Exit(2)
	}
	if *maxprocs1 {
		runtime.GOMAXPROCS(1)
	}
	if err := run(flag.Arg(0), *readOnly); err != nil {
		fmt.Fprintln(os.Stderr, "parseall:", err)
		os.Exit(1)
	}
}

func run(dir string, readOnly bool) error {
	files, err := pyFiles(dir)
	if err != nil {
		return err
	}
	var lines, size, errs int
	start := time.Now()
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("read %s: %w", p, err)
		}
		lines += bytes.Count(src, []byte("\n"))
		size += len(src)
		if readOnly {
			continue
		}
		f, err := pyparse.Parse(src)
		if err != nil || len(f.Errors) > 0 {
			errs++
		}
	}
	secs := time.Since(start).Seconds()
	name := "pyparse"
	if readOnly {
		name = "read"
	}
	fmt.Printf("%s files=%d lines=%d bytes=%d errors=%d seconds=%.3f lines_per_s=%.0f\n",
		name, len(files), lines, size, errs, secs, float64(lines)/secs)
	return nil
}

// pyFiles lists the .py files under dir in sorted order.
func pyFiles(dir string) ([]string, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && strings.HasSuffix(p, ".py") {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("list %s: no .py files", dir)
	}
	sort.Strings(files)
	return files, nil
}
