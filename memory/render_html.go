package memory

import (
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
)

// This file defines the HTML report: one self-contained page (inline CSS, SVG and script; no
// network) with, per scope, the memory vs program order chart, the peak marked by a vertical
// line, and the buffer cards: hovering a card overlays that buffer's lifetime bar on the chart,
// as XProf's Memory Viewer does.

// Chart geometry of the HTML report, in SVG user units.
const (
	svgWidth   = 900
	svgHeight  = 260
	svgLeft    = 70
	svgRight   = 20
	svgTop     = 20
	svgBottom  = 40
	svgPlotW   = svgWidth - svgLeft - svgRight
	svgPlotH   = svgHeight - svgTop - svgBottom
	maxHTMLBuf = 200 // buffer cards per scope
)

type htmlScope struct {
	*Report
	Index     int
	Path      template.HTML // the chart polyline
	Area      template.HTML
	PeakX     float64
	TargetY   float64
	HasTarget bool
	YTicks    []htmlTick
	XTicks    []htmlTick
	Cards     []htmlCard
	Summary   string
	Scale     string // the peak's formula and the largest size that fits (Report.ScaleText)
	Symbols   string // the values taken from outside the program (Report.SymbolsText)
}

type htmlTick struct {
	Pos   float64
	Label string
}

// htmlCard is one buffer card: the buffers one allocation site made, each iteration of a loop
// the estimate unrolls giving one (they differ only in their lifetimes, so one card with a count
// reads better than a hundred alike).
type htmlCard struct {
	Lifetime           // the first of them
	Bars     []htmlBar // one lifetime bar per buffer
	Count    int       // buffers on the card
	Human    string    // the size, or "size unknown"
	ShapeStr string
	AtPeak   bool // one of them is live at the peak
}

// htmlBar is one buffer's lifetime bar on the chart.
type htmlBar struct {
	ID         int
	X, W, Y, H float64
}

// LifeIDs is the space-separated element ids of the card's lifetime bars.
func (c htmlCard) LifeIDs(scope int) string {
	ids := make([]string, len(c.Bars))
	for i, b := range c.Bars {
		ids[i] = fmt.Sprintf("life-%d-%d", scope, b.ID)
	}
	return strings.Join(ids, " ")
}

// cardKey is what the buffers of one card share: all but their lifetimes and ids.
type cardKey struct {
	name, expr, dtype, shape string
	line, site               int
	bytes                    int64
}

// sizeUnknown reports whether a buffer's size was not determined: no bytes and a shape that is
// missing or has an unknown dimension (an empty array of known shape has a size, 0 B).
func sizeUnknown(b Lifetime) bool {
	if b.Bytes != 0 {
		return false
	}
	if b.Shape == nil {
		return true
	}
	for _, d := range b.Shape {
		if d == nil {
			return true
		}
	}
	return false
}

// minTickGap is the room, in SVG units, between two x-axis labels: labels are drawn at 11px,
// about 7 units a digit.
const minTickGap = 6

// tickWidth is the approximate width of an x-axis label.
func tickWidth(label string) float64 { return 7 * float64(len(label)) }

// WriteHTML writes the reports as one self-contained HTML page.
func WriteHTML(w io.Writer, reports []*Report) error {
	var scopes []htmlScope
	for i, r := range reports {
		scopes = append(scopes, buildHTMLScope(i, r))
	}
	title := "arraylint memory report"
	if len(reports) > 0 {
		title += ": " + reports[0].Path
	}
	if err := htmlPage.Execute(w, map[string]any{"Title": title, "Scopes": scopes}); err != nil {
		return fmt.Errorf("write html report: %w", err)
	}
	return nil
}

