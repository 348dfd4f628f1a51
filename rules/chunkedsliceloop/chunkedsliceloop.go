// Package chunkedsliceloop defines rule AL302: a Python loop that walks arrays in small fixed-size
// slices doing only elementwise work, where one whole-array operation would do.
package chunkedsliceloop

import (
	_ "embed"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL302 chunked-slice-loop.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL302", Name: "chunked-slice-loop", Since: "0.1.0", Doc: doc,
	Summary:  "elementwise work done chunk by chunk in a Python loop",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixNever,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer},
	Run:      run,
})

// Chunks of at least this many elements are left alone: bounding memory with large blocks is
// a legitimate reason to loop, and per-chunk overhead is small against 1 Mi elements of work.
const maxChunk = 1 << 20

// Loops known to run fewer chunks than this are not reported.
const minChunks = 4

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	for n := range in.Inspector.Preorder((*ast.For)(nil)) {
		loop := n.(*ast.For)
		c, ok := chunkLoop(info, loop)
		if !ok || c.size >= maxChunk || (c.countKnown && c.count < minChunks) {
			continue
		}
		if !checkBody(info, loop, c) {
			continue
		}
		rng := ast.Range{Start: loop.Start, End: loop.Iter.Span().End}
		var d analysis.Diagnostic
		if c.countKnown {
			d = in.DiagnosticRange(rng, "loop runs ~%s chunks of %s elements as tiny tasks; operate on whole arrays",
				arrays.Commas(c.count), arrays.Commas(c.size))
		} else {
			d = in.DiagnosticRange(rng, "loop runs chunks of %s elements as tiny tasks; operate on whole arrays",
				arrays.Commas(c.size))
		}
		if c.array != nil {
			d.Related = append(d.Related, in.Related(c.array, "chunked array"))
		}
		pass.Report(d)
	}
	return nil, nil
}

// chunk describes a chunked loop header.
type chunk struct {
	v          string // loop variable
	size       int64  // elements per chunk
	count      int64  // number of iterations when countKnown
	countKnown bool
	scaled     bool // range(n // K) with i*K:(i+1)*K slices, rather than range(a, n, K)
	array      ast.Expr
}

// chunkLoop recognizes `for s in range(a, n, K)` and `for i in range(n // K)` headers.
func chunkLoop(info *arrays.Info, loop *ast.For) (chunk, bool) {
	tv, ok := loop.Target.(*ast.Name)
	if !ok {
		return chunk{}, false
	}
	call, ok := loop.Iter.(*ast.Call)
	if !ok || len(call.Keywords) > 0 || !isBuiltin(info, call.Func, "range") {
		return chunk{}, false
	}
	c := chunk{v: tv.ID}
	switch len(call.Args) {
	case 3:
		k, ok := info.Int(call.Args[2])
		if !ok || k <= 1 {
			return chunk{}, false
		}
		c.size = k
		start, ok1 := info.Int(call.Args[0])
		stop, ok2 := info.Int(call.Args[1])
		if ok1 && ok2 && stop > start {
			c.count, c.countKnown = (stop-start+k-1)/k, true
		}
		return c, true
	case 1, 2:
		// the body's i*K:(i+1)*K slices first: most loops have none, and the bounds' values
		// need the scope's run
		k, ok := scaledSize(info, loop, tv.ID)
		if !ok || k <= 1 {
			return chunk{}, false
		}
		stopX := call.Args[len(call.Args)-1]
		if len(call.Args) == 2 {
			if s, ok := info.Int(call.Args[0]); !ok || s != 0 {
				return chunk{}, false
			}
		}
		c.scaled, c.size = true, k
		if n, ok := info.Int(stopX); ok {
			c.count, c.countKnown = n, true
		}
		return c, true
	}
	return chunk{}, false
}

// scaledSize finds K in the body's `i*K:(i+1)*K` slices.
func scaledSize(info *arrays.Info, loop *ast.For, v string) (int64, bool) {
	var k int64
	found := false
	for _, st := range loop.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			s, ok := n.(*ast.Slice)
			if !ok || found {
				return !found
			}
			if size, ok := scaledBounds(info, s, v); ok {
				k, found = size, true
			}
			return true
		})
	}
	return k, found
}

func isBuiltin(info *arrays.Info, f ast.Expr, name string) bool {
	n, ok := f.(*ast.Name)
	if !ok || n.ID != name {
		return false
	}
	s := info.Imports().ScopeOf(n)
	return s != nil && s.Lookup(name) == nil
}
