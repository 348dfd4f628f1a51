package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPreCommitHooks runs Debian's pre-commit with the configurations of docs/ci.md on a temporary
// git repository holding one AL303 finding. The configurations point at a copy of this
// repository's working tree (uncommitted changes included) committed in a temporary repository,
// by path and commit, so pre-commit clones .pre-commit-hooks.yaml and builds arraylint with
// `go install` exactly as it would from GitHub.
func TestPreCommitHooks(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the pre-commit suite; .ci/run runs it in full (go test ./...)")
	}
	lookTool(t, "git", "apt-get install git")
	lookTool(t, "pre-commit", "apt-get install pre-commit")
	lookTool(t, "go", "the Go toolchain")
	hooksRepo, rev := snapshotRepo(t)

	proj := newRepo(t, map[string]string{"src/model.py": astypeModel, "README.md": "a project\n"})
	env := preCommitEnv(t)
	precommit := func(recipeName string) (string, int) {
		t.Helper()
		cfg := recipe(t, recipeName)
		cfg = regexp.MustCompile(`(?m)^(\s*- repo: ).*$`).ReplaceAllString(cfg, "${1}"+hooksRepo)
		cfg = regexp.MustCompile(`(?m)^(\s*rev: ).*$`).ReplaceAllString(cfg, "${1}"+rev)
		writeFiles(t, proj, map[string]string{".pre-commit-config.yaml": cfg})
		out, code := runIn(t, proj, env, "pre-commit", "run", "--all-files", "--color", "never")
		t.Logf("pre-commit run --all-files with %s: exit %d\n%s", recipeName, code, out)
		return out, code
	}
	model := filepath.Join(proj, "src", "model.py")
	read := func() string {
		t.Helper()
		data, err := os.ReadFile(model)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}

	// The check hook fails with the finding and leaves the file alone.
	out, code := precommit("pre-commit-config")
	if code != 1 || !strings.Contains(out, "src/model.py:7:9: AL303 [*] `zeros` makes float64 data") {
		t.Fatalf("pre-commit with an AL303 finding: exit %d, want 1 and the finding:\n%s", code, out)
	}
	if read() != astypeModel {
		t.Fatal("the check hook changed the file")
	}

	// It passes once the file is fixed.
	writeFiles(t, proj, map[string]string{"src/model.py": astypeModelFixed})
	if out, code := precommit("pre-commit-config"); code != 0 || !regexp.MustCompile(`(?m)^arraylint\.+Passed$`).MatchString(out) {
		t.Fatalf("pre-commit on the fixed file: exit %d, want 0 and arraylint Passed:\n%s", code, out)
	}

	// arraylint-fix (with the args example: --select AL3) fixes the file; pre-commit fails the
	// run because the hook changed a file, and the next run passes.
	writeFiles(t, proj, map[string]string{"src/model.py": astypeModel})
	out, code = precommit("pre-commit-args")
	if code != 1 || !strings.Contains(out, "files were modified by this hook") || !strings.Contains(out, "Fixed 1 finding.") {
		t.Fatalf("pre-commit with arraylint-fix: exit %d, want 1 with the file modified and fixed:\n%s", code, out)
	}
	if got := read(); got != astypeModelFixed {
		t.Fatalf("arraylint-fix left:\n%s\nwant:\n%s", got, astypeModelFixed)
	}
	if out, code := precommit("pre-commit-args"); code != 0 || strings.Count(out, "Passed") != 2 {
		t.Fatalf("pre-commit after arraylint-fix: exit %d, want 0 and both hooks Passed:\n%s", code, out)
	}
}

// snapshotRepo copies the working tree of the repository under test (tracked files as they are on
// disk and untracked files git does not ignore) into a new git repository, commits it and returns
// its path and commit: a clone of this repository that includes uncommitted changes.
func snapshotRepo(t *testing.T) (dir, rev string) {
	t.Helper()
	root := strings.TrimSpace(git(t, ".", "rev-parse", "--show-toplevel"))
	dir = t.TempDir()
	list := git(t, root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	n := 0
	for _, name := range strings.Split(strings.TrimRight(list, "\x00"), "\x00") {
		src := filepath.Join(root, filepath.FromSlash(name))
		info, err := os.Lstat(src)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the working tree, or a symlink or submodule
		}
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		dst := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, info.Mode().Perm()|fs.FileMode(0o200)); err != nil {
			t.Fatal(err)
		}
		n++
	}
	if _, err := os.Stat(filepath.Join(dir, ".pre-commit-hooks.yaml")); err != nil || n == 0 {
		t.Fatalf("the copy of %s (%d files) has no .pre-commit-hooks.yaml", root, n)
	}
	git(t, dir, "init", "-q", "-b", "main")
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "arraylint under test")
	return dir, strings.TrimSpace(git(t, dir, "rev-parse", "HEAD"))
}

// preCommitEnv is the environment of pre-commit: its own cache in a temporary directory, and the
// Go module and build caches of the go running the tests, which pre-commit's `go install` would
// otherwise look for under the GOPATH it sets, so the build needs the module proxy only for
// modules this machine has never downloaded.
func preCommitEnv(t *testing.T) []string {
	t.Helper()
	env := append(gitEnv(), "PRE_COMMIT_HOME="+t.TempDir())
	for _, v := range []string{"GOMODCACHE", "GOCACHE", "GOPROXY", "GOFLAGS", "GONOSUMDB", "GOSUMDB", "GOTOOLCHAIN"} {
		out, code := runIn(t, ".", os.Environ(), "go", "env", v)
		if code != 0 {
			t.Fatalf("go env %s: %s", v, out)
		}
		env = append(env, v+"="+strings.TrimSpace(out))
	}
	return env
}
