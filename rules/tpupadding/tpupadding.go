// Package tpupadding defines rule AL106: on a TPU target, an array whose tiled layout (8 × 128
// tiles of its last two dimensions) wastes a large share of its bytes on padding.
package tpupadding

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL106 tpu-padding.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL106", Name: "tpu-padding", Since: "0.2.0", Doc: doc,
	Summary:  "array whose TPU tiled layout is mostly padding",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixNever,
	Options:  []analyzer.Option{minWasteOpt.Option, minBytesOpt.Option},
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer, memanalyzer.Analyzer},
	Run:      run,
})

// The rule's options: how much of an array's tiled size must be padding, and how large it must be.
var (
	minWasteOpt = analyzer.NewOption[float64]("min-waste", 0.2,
		"report arrays whose padding is at least this share of their tiled size")
	minBytesOpt = sizepolicy.MinBytes(
		"report only arrays whose tiled size is at least this many bytes")
)

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	reports, target, err := pass.ResultOf[memanalyzer.Analyzer].(*memanalyzer.Result).Estimate()
	if err != nil || target == nil || target.Kind != memory.KindTPU {
		return nil, err
	}
	minWaste, minBytes := minWasteOpt.Value(pass), minBytesOpt.Value(pass)
	seen := map[ast.Node]bool{}
	var stmts pyinspect.StmtIndex // built on the first finding: one walk, not one per buffer
	for _, r := range reports {
		if r.Backend != memory.BackendJAX {
			continue // NumPy, CuPy and Legate arrays do not live in TPU memory
		}
		for _, b := range r.Buffers {
			if b.Site != b.Line {
				continue // allocated in a called function: that function's report has it
			}
			p, ok := pad(target, b.Live)
			if !ok || p.tiled < minBytes || float64(p.tiled-p.raw) < minWaste*float64(p.tiled) {
				continue
			}
			if stmts == nil {
				stmts = in.StmtIndex()
			}
			st := stmts.At(b.Line)
			if st == nil || seen[st] || hostArray(info, st) {
				continue
			}
			seen[st] = true
			pass.Report(in.Diagnostic(st, "%s %s pads to %s in TPU tiles: %s of %s (%.0f%%) is padding",
				label(b.Live), p.shape, p.tiledShape, memory.FormatBytes(p.tiled-p.raw), memory.FormatBytes(p.tiled),
				100*float64(p.tiled-p.raw)/float64(p.tiled)))
		}
	}
	return nil, nil
}

// hostArray reports whether st assigns an array the array model places on the host (NumPy) in
// a file that also uses JAX: it stays in host memory, untiled.
func hostArray(info *arrays.Info, st ast.Stmt) bool {
	asg, ok := st.(*ast.Assign)
	if !ok {
		return false
	}
	a, ok := info.Array(asg.Value)
	return ok && a.Backend != imports.Unknown && !a.Backend.Has(imports.JAX)
}

// padding is one array's tiled layout.
type padding struct {
	raw, tiled        int64
	shape, tiledShape string
}

// pad lays a buffer out in the target's tiles; ok is false for rank < 2 (XLA tiles 1-D arrays
// differently) and unknown shapes or dtypes.
func pad(t *memory.Target, l memory.Live) (padding, bool) {
	dt, ok := npapi.ParseDType(l.DType)
	if !ok || len(l.Shape) < 2 {
		return padding{}, false
	}
	dims := make([]int64, len(l.Shape))
	for i, d := range l.Shape {
		if d == nil || *d <= 0 {
			return padding{}, false
		}
		dims[i] = *d
	}
	tiled := memory.XLATiled(t, dims, dt.ItemSize())
	p := padding{raw: dt.ItemSize(), tiled: dt.ItemSize(), shape: shapeText(dt, dims), tiledShape: shapeText(dt, tiled)}
	for i := range dims {
		p.raw *= dims[i]
		p.tiled *= tiled[i]
	}
	return p, true
}

func shapeText(dt npapi.DType, dims []int64) string {
	parts := make([]string, len(dims))
	for i, d := range dims {
		parts[i] = fmt.Sprint(d)
	}
	return dt.String() + "[" + strings.Join(parts, ",") + "]"
}

func label(l memory.Live) string {
	if l.Name != "" && !strings.ContainsAny(l.Name, "<") {
		return "`" + l.Name + "`"
	}
	e := strings.Join(strings.Fields(l.Expr), " ")
	if len(e) > 30 {
		e = e[:27] + "..."
	}
	return "`" + e + "`"
}
