package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/rules/all"
)

// incrProgram is a module of n groups of functions with findings of several rules (the
// templates are the rules' own test cases), some calling each other, a class, suppression
// comments and a main guarded by __name__.
func incrProgram(n int, header string) string {
	var b strings.Builder
	b.WriteString(header)
	for k := range n {
		fmt.Fprintf(&b, `
def cast_%[1]d(n):
    a = cp.zeros(N).astype(cp.float32)
    return a


def inplace_%[1]d(u):
    u = cp.ones(16 * N, dtype=cp.float32)
    u = u * 3
    return u.sum()


def chunks_%[1]d():
    a = cp.zeros(N, dtype=cp.float32)
    for s in range(0, N, BLOCK):
        a[s:s + BLOCK] = cp.exp(a[s:s + BLOCK])
    return a


def sync_%[1]d(frames):
    out = []
    for f in frames:
        g = cp.fft.fft2(cp.asarray(f))
        out.append(cp.asnumpy(g))
    return out


def slice_%[1]d():
    b = cn.zeros((1 << 20,))
    b[1:-1] = 1.0
    c = b + 1
    return c


def scatter_%[1]d(x, y):
    idx = np.nonzero(x > 0)
    y[idx] = x[idx]
    return y


def user_%[1]d(m):
    x = cp.ones((m, 64))
    return scatter_%[1]d(x, x.copy()) + cast_%[1]d(m)


class Model%[1]d:
    def __init__(self, n):
        self.w = cp.zeros((n, n))

    def forward(self, x):
        h = x @ self.w
        return cp.maximum(h, 0).astype(cp.float16)


def quiet_%[1]d():
    a = cp.zeros(N).astype(cp.float32)  # noqa: AL303
    return a
`, k)
	}
	b.WriteString("\n\ndef main():\n    print(user_0(N), inplace_0(None))\n\n\nif __name__ == \"__main__\":\n    main()\n")
	return b.String()
}

// randomEdit makes one edit of src of a kind an editor makes: a digit or a dtype changed, a
// line inserted, deleted or duplicated, a statement or a def added, a character typed anywhere
// (which may break the syntax).
func randomEdit(rng *rand.Rand, src string) string {
	lines := strings.SplitAfter(src, "\n")
	li := rng.IntN(len(lines))
	at := func(i int) int { return len(strings.Join(lines[:i], "")) }
	switch rng.IntN(10) {
	case 0, 1: // change a digit
		var digits []int
		for i := range len(src) {
			if src[i] >= '0' && src[i] <= '9' {
				digits = append(digits, i)
			}
		}
		i := digits[rng.IntN(len(digits))]
		return src[:i] + string(rune('0'+rng.IntN(10))) + src[i+1:]
	case 2: // swap a dtype
		i := strings.Index(src[at(li):], "float32")
		if i < 0 {
			return src
		}
		i += at(li)
		return src[:i] + "float64" + src[i+len("float32"):]
	case 3: // a blank line
		return src[:at(li)] + "\n" + src[at(li):]
	case 4: // a comment line
		return src[:at(li)] + "# a note about line " + fmt.Sprint(li) + "\n" + src[at(li):]
	case 5: // delete a line
		return src[:at(li)] + src[at(li)+len(lines[li]):]
	case 6: // duplicate a line
		return src[:at(li)] + lines[li] + src[at(li):]
	case 7: // a statement in a function body
		return src[:at(li)] + "    z = cp.zeros(N).astype(cp.float32)\n" + src[at(li):]
	case 8: // a new def, calling another, or one that changes what the whole file is written for
		switch rng.IntN(4) {
		case 3:
			return src[:at(li)] + fmt.Sprintf("def uses_xp_%d(n):\n    return XP.zeros(n)\n\n", li) + src[at(li):]
		case 0:
			return src[:at(li)] + fmt.Sprintf("def added_%d(q):\n    return slice_0() + cp.ones(N) * 2\n\n", li) + src[at(li):]
		case 1:
			return src[:at(li)] + fmt.Sprintf("def local_import_%d():\n    import cupy\n    return cupy.zeros(N)\n\n", li) + src[at(li):]
		}
		return src[:at(li)] + fmt.Sprintf("def takes_module_%d(xp):\n    return xp.zeros(N).astype(xp.float32)\n\n", li) + src[at(li):]
	default: // a character typed anywhere
		i := rng.IntN(len(src) + 1)
		return src[:i] + string("x(:= \n1"[rng.IntN(7)]) + src[i:]
	}
}

// fullFindings checks src from scratch, as the server's first check does.
func fullFindings(t testing.TB, rn *driver.Runner, path string, cfg *driver.Config, src []byte) ([]analyzer.Finding, *pyparse.File) {
	t.Helper()
	findings, err := rn.Check(context.Background(), path, src, cfg)
	if err != nil {
		t.Fatal(err)
	}
	f, _ := pyparse.Parse(src)
	return findings, f
}

// TestIncrementalMatchesFullCheck replays random edits of a module with findings of several
// rules and compares, after every edit, the incremental result with a full check of the same
// text: the findings (ranges, lines, columns, messages, fixes) must be identical.
func TestIncrementalMatchesFullCheck(t *testing.T) {
	edits := 1000
	if testing.Short() {
		edits = 150
	}
	// With CuPy imported every function's arrays count as large; with NumPy alone an edit that
	// adds a function importing CuPy, or taking the array module as a value, changes that for the
	// whole file.
	headers := map[string]string{
		"cupy":  "import numpy as np\nimport cupy as cp\nimport cupynumeric as cn\n\nN = 4096 * 4096\nBLOCK = 2048\nXP = cp\n\n",
		"numpy": "import numpy as np\nimport numpy as cp\nimport numpy as cn\n\nN = 4096 * 4096\nBLOCK = 2048\nXP = cp\n\n",
	}
	for name, header := range headers {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			replayEdits(t, header, edits)
		})
	}
}

