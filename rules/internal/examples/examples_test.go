package examples_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/rules/all"
)

// want is one expected finding: a message pattern on a line.
type want struct {
	line    int
	rx      *regexp.Regexp
	matched bool
}

var wantRE = regexp.MustCompile(`^#\s*want\s+`)

// wants reads the `# want "rx" ...` comments of a file (all rules share one set: each finding
// must match a pattern on its line, each pattern one finding).
func wants(t *testing.T, f *pyparse.File) []*want {
	var out []*want
	for _, c := range f.Comments {
		text := c.Text(f.Src)
		loc := wantRE.FindStringIndex(text)
		if loc == nil {
			continue
		}
		line, _ := f.Lines.LineCol(c.Start)
		rest := strings.TrimSpace(text[loc[1]:])
		for rest != "" {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				t.Fatalf("line %d: bad want pattern %q: %v", line, rest, err)
			}
			s, _ := strconv.Unquote(q)
			out = append(out, &want{line: line, rx: regexp.MustCompile(s)})
			rest = strings.TrimSpace(rest[len(q):])
		}
	}
	return out
}

func examples(t *testing.T) []string {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "testdata", "examples", "*.py"))
	if err != nil || len(files) < 2 {
		t.Fatalf("no example programs found: %v", err)
	}
	return files
}

// TestExamples runs every rule on the example programs and checks the `# want` comments.
func TestExamples(t *testing.T) {
	for _, path := range examples(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			f, err := pyparse.Parse(src)
			if err != nil || len(f.Errors) > 0 {
				t.Fatalf("example does not parse: %v %v", err, f.Errors)
			}
			ws := wants(t, f)
			fs, err := driver.CheckSource(context.Background(), path, src, nil, all.Rules)
			if err != nil {
				t.Fatal(err)
			}
			for _, fd := range fs {
				ok := false
				for _, w := range ws {
					if !w.matched && w.line == fd.Line && w.rx.MatchString(fd.Message) {
						w.matched, ok = true, true
						break
					}
				}
				if !ok {
					t.Errorf("%d:%d: unexpected %s: %s", fd.Line, fd.Col, fd.Code, fd.Message)
				}
			}
			for _, w := range ws {
				if !w.matched {
					t.Errorf("%d: no finding matched %q", w.line, w.rx)
				}
			}
		})
	}
}

// TestInefficientExample pins the Must-show shape of Example 1: one AL303 per astype line, one
// AL301 related to the nonzero line, one AL302 at the loop, AL304 at the temporary; and nothing
// on the efficient version.
func TestInefficientExample(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "testdata", "examples")
	src, err := os.ReadFile(filepath.Join(dir, "inefficient.py"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	lineOf := func(prefix string) int {
		for i, l := range lines {
			if strings.HasPrefix(l, prefix) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", prefix)
		return 0
	}
	fs, err := driver.CheckSource(context.Background(), "inefficient.py", src, nil, all.Rules)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]int{}
	for _, fd := range fs {
		got[fd.Code] = append(got[fd.Code], fd.Line)
		if fd.Code == "AL301" {
			if len(fd.Related) != 1 || fd.Related[0].Line != lineOf("cond_idx = np.nonzero") {
				t.Errorf("AL301 related information = %+v, want the nonzero line", fd.Related)
			}
		}
	}
	want := map[string][]int{
		"AL303": {lineOf("x = np.random.random"), lineOf("y = np.random.random")},
		"AL301": {lineOf("z[cond_idx] = ")},
		"AL302": {lineOf("for s in range")},
		"AL304": {lineOf("z_alt = ")},
	}
	for code, lines := range want {
		if !equal(got[code], lines) {
			t.Errorf("%s on lines %v, want %v", code, got[code], lines)
		}
	}
	if len(fs) != 5 {
		t.Errorf("%d findings, want 5: %+v", len(fs), fs)
	}
	eff, err := os.ReadFile(filepath.Join(dir, "efficient.py"))
	if err != nil {
		t.Fatal(err)
	}
	fs, err = driver.CheckSource(context.Background(), "efficient.py", eff, nil, all.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, fd := range fs {
		t.Errorf("efficient.py:%d: unexpected %s: %s", fd.Line, fd.Code, fd.Message)
	}
}

// TestExampleFixes applies every safe fix to each example: the result must equal the .golden
// file (or the source when there is none), parse cleanly, and be a fixed point.
func TestExampleFixes(t *testing.T) {
	rn, err := driver.NewRunner(all.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range examples(t) {
		t.Run(filepath.Base(path), func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := rn.FixSource(context.Background(), path, src, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(path + ".golden")
			if err != nil {
				want = src
			}
			if string(res.Src) != string(want) {
				t.Errorf("fixed file differs from %s.golden:\n%s", filepath.Base(path), res.Src)
			}
			f, err := pyparse.Parse(res.Src)
			if err != nil || len(f.Errors) > 0 {
				t.Errorf("fixed file does not parse: %v %v", err, f.Errors)
			}
			again, err := rn.FixSource(context.Background(), path, res.Src, nil, false)
			if err != nil {
				t.Fatal(err)
			}
			if again.Applied != 0 {
				t.Errorf("a second application changed the file again:\n%s", again.Src)
			}
		})
	}
}

func equal(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestBrokenInput runs every rule on each prefix of the example programs (cut at every byte,
// so most are syntax errors with recovered trees) and on malformed snippets: no rule may crash.
func TestBrokenInput(t *testing.T) {
	var inputs []string
	for _, path := range examples(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		step := 1
		if testing.Short() {
			step = 7
		}
		for i := 0; i < len(src); i += step {
			inputs = append(inputs, string(src[:i]))
		}
	}
	inputs = append(inputs,
		"for s in range(0, N, :\n    x[s:s+] = \n",
		"import numpy as np\nz[np.nonzero(] = 1\n",
		"import numpy as np\na = np.zeros(10).astype(\n",
		"import numpy as np\nb = np.ones(1 << 30)\nc = b + \n",
		"import numpy as np\nx = np.zeros((2**70, 3))\ny = x + x * x\n",
		"import numpy as np\nx = np.zeros(-5)\ny = x[::0]\n",
		"import numpy as np\nx = np.arange(10)[1:2:3][None, ..., None][...]\n",
		"import numpy as np\nrows, = cols, = np.nonzero(np.ones(3))\nx = np.ones(3)\nx[rows] = 0\n",
	)
	rn, err := driver.NewRunner(all.Rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, src := range inputs {
		fs, err := rn.Check(context.Background(), "broken.py", []byte(src), nil)
		if err != nil {
			t.Fatalf("check %q: %v", src, err)
		}
		for _, f := range fs {
			if f.Code == driver.InternalError.Spec.Code {
				t.Fatalf("internal error on %q: %s", src, f.Message)
			}
		}
	}
}
