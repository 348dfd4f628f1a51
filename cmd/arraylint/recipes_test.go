package main

// This file runs the recipes of docs/ci.md that can run outside GitHub and GitLab, as written
// there, and holds the helpers the pre-commit and reviewdog tests share. The `arraylint` these
// commands find on PATH is this test binary (testscript.Main puts it there), so it carries the
// test rules AL8xx too: the fixtures avoid their words.

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ciDoc is the document whose recipes the tests run.
const ciDoc = "../../docs/ci.md"

// recipe returns the fenced code block that follows `<!-- recipe: NAME -->` in docs/ci.md.
func recipe(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(ciDoc)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(data), "<!-- recipe: "+name+" -->\n")
	if !ok {
		t.Fatalf("%s has no recipe %q", ciDoc, name)
	}
	m := regexp.MustCompile("(?s)^```[a-z]*\n(.*?)\n```\n").FindStringSubmatch(rest)
	if m == nil {
		t.Fatalf("recipe %q in %s is not followed by a fenced code block", name, ciDoc)
	}
	return m[1]
}

// recipeLines returns the lines of a recipe that run arraylint: YAML `run:` steps and `script:`
// items, and shell lines, with the YAML syntax removed.
func recipeLines(t *testing.T, name string) []string {
	t.Helper()
	var out []string
	re := regexp.MustCompile(`^\s*(?:- )?(?:run: )?(arraylint .*)$`)
	for _, line := range strings.Split(recipe(t, name), "\n") {
		if m := re.FindStringSubmatch(line); m != nil {
			out = append(out, m[1])
		}
	}
	if len(out) == 0 {
		t.Fatalf("recipe %q runs no arraylint command", name)
	}
	return out
}

// requireTool skips the test when a tool is missing, or fails it when ARRAYLINT_REQUIRE_TOOLS=1
// (CI, where .ci/deps.d installs the tools).
func requireTool(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s is required (ARRAYLINT_REQUIRE_TOOLS=1)", what)
	}
	t.Skipf("%s is not available", what)
}

// lookTool returns the path of an executable, or skips/fails the test through requireTool.
func lookTool(t *testing.T, name, install string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		requireTool(t, name+" ("+install+")")
	}
	return p
}

// gitEnv is the environment of the tests' git commands: a fixed identity and no user or system
// configuration.
func gitEnv() []string {
	return append(os.Environ(), "GIT_AUTHOR_NAME=arraylint test", "GIT_AUTHOR_EMAIL=test@example.com",
		"GIT_COMMITTER_NAME=arraylint test", "GIT_COMMITTER_EMAIL=test@example.com",
		"GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1")
}

// runIn runs name with args in dir and returns its combined output and exit code; it fails the
// test when the command cannot start.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, env
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return string(out), ee.ExitCode()
	}
	if err != nil {
		t.Fatalf("run %s %s: %v\n%s", name, strings.Join(args, " "), err, out)
	}
	return string(out), 0
}

// git runs git in dir and fails the test when it fails.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, code := runIn(t, dir, gitEnv(), "git", args...)
	if code != 0 {
		t.Fatalf("git %s: exit %d\n%s", strings.Join(args, " "), code, out)
	}
	return out
}

// newRepo makes a git repository on branch main holding files, committed.
func newRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	lookTool(t, "git", "apt-get install git")
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	writeFiles(t, dir, files)
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "base")
	return dir
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// astypeModel is a program with one AL303 finding whose fix is safe: line 7 makes float64 zeros
// only to cast them to int32.
const astypeModel = `import numpy as np

N = 10_000_000


def make():
    a = np.zeros(N).astype(np.int32)
    return a
`

// astypeModelFixed is astypeModel after arraylint's fix.
var astypeModelFixed = strings.Replace(astypeModel, "np.zeros(N).astype(np.int32)", "np.zeros(N, dtype=np.int32)", 1)

// TestRecipeCommands runs the arraylint lines of the GitHub SARIF and GitLab Code Quality recipes
// in a repository with one finding and checks the reports they write.
func TestRecipeCommands(t *testing.T) {
	dir := newRepo(t, map[string]string{"src/model.py": astypeModel, "src/clean.py": "x = 1\n"})
	shell := func(line string) {
		t.Helper()
		out, code := runIn(t, dir, os.Environ(), "sh", "-c", line)
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s", line, code, out)
		}
	}

	t.Run("github-sarif", func(t *testing.T) {
		lines := recipeLines(t, "github-sarif")
		for _, l := range lines {
			shell(l)
		}
		var log struct {
			Version string
			Runs    []struct {
				Results []struct {
					RuleID    string
					Locations []struct {
						PhysicalLocation struct {
							ArtifactLocation struct{ URI string }
							Region           struct{ StartLine int }
						}
					}
				}
			}
		}
		readJSON(t, filepath.Join(dir, "arraylint.sarif"), &log)
		if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 1 {
			t.Fatalf("SARIF log: version %q, %d runs, want 2.1.0 with one run and one result", log.Version, len(log.Runs))
		}
		r := log.Runs[0].Results[0]
		loc := r.Locations[0].PhysicalLocation
		if r.RuleID != "AL303" || loc.ArtifactLocation.URI != "src/model.py" || loc.Region.StartLine != 7 {
			t.Errorf("result %s at %s:%d, want AL303 at src/model.py:7", r.RuleID, loc.ArtifactLocation.URI, loc.Region.StartLine)
		}
	})

	t.Run("gitlab-ci", func(t *testing.T) {
		for _, l := range recipeLines(t, "gitlab-ci") {
			shell(l)
		}
		var issues []struct {
			CheckName   string `json:"check_name"`
			Fingerprint string
			Severity    string
			Location    struct {
				Path  string
				Lines struct{ Begin int }
			}
		}
		readJSON(t, filepath.Join(dir, "gl-code-quality-report.json"), &issues)
		if len(issues) != 1 {
			t.Fatalf("%d issues, want 1: %+v", len(issues), issues)
		}
		is := issues[0]
		if is.CheckName != "AL303" || is.Location.Path != "src/model.py" || is.Location.Lines.Begin != 7 ||
			is.Severity != "major" || len(is.Fingerprint) != 32 {
			t.Errorf("issue %+v", is)
		}
	})
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v\n%s", path, err, data)
	}
}

// checkOutput runs the in-process arraylint check on files in a temporary directory and returns
// its standard output.
func checkOutput(t *testing.T, files map[string]string, args ...string) []byte {
	t.Helper()
	dir := t.TempDir()
	writeFiles(t, dir, files)
	cmd := exec.Command("arraylint", append([]string{"check"}, args...)...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		if _, ok := err.(*exec.ExitError); !ok {
			t.Fatal(err)
		}
	}
	return out.Bytes()
}
