package lsp

import (
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/lsp/protocol"
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
