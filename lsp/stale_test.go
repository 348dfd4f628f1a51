package lsp

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/pyparse"
)

// staleSrc has two arrays, on 0-based lines 3 and 7, of known sizes; k is on line 6.
const staleSrc = `import numpy as np

def f():
    a = np.zeros(1000)
    return a

k = 1
b = np.zeros(2000 * k)
`

// TestHoverAnswersFromLastEstimate: right after an edit, a hover outside the edited text answers
// at once from the previous version's estimate, its range moved to the new text; a hover on the
// edited text waits for the new estimate; after the delay the new version's own estimate answers.
func TestHoverAnswersFromLastEstimate(t *testing.T) {
	c := start(t, Options{Rules: testRules(), SlowDelay: 50 * time.Millisecond})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, staleSrc)
	if h := hoverAt(t, c, 3, 4); h == nil || !strings.Contains(h.Contents.Value, "8,000 bytes") {
		t.Fatalf("hover on a in version 1: %+v", h)
	}
	if h := hoverAt(t, c, 7, 0); h == nil || !strings.Contains(h.Contents.Value, "16,000 bytes") {
		t.Fatalf("hover on b in version 1: %+v", h)
	}
	// k = 1 → k = 1500: b grows to 24,000,000 bytes, with the same lines.
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{
		Range: &protocol.Range{Start: protocol.Position{Line: 6, Character: 4}, End: protocol.Position{Line: 6, Character: 5}},
		Text:  "1500"})
	// Right after the edit, version 1's estimate answers for b: the hover does not wait.
	h := hoverAt(t, c, 7, 0)
	if h == nil || !strings.Contains(h.Contents.Value, "16,000 bytes") {
		t.Fatalf("hover on b right after the edit: %+v", h)
	}
	// Once the user pauses, the current version's own estimate answers.
	deadline := time.Now().Add(10 * time.Second)
	for h = hoverAt(t, c, 7, 0); h == nil || !strings.Contains(h.Contents.Value, "24,000,000 bytes"); h = hoverAt(t, c, 7, 0) {
		if time.Now().After(deadline) {
			t.Fatalf("hover on b after a pause: %+v", h)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// On the edited line the old estimate cannot answer: the new one is made.
	c.change(testURI, 3, protocol.TextDocumentContentChangeEvent{
		Range: &protocol.Range{Start: protocol.Position{Line: 7, Character: 13}, End: protocol.Position{Line: 7, Character: 14}},
		Text:  "3"})
	h = hoverAt(t, c, 7, 0)
	if h == nil || !strings.Contains(h.Contents.Value, "36,000,000 bytes") {
		t.Fatalf("hover on the edited line: %+v", h)
	}
	// A stale answer from version 3 at a position after an edit: its range moves by the three
	// bytes the edit removed.
	c.change(testURI, 4, protocol.TextDocumentContentChangeEvent{
		Range: &protocol.Range{Start: protocol.Position{Line: 3, Character: 17}, End: protocol.Position{Line: 3, Character: 21}},
		Text:  "5"})
	h = hoverAt(t, c, 7, 0)
	if h == nil || !strings.Contains(h.Contents.Value, "36,000,000 bytes") {
		t.Fatalf("hover on b after an edit above it: %+v", h)
	}
	if h.Range == nil || h.Range.Start != (protocol.Position{Line: 7, Character: 0}) || h.Range.End != (protocol.Position{Line: 7, Character: 1}) {
		t.Errorf("hover on b after an edit above it has range %+v, want 7:0-7:1", h.Range)
	}
}

// TestTrackEditMapsUnchangedLines applies random edits that keep the number of lines and checks
// that every offset toOld maps lies on a line the estimated text has unchanged, and that
// rangeToNew maps it back.
func TestTrackEditMapsUnchangedLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var b strings.Builder
	for i := range 200 {
		fmt.Fprintf(&b, "line %d says %d\n", i, i*i)
	}
	est := []byte(b.String())
	for round := range 50 {
		d := &document{estimated: &Snapshot{}}
		cur := est
		for range 1 + rng.IntN(8) {
			i := rng.IntN(len(cur))
			j := min(i+rng.IntN(6), len(cur))
			if bytes.IndexByte(cur[i:j], '\n') >= 0 {
				continue
			}
			next := slices.Concat(cur[:i], []byte(strings.Repeat("x", rng.IntN(5))), cur[j:])
			d.trackEdit(cur, next)
			cur = next
		}
		m := &textMap{edits: d.estEdits}
		mapped := 0
		for o := range len(cur) {
			old, ok := m.toOld(cur, pyparse.Offset(o))
			if !ok {
				continue
			}
			mapped++
			lineOf := func(src []byte, o int) string {
				s := bytes.LastIndexByte(src[:o], '\n') + 1
				e := bytes.IndexByte(src[o:], '\n')
				if e < 0 {
					e = len(src) - o
				}
				return string(src[s : o+e])
			}
			if lineOf(cur, o) != lineOf(est, int(old)) || cur[o] != est[old] {
				t.Fatalf("round %d: offset %d maps to %d: line %q was %q", round, o, old, lineOf(cur, o), lineOf(est, int(old)))
			}
			if r, ok := m.rangeToNew(pyparse.Range{Start: old, End: old + 1}); !ok || r.Start != pyparse.Offset(o) {
				t.Fatalf("round %d: range at %d maps back to %v, %v; want %d", round, old, r, ok, o)
			}
		}
		if mapped < len(cur)/2 {
			t.Fatalf("round %d: only %d of %d offsets map", round, mapped, len(cur))
		}
	}
}

// TestInlayHintsFromLastEstimate: right after an edit, inlay hints come from the previous
// version's estimate on the lines the edit left alone, none on the edited line; after the pause
// the new version's own estimate gives them all.
func TestInlayHintsFromLastEstimate(t *testing.T) {
	c := start(t, Options{Rules: testRules(), SlowDelay: 50 * time.Millisecond})
	c.initialize(protocol.ClientCapabilities{}, "")
	c.open(testURI, 1, memorySrc)
	hintsNow := func() string {
		var hints []protocol.InlayHint
		all := protocol.Range{End: protocol.Position{Line: 100}}
		if err := c.call(protocol.MethodInlayHint, protocol.InlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}, Range: all}, &hints); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, h := range hints {
			got = append(got, h.Label+" @"+itoaPos(h.Position))
		}
		return strings.Join(got, ", ")
	}
	if got, want := hintsNow(), "2.4 MiB @6:43, 7.5 GiB @9:14, 14.9 GiB @10:38, 2.4 MiB @12:13"; got != want {
		t.Fatalf("hints of version 1 = %s, want %s", got, want)
	}
	// w = f(10_000) → w = f(20_000): f's array doubles, with the same lines.
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{
		Range: &protocol.Range{Start: protocol.Position{Line: 12, Character: 6}, End: protocol.Position{Line: 12, Character: 7}},
		Text:  "2"})
	if got, want := hintsNow(), "2.4 MiB @6:43, 7.5 GiB @9:14, 14.9 GiB @10:38"; got != want {
		t.Errorf("hints right after the edit = %s, want version 1's without the edited line: %s", got, want)
	}
	want := "4.9 MiB @6:43, 7.5 GiB @9:14, 14.9 GiB @10:38, 4.9 MiB @12:13"
	deadline := time.Now().Add(10 * time.Second)
	for got := hintsNow(); got != want; got = hintsNow() {
		if time.Now().After(deadline) {
			t.Fatalf("hints after a pause = %s, want %s", got, want)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
