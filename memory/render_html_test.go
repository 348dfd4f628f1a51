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
	var b bytes.Buffer
	if err := WriteHTML(&b, []*Report{loopReport()}); err != nil {
		t.Fatal(err)
	}
	ticks := regexp.MustCompile(`<text x="([0-9.]+)" y="238" text-anchor="middle">([^<]*)</text>`).FindAllStringSubmatch(b.String(), -1)
	if len(ticks) < 2 {
		t.Fatalf("x-axis labels %v: want the loop's first line and line 20 at least", ticks)
	}
	width := func(label string) float64 { return 7 * float64(len(label)) } // 11px digits
	for i := 1; i < len(ticks); i++ {
		x0, _ := strconv.ParseFloat(ticks[i-1][1], 64)
		x1, _ := strconv.ParseFloat(ticks[i][1], 64)
		if x1-x0 < (width(ticks[i-1][2])+width(ticks[i][2]))/2 {
			t.Errorf("labels %q at %.1f and %q at %.1f overlap", ticks[i-1][2], x0, ticks[i][2], x1)
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
	cards := regexp.MustCompile(`<div class="buffer[^"]*" data-life="([^"]*)"[^>]*><b>([^<]*)</b> ([^<]*)`).FindAllStringSubmatch(out, -1)
	if len(cards) != 2 {
		t.Fatalf("%d buffer cards, want 2 (the loop's temporaries, v)", len(cards))
	}
	if n := len(strings.Fields(cards[0][1])); n != 150 || !strings.Contains(out, `data-count="150"`) || !strings.Contains(out, "× 150") {
		t.Errorf("the loop's card shows %d lifetime bars, want 150, a data-count and a × 150", n)
	}
	if n := strings.Count(out, `<rect class="life"`); n != 151 {
		t.Errorf("%d lifetime bars, want 151", n)
	}
	if cards[1][2] != "v" || strings.TrimSpace(cards[1][3]) != "size unknown" {
		t.Errorf("the card of v reads %q %q, want v size unknown", cards[1][2], cards[1][3])
	}
	if strings.Contains(out, "</b> 0 B") {
		t.Error("a card shows 0 B")
	}
}