func buildHTMLScope(i int, r *Report) htmlScope {
	hs := htmlScope{Report: r, Index: i}
	top := r.PeakBytes
	if r.TargetBytes != nil && *r.TargetBytes > 0 && *r.TargetBytes < 4*max(top, 1) {
		top = max(top, *r.TargetBytes)
	}
	top = max(top, 1)
	steps := 1
	if n := len(r.Timeline); n > 0 {
		steps = r.Timeline[n-1].Step
	}
	x := func(step int) float64 { return svgLeft + float64(step)/float64(steps+1)*svgPlotW }
	y := func(b int64) float64 { return svgTop + svgPlotH - float64(b)/float64(top)*svgPlotH }
	var path strings.Builder
	fmt.Fprintf(&path, "M %.1f %.1f", x(0), y(0))
	prev := int64(0)
	peakStep := 0
	for _, p := range r.Timeline {
		fmt.Fprintf(&path, " L %.1f %.1f L %.1f %.1f", x(p.Step), y(prev), x(p.Step), y(p.Bytes))
		prev = p.Bytes
		if p.Bytes == r.PeakBytes && peakStep == 0 {
			peakStep = p.Step
		}
	}
	fmt.Fprintf(&path, " L %.1f %.1f", x(steps+1), y(prev))
	hs.Path = template.HTML(path.String())
	hs.Area = template.HTML(path.String() + fmt.Sprintf(" L %.1f %.1f Z", x(steps+1), y(0)))
	hs.PeakX = x(peakStep)
	if r.TargetBytes != nil && *r.TargetBytes <= top {
		hs.HasTarget = true
		hs.TargetY = y(*r.TargetBytes)
	}
	for k := 0; k <= 4; k++ {
		b := top * int64(k) / 4
		hs.YTicks = append(hs.YTicks, htmlTick{Pos: y(b), Label: FormatBytes(b)})
	}
	// One label per source line (per cell in a notebook), at its first step, leaving out any that
	// would overlap the previous label (steps of a loop body's lines lie a few units apart).
	seen := map[[2]int]bool{}
	for _, p := range r.Timeline {
		key, label := [2]int{0, p.Line}, fmt.Sprint(p.Line)
		if p.Cell > 0 {
			key, label = [2]int{p.Cell, 0}, fmt.Sprintf("cell %d", p.Cell)
		}
		if seen[key] || len(hs.XTicks) >= 12 {
			continue
		}
		t := htmlTick{Pos: x(p.Step), Label: label}
		if n := len(hs.XTicks); n > 0 {
			prev := hs.XTicks[n-1]
			if t.Pos-prev.Pos < (tickWidth(prev.Label)+tickWidth(t.Label))/2+minTickGap {
				continue
			}
		}
		seen[key] = true
		hs.XTicks = append(hs.XTicks, t)
	}
	atPeak := map[int]bool{}
	for _, l := range r.LiveAtPeak {
		atPeak[l.ID] = true
	}
	cardOf := map[cardKey]int{}
	for _, b := range r.Buffers {
		if b.Alloc < 0 {
			continue // a branch the timeline does not follow
		}
		free := b.Free
		if free < 0 {
			free = steps + 1
		}
		h := float64(b.Bytes) / float64(top) * svgPlotH
		bar := htmlBar{ID: b.ID, X: x(b.Alloc), W: max(x(free)-x(b.Alloc), 2), Y: svgTop + svgPlotH - h, H: max(h, 1)}
		shape := absint.ShapeText(b.Shape)
		key := cardKey{name: b.Name, expr: b.Expr, dtype: b.DType, shape: shape, line: b.Line, site: b.Site, bytes: b.Bytes}
		if i, ok := cardOf[key]; ok {
			c := &hs.Cards[i]
			c.Bars = append(c.Bars, bar)
			c.Count++
			c.AtPeak = c.AtPeak || atPeak[b.ID]
			continue
		}
		if len(hs.Cards) >= maxHTMLBuf {
			continue
		}
		human := FormatBytes(b.Bytes)
		if sizeUnknown(b) {
			human = "size unknown"
		}
		cardOf[key] = len(hs.Cards)
		hs.Cards = append(hs.Cards, htmlCard{Lifetime: b, Bars: []htmlBar{bar}, Count: 1, Human: human, ShapeStr: shape, AtPeak: atPeak[b.ID]})
	}
	hs.Summary = "peak " + r.PeakText()
	if r.PeakLine > 0 {
		hs.Summary += " at " + lineText(r.PeakCell, r.PeakLine)
	}
	if r.PercentOfTarget != nil {
		hs.Summary += fmt.Sprintf(", %.1f%% of %s", *r.PercentOfTarget, r.Target)
	}
	hs.Scale, hs.Symbols = r.ScaleText(), r.SymbolsText()
	return hs
}

