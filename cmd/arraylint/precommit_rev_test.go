package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestPreCommitRevsArePinned reads every pre-commit configuration of this repository that
// README.md and docs/ci.md show: each `rev:` must be a full commit id (pre-commit warns about a
// branch such as main, and the tag v0.1.0 they named does not exist), and where the commit is in
// this clone's history, its .pre-commit-hooks.yaml must define the hooks the block uses.
func TestPreCommitRevsArePinned(t *testing.T) {
	lookTool(t, "git", "apt-get install git")
	shallow := strings.TrimSpace(git(t, ".", "rev-parse", "--is-shallow-repository")) == "true"
	blockRE := regexp.MustCompile("(?s)```yaml\n(.*?)\n```")
	revRE := regexp.MustCompile(`(?m)^\s*rev:\s*(\S+)`)
	idRE := regexp.MustCompile(`(?m)^\s*- id:\s*(\S+)`)
	n := 0
	for _, doc := range []string{"../../README.md", ciDoc} {
		data, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range blockRE.FindAllStringSubmatch(string(data), -1) {
			block := m[1]
			if !strings.Contains(block, "repo: https://github.com/arraylint/arraylint") {
				continue
			}
			n++
			rm := revRE.FindStringSubmatch(block)
			if rm == nil || !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(rm[1]) {
				t.Errorf("%s: the block's rev is not a full commit id:\n%s", filepath.Base(doc), block)
				continue
			}
			rev := rm[1]
			out, code := runIn(t, ".", gitEnv(), "git", "show", rev+":.pre-commit-hooks.yaml")
			if code != 0 {
				if !shallow {
					t.Errorf("%s: rev %s: %s", filepath.Base(doc), rev, strings.TrimSpace(out))
				}
				continue
			}
			for _, id := range idRE.FindAllStringSubmatch(block, -1) {
				if !regexp.MustCompile(`(?m)^- id: ` + regexp.QuoteMeta(id[1]) + `$`).MatchString(out) {
					t.Errorf("%s: hook %s is not in .pre-commit-hooks.yaml at %s", filepath.Base(doc), id[1], rev)
				}
			}
		}
	}
	if n < 4 {
		t.Errorf("found %d pre-commit blocks in README.md and %s, want at least 4", n, ciDoc)
	}
}
