package memory

import (
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

// symbolsOf returns a report's symbols by name.
func symbolsOf(r *Report) map[string]Symbol {
	out := map[string]Symbol{}
	for _, s := range r.Symbols {
		out[s.Name] = s
	}
	return out
}

// TestAssumeSources tells the three layers of assumptions apart: --assume (A), the file's
// comment (C, and D which the flag overrides) and [tool.arraylint.memory.assume] (B, and E
// which the comment overrides), through Resolve as check, mem and the server call it.
func TestAssumeSources(t *testing.T) {
	src := "import numpy as np\n# arraylint: assume C=4, D=5\n# arraylint: assume E=6\nx = np.zeros((A, B, C, D, E), dtype=np.int8)\n"
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	flags := Settings{Assume: map[string]int64{"A": 2, "D": 7}}
	config := Settings{Assume: map[string]int64{"B": 3, "E": 8}}
	opts, err := Resolve(f, "t.py", flags, config)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Estimate(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].PeakBytes != 2*3*4*7*6 {
		t.Errorf("peak %d, want %d", rs[0].PeakBytes, 2*3*4*7*6)
	}
	want := map[string]Symbol{
		"A": {Name: "A", Value: int64(2), Source: SourceAssume},
		"B": {Name: "B", Value: int64(3), Source: SourceConfig},
		"C": {Name: "C", Value: int64(4), Source: SourceComment, Line: 2},
		"D": {Name: "D", Value: int64(7), Source: SourceAssume},
		"E": {Name: "E", Value: int64(6), Source: SourceComment, Line: 3},
	}
	got := symbolsOf(rs[0])
	if len(got) != len(want) {
		t.Errorf("symbols %+v, want %+v", rs[0].Symbols, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("symbol %s = %+v, want %+v", k, got[k], w)
		}
	}
	text := rs[0].SymbolsText()
	for _, part := range []string{"A = 2 (assumed)", "B = 3 (assumed in config)", "C = 4 (assume comment, line 2)"} {
		if !strings.Contains(text, part) {
			t.Errorf("symbols text %q lacks %q", text, part)
		}
	}
}

// TestAssumeSourcesWithoutResolve: a caller that gives Estimate assumptions without origins
// (a library user) has them counted as the command line's, and the file's comments as comments.
func TestAssumeSourcesWithoutResolve(t *testing.T) {
	src := "import numpy as np\n# arraylint: assume C=4, A=9\nx = np.zeros((A, C), dtype=np.int8)\n"
	got := symbolsOf(estimate(t, src, Options{Assume: map[string]int64{"A": 2}})[0])
	if got["A"] != (Symbol{Name: "A", Value: int64(2), Source: SourceAssume}) || got["C"] != (Symbol{Name: "C", Value: int64(4), Source: SourceComment, Line: 2}) {
		t.Errorf("symbols %+v: want A assumed (2) and C from the comment on line 2", got)
	}
}
