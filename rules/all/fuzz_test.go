package all_test

// This file defines FuzzRules: every rule, the memory estimate and the fixes on generated Python.

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/rules/all"
)

// fuzzTargetComment is the comment FuzzRules adds in front of each input, so that the memory
// rules (AL101, AL102) compare their estimates with a target.
const fuzzTargetComment = "# arraylint: target h100\n"

// fuzzHangLimit is how long FuzzRules lets one input run before it reports a hang.
const fuzzHangLimit = 60 * time.Second

// fuzzRuleSeeds returns the example programs, the memory test programs and the rules' test
// sources: every pattern some rule knows.
func fuzzRuleSeeds(f *testing.F) [][]byte {
	var paths []string
	for _, pat := range []string{
		"../../testdata/examples/*.py",
		"../../testdata/mem/*.py",
		"../*/testdata/src/*/*.py",
	} {
		m, err := filepath.Glob(pat)
		if err != nil {
			f.Fatal(err)
		}
		paths = append(paths, m...)
	}
	if len(paths) == 0 {
		f.Fatal("no seed files")
	}
	var seeds [][]byte
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if len(src) <= 16<<10 { // big seeds only slow the mutator down
			seeds = append(seeds, src)
		}
	}
	return seeds
}

// FuzzRules runs every rule and the memory estimate on a source, with and without a target
// comment, then applies every fix, unsafe ones included. It fails on an internal-error finding
// (AL900), a finding or edit outside the source, an estimate that is neither a report nor an
// error, or fixes that leave a source that parsed without errors with errors.
func FuzzRules(f *testing.F) {
	for _, s := range fuzzRuleSeeds(f) {
		f.Add(s)
	}
	for _, s := range []string{
		"import numpy as np\na = np.zeros((2**62,))\n",
		"import numpy as np\nb = np.zeros((10**9,)*4)\n",
		"import numpy as np\na = np.zeros(2)\nfor i in range(200):\n    a = np.concatenate([a, a])\n",
	} {
		f.Add([]byte(s))
	}
	rn, err := driver.NewRunner(all.Rules)
	if err != nil {
		f.Fatal(err)
	}
	cfg, err := driver.ParseConfig("arraylint.toml", []byte("select = [\"ALL\"]\n"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if driver.SizeError(len(src)+len(fuzzTargetComment)) != nil {
			return
		}
		// A hang fails too: the fuzzer keeps the input of a worker that dies. The limit is far
		// above what any input of a few kilobytes needs (milliseconds) on a loaded machine.
		watchdog := time.AfterFunc(fuzzHangLimit, func() {
			panic(fmt.Sprintf("FuzzRules: checking a %d-byte source took over %v\nsource: %q", len(src), fuzzHangLimit, src))
		})
		defer watchdog.Stop()
		for _, in := range [][]byte{src, append([]byte(fuzzTargetComment), src...)} {
			fuzzCheck(t, rn, cfg, in)
		}
	})
}

// fuzzCheck checks one source; see FuzzRules.
func fuzzCheck(t *testing.T, rn *driver.Runner, cfg *driver.Config, src []byte) {
	t.Helper()
	ctx := context.Background()
	file, perr := pyparse.Parse(src)
	findings, err := rn.Check(ctx, "fuzz.py", src, cfg)
	if err != nil {
		t.Fatalf("check: %v\nsource: %q", err, src)
	}
	checkFindings(t, "check", src, findings)
	if perr != nil {
		return // not Python (NUL bytes): one AL901, nothing to estimate or fix
	}
	// The estimate as `mem` makes it: the target comment resolved, then every scope.
	if opts, err := memory.Resolve(file, "fuzz.py", memory.Settings{}, memory.Settings{}); err == nil {
		opts.Context = ctx
		reports, err := memory.Estimate(file, opts)
		if err == nil && len(reports) == 0 {
			t.Fatalf("estimate: no report and no error\nsource: %q", src)
		}
		var b bytes.Buffer
		if err := memory.WriteText(&b, reports); err != nil {
			t.Fatalf("render the estimate: %v\nsource: %q", err, src)
		}
		if err := memory.WriteJSON(&b, reports); err != nil {
			t.Fatalf("render the estimate as JSON: %v\nsource: %q", err, src)
		}
	}
	res, err := rn.FixSource(ctx, "fuzz.py", src, cfg, true)
	if err != nil {
		t.Fatalf("fix: %v\nsource: %q", err, src)
	}
	checkFindings(t, "after the fixes", res.Src, res.Remaining)
	if len(file.Errors) == 0 && res.Applied > 0 {
		fixed, err := pyparse.Parse(res.Src)
		if err != nil || len(fixed.Errors) > 0 {
			var why string
			if err != nil {
				why = err.Error()
			} else {
				why = fixed.Errors[0].Msg
			}
			t.Fatalf("the fixes broke a source that parsed: %s\nsource: %q\nfixed: %q", why, src, res.Src)
		}
	}
}

// checkFindings fails on an AL900 finding, or a finding, related location or edit outside src.
func checkFindings(t *testing.T, when string, src []byte, findings []analyzer.Finding) {
	t.Helper()
	n := pyparse.Offset(len(src))
	inside := func(r pyparse.Range) bool { return 0 <= r.Start && r.Start <= r.End && r.End <= n }
	for _, fd := range findings {
		if fd.Code == "AL900" {
			t.Fatalf("%s: internal error: %s\nsource: %q", when, fd.Message, src)
		}
		if !inside(fd.Range) || fd.Line < 1 || fd.Col < 1 {
			t.Fatalf("%s: %s at %v (line %d, column %d) is outside the %d-byte source\nsource: %q", when, fd.Code, fd.Range, fd.Line, fd.Col, n, src)
		}
		for _, r := range fd.Related {
			if !inside(r.Range) {
				t.Fatalf("%s: %s's related location %v is outside the source\nsource: %q", when, fd.Code, r.Range, src)
			}
		}
		if fd.Fix != nil {
			for _, e := range fd.Fix.Edits {
				if !inside(e.Range) {
					t.Fatalf("%s: %s's fix edits %v, outside the source\nsource: %q", when, fd.Code, e.Range, src)
				}
			}
		}
		if strings.TrimSpace(fd.Message) == "" {
			t.Fatalf("%s: %s has no message\nsource: %q", when, fd.Code, src)
		}
	}
}
