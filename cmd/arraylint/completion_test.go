package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestCompletionScripts checks that each completion script parses in its shell and, for zsh and
// fish, completes a check flag. The shells are installed by .ci/deps.d/completion.sh; without
// one the test skips, unless ARRAYLINT_REQUIRE_TOOLS=1 (CI) makes that a failure.
func TestCompletionScripts(t *testing.T) {
	for _, tc := range []struct {
		shell string
		check []string // args after the script path: parse only
		probe string   // a script that sources the completion and prints candidates for "check --show-s"
	}{
		{"bash", []string{"-n"}, `source "$1"; COMP_WORDS=(arraylint check --show-s); COMP_CWORD=2; _arraylint; echo "${COMPREPLY[@]}"`},
		{"zsh", []string{"-n"}, `compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" | grep -- "^$PREFIX" }; source "$1"; words=(arraylint check --show-s); CURRENT=3; PREFIX=--show-s; _arraylint`},
		{"fish", []string{"--no-execute"}, `source $argv[1]; complete --do-complete "arraylint check --show-s"`},
	} {
		t.Run(tc.shell, func(t *testing.T) {
			path, err := exec.LookPath(tc.shell)
			if err != nil {
				if os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" {
					t.Fatalf("%s is not installed (ARRAYLINT_REQUIRE_TOOLS=1): run .ci/deps.d/completion.sh", tc.shell)
				}
				t.Skipf("%s is not installed", tc.shell)
			}
			var out, errOut bytes.Buffer
			e := &env{stdout: &out, stderr: &errOut, getenv: func(string) string { return "" }}
			if st := run(context.Background(), e, []string{"completion", tc.shell}); st != exitOK {
				t.Fatalf("completion %s: status %d: %s", tc.shell, st, errOut.String())
			}
			script := filepath.Join(t.TempDir(), "arraylint."+tc.shell)
			if err := os.WriteFile(script, out.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			if msg, err := exec.Command(path, append(tc.check, script)...).CombinedOutput(); err != nil {
				t.Fatalf("%s does not parse the script: %v\n%s", tc.shell, err, msg)
			}
			var args []string
			switch tc.shell {
			case "fish":
				args = []string{"-c", tc.probe, script}
			default:
				args = []string{"-c", tc.probe, tc.shell, script}
			}
			got, err := exec.Command(path, args...).CombinedOutput()
			if err != nil || !strings.Contains(string(got), "--show-settings") {
				t.Errorf("%s does not complete `check --show-s`: %v\n%s", tc.shell, err, got)
			}
		})
	}
}
