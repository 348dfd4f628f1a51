package memory

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// loopReport is a scope whose loop the estimate unrolled: 150 iterations over lines 10 to 13,
// each allocating a temporary at line 11, then a buffer of unknown size at line 20.
func loopReport() *Report {
	r := &Report{Path: "loop.py", Scope: "<module>", Backend: "numpy", PeakBytes: 16_000, PeakLine: 11}
	k := int64(8000)
	step := 0
	for i := 0; i < 150; i++ {
		for _, line := range []int{10, 11, 12, 13} {
			step++
			r.Timeline = append(r.Timeline, Point{Step: step, Line: line, Bytes: 8000})
		}
		r.Buffers = append(r.Buffers, Lifetime{Live: Live{ID: i + 1, Name: "<temporary>", Line: 11, Site: 11, Bytes: 8000,
			Shape: []*int64{&k}, DType: "float64", Expr: "a * 2"}, Alloc: step - 2, Free: step})
	}
	step++
	r.Timeline = append(r.Timeline, Point{Step: step, Line: 20, Bytes: 8000})
	r.Buffers = append(r.Buffers, Lifetime{Live: Live{ID: 1000, Name: "v", Line: 20, Site: 20, DType: "unknown",
		Expr: "np.empty_like(x)"}, Alloc: step, Free: -1})
	return r
}

// The HTML report draws no two x-axis labels over each other: each is at least its half-width
// plus the other's from its neighbour (a loop's lines, a few units apart, used to overlap).
func TestHTMLAxisLabelsDoNotOverlap(t *testing.T) {
	hs := buildHTMLScope(0, loopReport())
	if len(hs.XTicks) < 2 {
		t.Fatalf("x ticks %+v: want the loop's first line and line 20 at least", hs.XTicks)
	}
	for i := 1; i < len(hs.XTicks); i++ {
		a, b := hs.XTicks[i-1], hs.XTicks[i]
		if b.Pos-a.Pos < (tickWidth(a.Label)+tickWidth(b.Label))/2 {
			t.Errorf("labels %q at %.1f and %q at %.1f overlap", a.Label, a.Pos, b.Label, b.Pos)
		}
	}
}

// The buffers one site allocates in the iterations of a loop share one card, with their count
// and every lifetime bar; a buffer of unknown size says so instead of "0 B".
func TestHTMLCardsPerSiteAndUnknownSizes(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, []*Report{loopReport()}); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	cards := regexp.MustCompile(`<div class="buffer[^"]*" data-life="([^"]*)" data-count="(\d+)"[^>]*><b>([^<]*)</b> ([^<]*)`).FindAllStringSubmatch(out, -1)
	if len(cards) != 2 {
		t.Fatalf("%d buffer cards, want 2 (the loop's temporaries, v):\n%v", len(cards), cards)
	}
	if n, _ := strconv.Atoi(cards[0][2]); n != 150 || len(strings.Fields(cards[0][1])) != 150 || !strings.Contains(out, "× 150") {
		t.Errorf("the loop's card counts %s buffers with %d bars, want 150 of each and a × 150", cards[0][2], len(strings.Fields(cards[0][1])))
	}
	if n := strings.Count(out, `<rect class="life"`); n != 151 {
		t.Errorf("%d lifetime bars, want 151", n)
	}
	if cards[1][3] != "v" || strings.TrimSpace(cards[1][4]) != "size unknown" {
		t.Errorf("the card of v reads %q %q, want v size unknown", cards[1][3], cards[1][4])
	}
	if strings.Contains(out, "</b> 0 B") {
		t.Error("a card shows 0 B")
	}
}
