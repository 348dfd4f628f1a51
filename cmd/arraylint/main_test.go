package main

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/rogpeppe/go-internal/testscript"
	"golang.org/x/tools/go/analysis"
)

// The test binary doubles as the arraylint binary for the scripts in testdata/cli, with these
// test-only rules (codes AL8xx, which real rules never use) added through testRules.
func init() {
	testRules = append(testRules, badWordRule, boomRule, breakRule, shoutRule, touchRule, splitRule)
}

// textRule builds a test rule that reports every occurrence of word in the source, with an
// optional fix.
func textRule(code, name, word string, fix func(pass *analysis.Pass, rng pyparse.Range, in *pyinspect.Result) *analysis.SuggestedFix) *analyzer.Rule {
	avail := analyzer.FixNever
	if fix != nil {
		avail = analyzer.FixAlways
	}
	return analyzer.MustRule(analyzer.RuleSpec{
		Code: code, Name: name, Summary: "the word " + word, Since: "test", Severity: analyzer.Warning, Fix: avail,
		Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
			src := in.File.Src
			for off := 0; ; {
				i := bytes.Index(src[off:], []byte(word))
				if i < 0 {
					return nil, nil
				}
				rng := pyparse.Range{Start: pyparse.Offset(off + i), End: pyparse.Offset(off + i + len(word))}
				d := in.DiagnosticRange(rng, "`%s` found", word)
				if fix != nil {
					d.SuggestedFixes = []analysis.SuggestedFix{*fix(pass, rng, in)}
				}
				pass.Report(d)
				off += i + len(word)
			}
		},
	})
}

var (
	// badWordRule: "bad" with a safe fix to "good".
	badWordRule = textRule("AL801", "test-bad-word", "bad", func(pass *analysis.Pass, rng pyparse.Range, in *pyinspect.Result) *analysis.SuggestedFix {
		return &analysis.SuggestedFix{Message: "Replace with `good`", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "good")}}
	})
	// boomRule panics on files containing "boom".
	boomRule = analyzer.MustRule(analyzer.RuleSpec{
		Code: "AL802", Name: "test-boom", Summary: "panics on boom", Since: "test", Severity: analyzer.Error,
		Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			if bytes.Contains(pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result).File.Src, []byte("boom")) {
				panic("boom")
			}
			return nil, nil
		},
	})
	// breakRule: "corrupt" with a safe fix that breaks the syntax.
	breakRule = textRule("AL803", "test-corrupt", "corrupt", func(pass *analysis.Pass, rng pyparse.Range, in *pyinspect.Result) *analysis.SuggestedFix {
		return &analysis.SuggestedFix{Message: "Break the file", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "corrupt(")}}
	})
	// shoutRule: "quiet" with an unsafe fix to "QUIET".
	shoutRule = textRule("AL804", "test-shout", "quiet", func(pass *analysis.Pass, rng pyparse.Range, in *pyinspect.Result) *analysis.SuggestedFix {
		fix := &analysis.SuggestedFix{Message: "Shout", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "QUIET")}}
		analyzer.SetApplicability(pass, fix, analyzer.Unsafe)
		return fix
	})
)

var (
	// touchRule: on a file containing "touchme", appends a comment to the file on disk while the
	// file is being checked, as a concurrent editor would. --fix must then refuse to overwrite
	// it: this is a write failure that also happens when the tests run as root, whom file
	// permissions do not stop.
	touchRule = analyzer.MustRule(analyzer.RuleSpec{
		Code: "AL805", Name: "test-touch", Summary: "edits the file while it is checked", Since: "test", Severity: analyzer.Info,
		Requires: []*analysis.Analyzer{pyinspect.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
			if bytes.Contains(in.File.Src, []byte("touchme")) {
				f, err := os.OpenFile(in.Path, os.O_APPEND|os.O_WRONLY, 0)
				if err != nil {
					return nil, err
				}
				f.WriteString("# touched\n")
				f.Close()
			}
			return nil, nil
		},
	})
	// splitRule: "split" with a safe fix that inserts a line break written "\n".
	splitRule = textRule("AL806", "test-split", "split", func(pass *analysis.Pass, rng pyparse.Range, in *pyinspect.Result) *analysis.SuggestedFix {
		return &analysis.SuggestedFix{Message: "Split the line", TextEdits: []analysis.TextEdit{in.ReplaceRange(rng, "done\ny = 2")}}
	})
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"arraylint": func() {
			e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, stdoutIsTTY: false}
			os.Exit(run(context.Background(), e, os.Args[1:]))
		},
	})
}