var htmlPage = template.Must(template.New("page").Funcs(template.FuncMap{
	"commas":     Commas,
	"human":      FormatBytes,
	"deref":      func(p *int64) int64 { return *p },
	"deref_bool": func(p *bool) bool { return *p },
	"shape":      absint.ShapeText,
}).Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #1d2330; background: #fff; }
h1 { font-size: 20px; } h2 { font-size: 17px; margin-top: 32px; }
.summary { font-size: 15px; margin: 4px 0 12px; }
.bad { color: #b3261e; font-weight: 600; } .good { color: #1b7f3b; font-weight: 600; }
svg.chart { border: 1px solid #d0d4dc; background: #fbfcfe; }
.area { fill: #c9dcf7; } .line { fill: none; stroke: #2f6fd1; stroke-width: 2; }
.peak { stroke: #d93025; stroke-width: 2; stroke-dasharray: 5 3; }
.target { stroke: #8a5a00; stroke-width: 1.5; stroke-dasharray: 2 3; }
.axis text { font-size: 11px; fill: #555; } .axis line { stroke: #999; }
.life { fill: #f4a300; fill-opacity: 0.55; stroke: #a86f00; display: none; }
.life.on { display: inline; }
.cards { display: flex; flex-wrap: wrap; gap: 8px; margin-top: 12px; }
.buffer { border: 1px solid #ccd; border-radius: 6px; padding: 6px 9px; min-width: 150px; cursor: default; background: #fff; }
.buffer.peak-live { border-color: #d93025; }
.buffer:hover { background: #fff4dc; }
.buffer b { font-family: ui-monospace, monospace; }
table { border-collapse: collapse; margin-top: 8px; } td, th { padding: 2px 10px; text-align: left; border-bottom: 1px solid #eee; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
.oom { border: 2px solid #d93025; border-radius: 6px; padding: 8px 12px; margin-top: 12px; background: #fff6f5; }
code { font-family: ui-monospace, monospace; background: #f1f3f6; padding: 0 3px; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
{{range .Scopes}}
<section class="scope" id="scope-{{.Index}}" data-scope="{{.Scope}}" data-peak-bytes="{{.PeakBytes}}" data-peak-line="{{.PeakLine}}"{{if .PeakCell}} data-peak-cell="{{.PeakCell}}"{{end}}>
<h2>{{.Scope}}{{if .JIT}} (jax.jit){{end}} <small>backend {{.Backend}}</small></h2>
<div class="summary">{{.Summary}}{{if .Fits}}{{if deref_bool .Fits}} <span class="good">fits</span>{{else}} <span class="bad">does not fit</span>{{end}}{{end}}</div>
{{if .CellOrder}}<div class="note">note: {{.CellOrder}}</div>{{end}}
{{if .Scale}}<div class="scale">{{.Scale}}</div>{{end}}{{if .Symbols}}<div class="symbols">{{.Symbols}}</div>{{end}}
<svg class="chart" id="chart-{{.Index}}" width="900" height="260" viewBox="0 0 900 260" role="img" aria-label="memory vs program order">
<g class="axis">
{{range .YTicks}}<line x1="66" x2="70" y1="{{.Pos}}" y2="{{.Pos}}"/><text x="62" y="{{.Pos}}" text-anchor="end" dominant-baseline="middle">{{.Label}}</text>
{{end}}{{range .XTicks}}<text x="{{.Pos}}" y="238" text-anchor="middle">{{.Label}}</text>
{{end}}<text x="485" y="255" text-anchor="middle">program order ({{if .CellOrder}}notebook cell{{else}}source line{{end}})</text>
<line x1="70" x2="70" y1="20" y2="220"/><line x1="70" x2="880" y1="220" y2="220"/>
</g>
<path class="area" d="{{.Area}}"/>
<path class="line" id="timeline-{{.Index}}" d="{{.Path}}"/>
{{if .HasTarget}}<line class="target" x1="70" x2="880" y1="{{.TargetY}}" y2="{{.TargetY}}"><title>target {{.Target}}</title></line>{{end}}
<line class="peak" id="peak-marker-{{.Index}}" data-line="{{.PeakLine}}" x1="{{.PeakX}}" x2="{{.PeakX}}" y1="20" y2="220"><title>peak {{human .PeakBytes}} at {{if .PeakCell}}cell {{.PeakCell}}, {{end}}line {{.PeakLine}}</title></line>
{{$i := .Index}}{{range .Cards}}{{range .Bars}}<rect class="life" id="life-{{$i}}-{{.ID}}" x="{{.X}}" y="{{.Y}}" width="{{.W}}" height="{{.H}}"/>
{{end}}{{end}}</svg>
{{if .LiveAtPeak}}<h3>Live at the peak</h3>
<table><tr><th>name</th><th>shape</th><th>dtype</th><th>bytes</th><th>line</th></tr>
{{range .LiveAtPeak}}<tr><td><code>{{.Name}}</code></td><td>{{shape .Shape}}</td><td>{{.DType}}</td><td class="num">{{commas .Bytes}}</td><td>{{if .Cell}}cell {{.Cell}}:{{end}}{{.Line}}</td></tr>
{{end}}</table>{{end}}
{{with .OOM}}<div class="oom" id="oom-{{$i}}"><b>Out of memory at {{if .Cell}}cell {{.Cell}}, {{end}}line {{.Line}}</b>: <code>{{if .Name}}{{.Name}}{{else}}{{.Expr}}{{end}}</code> needs {{commas .RequestBytes}} B in {{.Pool}}; the live buffers hold {{commas .HeldBytes}} of the available {{commas .PoolBytes}} B.
<table>{{range .Live}}<tr><td><code>{{.Name}}</code></td><td class="num">{{commas .Bytes}} B</td><td>line {{.Line}}</td><td>{{if .StoreLine}}store from line {{.StoreLine}}, covering {{.Covering}}{{end}}</td></tr>{{end}}</table></div>{{end}}
{{if .Unknown}}<h3>Sizes not known before the run</h3><ul>{{range .Unknown}}<li>line {{.Line}}: <code>{{.Expr}}</code>: {{.Reason}}{{if .BoundBytes}} (at most {{human (deref .BoundBytes)}}){{end}}</li>{{end}}</ul>{{end}}
{{if .Suggestions}}<h3>What would help</h3><ul>{{range .Suggestions}}<li>{{.}}</li>{{end}}</ul>{{end}}
<h3>Buffers <small>(hover to see the lifetime on the chart)</small></h3>
<div class="cards">
{{range .Cards}}<div class="buffer{{if .AtPeak}} peak-live{{end}}" data-life="{{.LifeIDs $i}}" data-count="{{.Count}}" data-bytes="{{.Bytes}}" data-alloc="{{.Alloc}}" data-free="{{.Free}}"><b>{{.Name}}</b> {{.Human}}{{if gt .Count 1}} <span class="count">× {{.Count}}</span>{{end}}<br>{{.ShapeStr}} {{.DType}}, line {{.Line}}{{if .Expr}}<br><code>{{.Expr}}</code>{{end}}</div>
{{end}}</div>
</section>
{{end}}
<script>
document.querySelectorAll('.buffer').forEach(function (card) {
  var bars = card.dataset.life.split(' ').map(function (id) { return document.getElementById(id); }).filter(Boolean);
  if (bars.length === 0) return;
  card.dataset.wired = '1';
  card.addEventListener('mouseenter', function () { bars.forEach(function (b) { b.classList.add('on'); }); });
  card.addEventListener('mouseleave', function () { bars.forEach(function (b) { b.classList.remove('on'); }); });
});
</script>
</body>
</html>
`))
