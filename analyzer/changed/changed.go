// Package changed keeps only the findings on lines a change touched, for adopting arraylint on an
// existing code base ("new issues only", like golangci-lint's new-from-rev / new-from-patch /
// new-from-merge-base, after revgrep). Syntax, internal and I/O errors are always kept.
package changed

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/notebook"
)

// Changes maps absolute, cleaned file paths to the 1-based lines of the new version that a
// change added or modified. A file mapped to nil was added whole (every line counts).
type Changes struct {
	files map[string]map[int]bool
	whole map[string]bool

	nbMu sync.Mutex
	nbs  map[string]*notebook.Notebook // notebooks read to map cell lines to file lines
}

// ParsePatch reads a unified diff (git diff, diff -u). Paths in it are taken relative to base.
// Deleted files are ignored. A malformed diff is an error, never a partial result, and so is
// input that is not a diff at all (text without a file header, binary data); empty input is an
// empty diff.
func ParsePatch(r io.Reader, base string) (*Changes, error) {
	c := &Changes{files: map[string]map[int]bool{}, whole: map[string]bool{}}
	if abs, err := filepath.Abs(base); err == nil {
		base = abs
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var (
		cur            map[int]bool
		oldLeft, left  int // lines of the current hunk still expected on the old and new sides
		newLine        int
		lineNo         int
		inHunk, oldDev bool
		afterOld       bool // the previous line was a "--- " header
		headers        int  // file headers ("--- " then "+++ ") seen
		nonBlank       bool // the input holds more than blank lines
		gitHeader      bool // a "diff --git" line: a diff of modes or renames only has no "---"
	)
	fail := func(format string, args ...any) (*Changes, error) {
		return nil, fmt.Errorf("parse patch line %d: %s", lineNo, fmt.Sprintf(format, args...))
	}
	for sc.Scan() {
		lineNo++
		line := sc.Text()
		if strings.IndexByte(line, 0) >= 0 {
			return fail("not a unified diff: the input holds a NUL byte (binary data)")
		}
		if strings.TrimSpace(line) != "" {
			nonBlank = true
		}
		wasOld := afterOld
		afterOld = false
		if strings.HasPrefix(line, "diff --git ") {
			gitHeader = true
		}
		if inHunk && (oldLeft > 0 || left > 0) {
			switch {
			case strings.HasPrefix(line, "+"):
				if left == 0 {
					return fail("more added lines than the hunk header says")
				}
				if cur != nil {
					cur[newLine] = true
				}
				newLine++
				left--
			case strings.HasPrefix(line, "-"):
				if oldLeft == 0 {
					return fail("more removed lines than the hunk header says")
				}
				oldLeft--
			case strings.HasPrefix(line, " ") || line == "":
				if oldLeft == 0 || left == 0 {
					return fail("more context lines than the hunk header says")
				}
				newLine++
				left--
				oldLeft--
			case strings.HasPrefix(line, `\`): // "\ No newline at end of file"
			default:
				return fail("unexpected %q inside a hunk", line)
			}
			continue
		}
		inHunk = false
		switch {
		case strings.HasPrefix(line, "--- "):
			oldDev = strings.TrimSpace(strings.TrimPrefix(line, "--- ")) == "/dev/null"
			afterOld = true
		case strings.HasPrefix(line, "+++ ") && wasOld:
			headers++
			name := strings.TrimPrefix(line, "+++ ")
			if i := strings.IndexByte(name, '\t'); i >= 0 {
				name = name[:i] // diff -u puts a timestamp after a tab
			}
			name = strings.TrimSpace(name)
			if name == "/dev/null" {
				cur = nil // deleted file
				continue
			}
			if strings.HasPrefix(name, "b/") {
				name = name[2:]
			}
			if unq, err := strconv.Unquote(name); err == nil {
				name = unq
			}
			p := filepath.Clean(filepath.Join(base, filepath.FromSlash(name)))
			if c.files[p] == nil {
				c.files[p] = map[int]bool{}
			}
			cur = c.files[p]
			if oldDev {
				c.whole[p] = true
			}
		case strings.HasPrefix(line, "@@"):
			if headers == 0 {
				return fail("not a unified diff: a hunk before any `--- a/file` and `+++ b/file` header")
			}
			o, n, start, err := parseHunkHeader(line)
			if err != nil {
				return fail("%v", err)
			}
			oldLeft, left, newLine, inHunk = o, n, start, true
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read patch: %w", err)
	}
	if inHunk && (oldLeft > 0 || left > 0) {
		return fail("the last hunk is truncated")
	}
	if nonBlank && headers == 0 && !gitHeader {
		return nil, fmt.Errorf("parse patch: not a unified diff: no `--- a/file` and `+++ b/file` header (an empty file is an empty diff)")
	}
	return c, nil
}

// parseHunkHeader parses "@@ -a[,b] +c[,d] @@ ...": old count b, new count d and new start c.
func parseHunkHeader(h string) (oldCount, newCount, newStart int, err error) {
	fields := strings.Fields(h)
	if len(fields) < 4 || fields[0] != "@@" || fields[3] != "@@" || !strings.HasPrefix(fields[1], "-") || !strings.HasPrefix(fields[2], "+") {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q", h)
	}
	_, oldCount, err = parseRange(fields[1][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q: %v", h, err)
	}
	newStart, newCount, err = parseRange(fields[2][1:])
	if err != nil {
		return 0, 0, 0, fmt.Errorf("bad hunk header %q: %v", h, err)
	}
	return oldCount, newCount, newStart, nil
}

func parseRange(s string) (start, count int, err error) {
	a, b, hasCount := strings.Cut(s, ",")
	if start, err = strconv.Atoi(a); err != nil || start < 0 {
		return 0, 0, fmt.Errorf("bad line number %q", a)
	}
	count = 1
	if hasCount {
		if count, err = strconv.Atoi(b); err != nil || count < 0 {
			return 0, 0, fmt.Errorf("bad line count %q", b)
		}
	}
	return start, count, nil
}

// FromRev returns the changes of the working tree of the repository containing dir against
// revision rev, untracked (not ignored) files counting as added whole.
func FromRev(dir, rev string) (*Changes, error) {
	root, err := git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	top := strings.TrimSpace(string(root))
	patch, err := git(top, "diff", "--no-color", "--no-ext-diff", "--no-renames", "-U0", rev, "--")
	if err != nil {
		return nil, err
	}
	c, err := ParsePatch(bytes.NewReader(patch), top)
	if err != nil {
		return nil, fmt.Errorf("git diff %s: %w", rev, err)
	}
	untracked, err := git(top, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, err
	}
	for _, name := range strings.Split(string(untracked), "\x00") {
		if name != "" {
			p := filepath.Clean(filepath.Join(top, filepath.FromSlash(name)))
			c.files[p] = map[int]bool{}
			c.whole[p] = true
		}
	}
	return c, nil
}

// FromMergeBase returns the changes since the merge base of HEAD and rev (a pull request's view).
func FromMergeBase(dir, rev string) (*Changes, error) {
	base, err := git(dir, "merge-base", rev, "HEAD")
	if err != nil {
		return nil, err
	}
	return FromRev(dir, strings.TrimSpace(string(base)))
}

func git(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// Keep reports whether f is on a changed line: a line of its range was added or modified, or its
// file was added whole. Syntax errors (AL901), internal errors (AL900) and I/O errors (AL904)
// are always kept.
func (c *Changes) Keep(f analyzer.Finding) bool {
	switch f.Code {
	case driver.SyntaxError.Spec.Code, driver.InternalError.Spec.Code, driver.IOError.Spec.Code:
		return true
	}
	p, err := filepath.Abs(f.Path)
	if err != nil {
		return true
	}
	p = filepath.Clean(p)
	if _, ok := c.files[p]; !ok {
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real // git reports the repository's real path
		}
	}
	if c.whole[p] {
		return true
	}
	lines := c.files[p]
	for l := f.Line; l <= max(f.EndLine, f.Line); l++ {
		if lines[c.fileLine(p, f.Cell, l)] {
			return true
		}
	}
	return false
}

// fileLine returns the line of the file at path that line of cell (1-based; 0 for a Python file)
// is on: in a notebook, the line of the JSON string holding the cell's line, so that a finding
// is kept when the diff changed that line of the cell. A notebook that cannot be read keeps
// the line as it is.
func (c *Changes) fileLine(path string, cell, line int) int {
	if cell <= 0 {
		return line
	}
	c.nbMu.Lock()
	defer c.nbMu.Unlock()
	nb, ok := c.nbs[path]
	if !ok {
		if data, _, err := driver.ReadFile(path); err == nil {
			nb, _ = notebook.Parse(data)
		}
		if c.nbs == nil {
			c.nbs = map[string]*notebook.Notebook{}
		}
		c.nbs[path] = nb
	}
	if nb == nil {
		return line
	}
	return nb.FileLine(cell-1, line)
}

// Filter returns the findings Keep keeps.
func (c *Changes) Filter(fs []analyzer.Finding) []analyzer.Finding {
	var out []analyzer.Finding
	for _, f := range fs {
		if c.Keep(f) {
			out = append(out, f)
		}
	}
	return out
}