// TestScripts runs testdata/cli/*.txtar against the built binary. Extra commands:
//
//	status N CMD ARGS...   run CMD and require exit status N (stdout/stderr kept for cmp/stdout)
//	mode PERM FILE         require FILE's permission bits to be PERM (octal; setuid 4000,
//	                       setgid 2000 and sticky 1000 included)
//	bigfile FILE BYTES     write a file of BYTES bytes of valid Python (a comment line repeated)
//	hardlink OLD NEW       make NEW a hard link to OLD
//	sameinode A B          require A and B to name one inode (! for two)
//	mkfifo FILE            make a named pipe
//	unhex FILE HEX         write FILE with the bytes HEX spells (for CR, CRLF and BOM fixtures)
//	age FILE SECONDS       set FILE's modification time SECONDS in the past
//	setmode PERM FILE      chmod with setuid (4000), setgid (2000) and sticky (1000) allowed
//
// and the condition [root] (the tests run as root, whom file permissions do not stop).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "../../testdata/cli",
		Condition: func(cond string) (bool, error) {
			if cond == "root" {
				return os.Geteuid() == 0, nil
			}
			return false, fmt.Errorf("unknown condition %q", cond)
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"hardlink": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: hardlink OLD NEW")
				}
				ts.Check(os.Link(ts.MkAbs(args[0]), ts.MkAbs(args[1])))
			},
			"sameinode": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 {
					ts.Fatalf("usage: sameinode A B")
				}
				a, err := os.Stat(ts.MkAbs(args[0]))
				ts.Check(err)
				b, err := os.Stat(ts.MkAbs(args[1]))
				ts.Check(err)
				if os.SameFile(a, b) == neg {
					ts.Fatalf("%s and %s: same inode %v", args[0], args[1], !neg)
				}
			},
			"mkfifo": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 1 {
					ts.Fatalf("usage: mkfifo FILE")
				}
				ts.Check(mkfifo(ts.MkAbs(args[0])))
			},
			"unhex": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: unhex FILE HEX")
				}
				data, err := hex.DecodeString(args[1])
				ts.Check(err)
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
			},
			"setmode": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: setmode PERM FILE")
				}
				n, err := strconv.ParseUint(args[0], 8, 32)
				ts.Check(err)
				mode := os.FileMode(n) & os.ModePerm
				for bit, octal := range map[os.FileMode]uint64{os.ModeSetuid: 0o4000, os.ModeSetgid: 0o2000, os.ModeSticky: 0o1000} {
					if n&octal != 0 {
						mode |= bit
					}
				}
				ts.Check(os.Chmod(ts.MkAbs(args[1]), mode))
			},
			"age": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) != 2 {
					ts.Fatalf("usage: age FILE SECONDS")
				}
				n, err := strconv.Atoi(args[1])
				ts.Check(err)
				when := time.Now().Add(-time.Duration(n) * time.Second)
				ts.Check(os.Chtimes(ts.MkAbs(args[0]), when, when))
			},
			"status": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) < 2 {
					ts.Fatalf("usage: status N CMD ARGS...")
				}
				want, err := strconv.Atoi(args[0])
				ts.Check(err)
				err = ts.Exec(args[1], args[2:]...)
				got := 0
				var ee *exec.ExitError
				switch {
				case errors.As(err, &ee):
					got = ee.ExitCode()
				case err != nil:
					ts.Fatalf("run %s: %v", args[1], err)
				}
				if got != want {
					ts.Fatalf("%s exited with status %d, want %d", args[1], got, want)
				}
			},
			"mode": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 {
					ts.Fatalf("usage: mode PERM FILE")
				}
				want, err := strconv.ParseUint(args[0], 8, 32)
				ts.Check(err)
				info, err := os.Stat(ts.MkAbs(args[1]))
				ts.Check(err)
				got := uint64(info.Mode().Perm())
				for bit, octal := range map[os.FileMode]uint64{os.ModeSetuid: 0o4000, os.ModeSetgid: 0o2000, os.ModeSticky: 0o1000} {
					if info.Mode()&bit != 0 {
						got |= octal
					}
				}
				if (got == want) == neg {
					ts.Fatalf("%s has mode %o, want %s%o", args[1], got, map[bool]string{true: "not ", false: ""}[neg], want)
				}
			},
			"bigfile": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) != 2 {
					ts.Fatalf("usage: bigfile FILE BYTES")
				}
				n, err := strconv.Atoi(args[1])
				ts.Check(err)
				line := []byte("# padding line of a very large generated file\n")
				data := bytes.Repeat(line, n/len(line)+1)[:n]
				ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
			},
		},
	})
}

// TestRunInProcess covers the dispatch paths without a subprocess.
func TestRunInProcess(t *testing.T) {
	var out, errOut bytes.Buffer
	e := &env{stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
	if got := run(context.Background(), e, nil); got != exitError {
		t.Errorf("no args: status %d", got)
	}
	if got := run(context.Background(), e, []string{"frobnicate"}); got != exitError || !bytes.Contains(errOut.Bytes(), []byte(`unknown command "frobnicate"`)) {
		t.Errorf("unknown command: status %d, stderr %q", got, errOut.String())
	}
	out.Reset()
	if got := run(context.Background(), e, []string{"version"}); got != exitOK || !bytes.HasPrefix(out.Bytes(), []byte("arraylint "+version)) {
		t.Errorf("version: status %d, stdout %q", got, out.String())
	}
	for _, c := range []string{"check", "rule", "version", "debug"} {
		if commands[c] == nil {
			t.Errorf("command %s not registered", c)
		}
	}
}
