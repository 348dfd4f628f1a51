package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestReviewdog runs the reviewdog-local recipe of docs/ci.md (`arraylint check --output-format
// rdjson … | reviewdog -f=rdjson -reporter=local -filter-mode=added -diff="git diff main"`) with a
// real reviewdog on a branch that adds one finding to a file that already has one: reviewdog must
// print the added line's comment and nothing else. Without the filter both comments come out, so
// the fixture does hold the old finding.
func TestReviewdog(t *testing.T) {
	lookTool(t, "reviewdog", "bash .ci/deps.d/integrations.sh")
	local := recipeLines(t, "reviewdog-local")[0]

	// The GitHub job's pipe is this one, with the pull-request reporter and no local diff.
	var github string
	for _, l := range recipeLines(t, "github-reviewdog") {
		if strings.Contains(l, "| reviewdog ") {
			github = l
		}
	}
	strip := regexp.MustCompile(` -(reporter|diff)=("[^"]*"|\S+)`)
	if github == "" || strip.ReplaceAllString(github, "") != strip.ReplaceAllString(local, "") {
		t.Errorf("the github-reviewdog recipe's pipe %q differs from the tested reviewdog-local pipe %q in more than -reporter and -diff", github, local)
	}
	if !strings.Contains(github, "-filter-mode=added") || !strings.Contains(github, "-reporter=github-pr-review") {
		t.Errorf("the github-reviewdog recipe's pipe %q lacks -filter-mode=added or -reporter=github-pr-review", github)
	}

	dir := newRepo(t, map[string]string{"src/model.py": astypeModel, "src/other.py": "y = 2\n"})
	git(t, dir, "checkout", "-q", "-b", "feature")
	writeFiles(t, dir, map[string]string{
		"src/model.py": astypeModel + "\n\ndef grid():\n    g = np.arange(N).astype(np.float32)\n    return g\n",
	})
	git(t, dir, "commit", "-q", "-a", "-m", "feature")

	run := func(line string) (string, int) {
		t.Helper()
		return runIn(t, dir, os.Environ(), "sh", "-c", line)
	}
	out, code := run(local)
	want := "src/model.py:12:9: AL303 `arange` makes int64 data (80,000,000 bytes) only to cast it to float32 (shape (10000000,) from `N` at line 3)"
	if got := comments(out); len(got) != 1 || got[0] != want {
		t.Errorf("reviewdog printed %q, want only %q\nfull output:\n%s", got, want, out)
	}
	if code != 1 {
		t.Errorf("exit status %d with -fail-level=any and a comment, want 1\n%s", code, out)
	}

	// rdjsonl, one diagnostic per line, reads the same (docs/ci.md says so).
	lines := strings.NewReplacer("--output-format rdjson ", "--output-format rdjsonl ", "-f=rdjson ", "-f=rdjsonl ").Replace(local)
	if lines == local {
		t.Fatalf("cannot make the rdjsonl variant of %q", local)
	}
	if out, _ := run(lines); !slices.Equal(comments(out), []string{want}) {
		t.Errorf("with rdjsonl reviewdog printed %q, want only %q", comments(out), want)
	}

	all, _ := run(strings.Replace(local, "-filter-mode=added", "-filter-mode=nofilter", 1))
	if got := comments(all); len(got) != 2 || !strings.HasPrefix(got[0], "src/model.py:7:9: AL303 ") || got[1] != want {
		t.Errorf("without the filter reviewdog printed %q, want the old finding at line 7 and the new one", got)
	}
}

// comments returns the lines of reviewdog's local output that are comments (path:line:col: …),
// leaving out its own messages.
func comments(out string) []string {
	var c []string
	for _, l := range strings.Split(out, "\n") {
		if regexp.MustCompile(`^\S+:\d+:\d+: `).MatchString(l) {
			c = append(c, l)
		}
	}
	return c
}