func replayEdits(t *testing.T, header string, edits int) {
	var fast []*analyzer.Rule
	for _, r := range all.Rules {
		if analyzer.CategoryOf(r.Spec.Code) != "memory" {
			fast = append(fast, r)
		}
	}
	rn, err := driver.NewRunner(fast)
	if err != nil {
		t.Fatal(err)
	}
	const path = "/work/prog.py"
	cfg := driver.Default("")
	src := []byte(incrProgram(4, header))
	findings, f := fullFindings(t, rn, path, cfg, src)
	if len(findings) < 10 {
		t.Fatalf("the program has %d findings, want many to compare", len(findings))
	}
	st := newIncrState(path, cfg, rn, src, f, findings)
	if st == nil {
		t.Fatal("no incremental state for a program that parses")
	}
	rng := rand.New(rand.NewPCG(27, 1))
	incremental, reused := 0, 0
	fallbacks := map[string]int{}
	valid := src // the last text without syntax errors
	for i := range edits {
		next := []byte(randomEdit(rng, string(src)))
		if !bytes.Equal(src, valid) {
			next = valid // the user fixes the typo: back to the last valid text
		}
		want, wf := fullFindings(t, rn, path, cfg, next)
		var got []analyzer.Finding
		var nst *incrState
		var stats incrStats
		ok := false
		if st != nil {
			nst, got, stats, ok, err = st.next(context.Background(), next)
			if err != nil {
				t.Fatal(err)
			}
		}
		if ok {
			incremental++
			reused += stats.blanked
		} else {
			fallbacks[stats.fallback]++
			got = want
			nst = newIncrState(path, cfg, rn, next, wf, want)
		}
		gj, _ := json.MarshalIndent(got, "", " ")
		wj, _ := json.MarshalIndent(want, "", " ")
		if !bytes.Equal(gj, wj) {
			t.Fatalf("edit %d (%s): incremental findings differ from a full check\n%s\nincremental:\n%s\nfull:\n%s",
				i, stats, firstDiff(string(next), string(src)), gj, wj)
		}
		src, st = next, nst
		if len(wf.Errors) == 0 {
			valid = src
		}
		if (i+1)%250 == 0 { // start again: the functions the edits add accumulate
			src = []byte(incrProgram(4, header))
			findings, f = fullFindings(t, rn, path, cfg, src)
			st = newIncrState(path, cfg, rn, src, f, findings)
			valid = src
		}
	}
	t.Logf("%d of %d edits checked incrementally (%d segments reused); full checks: %v", incremental, edits, reused, fallbacks)
	// Most edits keep the text valid and touch one function: most must be incremental, or the
	// comparison above proves little.
	if incremental < edits/2 {
		t.Errorf("only %d of %d edits were checked incrementally; full checks: %v", incremental, edits, fallbacks)
	}
}

// firstDiff shows where two texts first differ, for failure messages.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	lo := max(strings.LastIndexByte(a[:i], '\n')-200, 0)
	return fmt.Sprintf("edit at byte %d, new text around it:\n%s", i, a[lo:min(i+200, len(a))])
}

// TestServerIncrementalMatchesFreshServer edits a document through the protocol and compares
// each version's published diagnostics with those of the same text opened afresh: the
// incremental server publishes what a full check does.
func TestServerIncrementalMatchesFreshServer(t *testing.T) {
	opts := Options{Rules: all.Rules, SlowDelay: time.Hour} // the per-file rules only
	edited := start(t, opts)
	edited.initialize(protocol.ClientCapabilities{}, "")
	fresh := start(t, opts)
	fresh.initialize(protocol.ClientCapabilities{}, "")
	header := "import numpy as np\nimport cupy as cp\nimport cupynumeric as cn\n\nN = 4096 * 4096\nBLOCK = 2048\n\n"
	src := incrProgram(4, header)
	edited.open(testURI, 1, src)
	edited.waitDiags(testURI, 1, nil)
	rng := rand.New(rand.NewPCG(4, 4))
	edits := 40
	if testing.Short() {
		edits = 10
	}
	for v := int32(2); v < int32(2+edits); v++ {
		src = randomEdit(rng, src)
		edited.change(testURI, v, protocol.TextDocumentContentChangeEvent{Text: src})
		got := edited.waitDiags(testURI, v, nil)
		uri := protocol.DocumentURI(fmt.Sprintf("file:///work/fresh%d/prog.py", v))
		fresh.open(uri, v, src)
		want := fresh.waitDiags(uri, v, nil)
		gj, _ := json.Marshal(got.Diagnostics)
		wj, _ := json.Marshal(want.Diagnostics)
		wj = bytes.ReplaceAll(wj, []byte(uri), []byte(testURI)) // related locations name the file
		if !bytes.Equal(gj, wj) {
			t.Fatalf("version %d: the edited document's diagnostics differ from a fresh open's\nedited:\n%s\nfresh:\n%s", v, gj, wj)
		}
	}
}
