package udiff

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
)

// The script of random texts over a small alphabet (many repeated lines) turns a into b and keeps
// as many lines as a longest common subsequence has: the edit script is a shortest one.
func TestScriptIsShortest(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	gen := func() []string {
		n := rng.Intn(40)
		out := make([]string, n)
		for i := range out {
			out[i] = string(rune('a'+rng.Intn(3))) + "\n"
		}
		return out
	}
	for iter := range 2000 {
		a, b := gen(), gen()
		ops := script(a, b)
		var ga, gb []string
		kept := 0
		for _, o := range ops {
			switch o.kind {
			case ' ':
				if a[o.i] != b[o.j] {
					t.Fatalf("case %d: kept line %d/%d differs", iter, o.i, o.j)
				}
				ga, gb = append(ga, a[o.i]), append(gb, b[o.j])
				kept++
			case '-':
				ga = append(ga, a[o.i])
			case '+':
				gb = append(gb, b[o.j])
			}
		}
		if strings.Join(ga, "") != strings.Join(a, "") || strings.Join(gb, "") != strings.Join(b, "") {
			t.Fatalf("case %d: the script does not turn a into b", iter)
		}
		if want := lcs(a, b); kept != want {
			t.Fatalf("case %d: %d lines kept, a longest common subsequence has %d\na=%q\nb=%q", iter, kept, want, a, b)
		}
	}
}

func lcs(a, b []string) int {
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return t[0][0]
}

// Two fixes in two copies of one method: two hunks of one line each, where an anchored diff
// (nothing between the fixes occurs once) shows every line between them as removed and added.
func TestRepeatedBlocksGiveSmallHunks(t *testing.T) {
	method := func(call string) string {
		return "    def f(self, n):\n        idx = " + call + "\n        j = n // 2\n        for k in range(j):\n            idx[k] = k\n        return idx\n\n"
	}
	old := "import numpy as np\n\n\nclass A:\n" + method("np.ones(n).astype(int)") + "\nclass B:\n" + method("np.ones(n).astype(int)")
	new := strings.ReplaceAll(old, "np.ones(n).astype(int)", "np.ones(n, dtype=int)")
	got := string(Unified("m.py", []byte(old), "m.py", []byte(new)))
	want := `diff m.py m.py
--- m.py
+++ m.py
@@ -3,7 +3,7 @@
 
 class A:
     def f(self, n):
-        idx = np.ones(n).astype(int)
+        idx = np.ones(n, dtype=int)
         j = n // 2
         for k in range(j):
             idx[k] = k
@@ -12,7 +12,7 @@
 
 class B:
     def f(self, n):
-        idx = np.ones(n).astype(int)
+        idx = np.ones(n, dtype=int)
         j = n // 2
         for k in range(j):
             idx[k] = k
`
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
}

// Where the anchored diff is already minimal the output is the same, byte for byte: the header,
// the hunk ranges (an empty side names the line before it), the missing-newline marker.
func TestSameFormatAsDiff(t *testing.T) {
	cases := []struct{ old, new string }{
		{"a\nb\nc\n", "a\nB\nc\n"},
		{"a\nb\nc", "a\nb\nC"},
		{"a\nb\nc\n", "a\nb\nc"},
		{"", "x\n"},
		{"x\n", ""},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\n2\n3\nfour\n5\n6\n7\n8\n9\n10\neleven\n12\n"},
		{"1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n15\n16\n", "1\nnew\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n16\n"},
		{"same\n", "same\n"},
	}
	for _, c := range cases {
		got := string(Unified("f", []byte(c.old), "f", []byte(c.new)))
		want := string(diff.Diff("f", []byte(c.old), "f", []byte(c.new)))
		if got != want {
			t.Errorf("%q → %q:\n%s\nwant:\n%s", c.old, c.new, got, want)
		}
	}
}

// A rewrite of the whole of a large file is not searched for edit by edit: past maxEdits the
// middle is removed and added, and the diff still turns one into the other.
func TestWholeRewriteIsBounded(t *testing.T) {
	var a, b strings.Builder
	for i := range 3 * maxEdits {
		a.WriteString("a" + strings.Repeat("x", i%7) + "\n")
		b.WriteString("b" + strings.Repeat("y", i%5) + "\n")
	}
	out := string(Unified("f", []byte(a.String()), "f", []byte(b.String())))
	removed, added := 0, 0
	for _, l := range strings.Split(out, "\n")[3:] {
		switch {
		case strings.HasPrefix(l, "-"):
			removed++
		case strings.HasPrefix(l, "+"):
			added++
		}
	}
	if removed != 3*maxEdits || added != 3*maxEdits {
		t.Errorf("%d lines removed, %d added; want all %d", removed, added, 3*maxEdits)
	}
}
