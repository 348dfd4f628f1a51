// Package pallasvmem defines rule AL105: a Pallas TPU kernel whose blocks, double-buffered, and
// scratch buffers need more scoped VMEM than its vmem_limit_bytes or the chip's default limit
// (XLA error E1001, "Ran out of memory in memory space vmem").
package pallasvmem

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/pallas"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL105 pallas-vmem.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL105", Name: "pallas-vmem", Since: "0.2.0", Doc: doc,
	Summary:  "pallas kernel needs more scoped VMEM than its limit",
	Severity: analyzer.Error,
	Fix:      analyzer.FixNever,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, memanalyzer.Analyzer, pallas.Analyzer},
	Run:      run,
})

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	mem := pass.ResultOf[memanalyzer.Analyzer].(*memanalyzer.Result)
	target := mem.Target()
	def, chip := memory.ScopedVMEMLimit(target)
	onTPU := target != nil && target.Kind == memory.KindTPU
	for _, pc := range pass.ResultOf[pallas.Analyzer].(*pallas.Result).Calls {
		if pc.Interpret || !pc.TPU && !onTPU {
			continue // interpreted on the host, or not known to be a TPU kernel (Triton, Mosaic GPU)
		}
		if d, ok := check(in, pc, def, chip); ok {
			pass.Report(d)
		}
	}
	return nil, nil
}

// share is one operand's part of the kernel's scoped VMEM.
type share struct {
	op    *pallas.Operand
	bytes int64 // one buffer
}

// need sums the scoped VMEM of a kernel: each VMEM block × its buffer count, plus scratch.
// lower is set when some operand's size is unknown (the total is then a lower bound).
func need(pc *pallas.Call) (total int64, shares []share, lower bool) {
	lower = !pc.Complete
	for _, group := range [][]*pallas.Operand{pc.Inputs, pc.Outputs, pc.Scratch} {
		for _, op := range group {
			if !op.InVMEM {
				continue
			}
			b, ok := op.Bytes()
			if !ok {
				lower = true
				continue
			}
			total += b * op.Buffers
			shares = append(shares, share{op, b})
		}
	}
	return total, shares, lower
}

func check(in *pyinspect.Result, pc *pallas.Call, def int64, chip string) (analysis.Diagnostic, bool) {
	if pc.LimitUnknown {
		return analysis.Diagnostic{}, false
	}
	limit, limitText := def, fmt.Sprintf("the %s default scoped limit of %s", memory.FormatBytes(def), chip)
	if pc.LimitSet {
		limit, limitText = pc.Limit, fmt.Sprintf("vmem_limit_bytes=%s", memory.FormatBytes(pc.Limit))
	}
	total, shares, lower := need(pc)
	if limit <= 0 || total <= limit {
		return analysis.Diagnostic{}, false
	}
	var parts []string
	for _, s := range shares {
		p := fmt.Sprintf("%s %s", s.op.Label, s.op.ShapeString())
		if s.op.Buffers != 1 {
			p = fmt.Sprintf("%s %d × %s (%s)", s.op.Label, s.op.Buffers, s.op.ShapeString(), memory.FormatBytes(s.bytes))
		}
		parts = append(parts, fmt.Sprintf("%s = %s", p, memory.FormatBytes(s.bytes*s.op.Buffers)))
	}
	atLeast := ""
	if lower {
		atLeast = "at least "
	}
	d := in.Diagnostic(pc.Node.Func, "pallas kernel needs %s%s of scoped VMEM, over %s: %s",
		atLeast, memory.FormatBytes(total), limitText, strings.Join(parts, " + "))
	d.Related = remedies(in, pc, shares, total, limit)
	return d, true
}

// remedies lists the E1001 page's remedies in its order: smaller blocks (with a block shape
// that fits when one is found), vmem_limit_bytes, memory-space constraints.
func remedies(in *pyinspect.Result, pc *pallas.Call, shares []share, total, limit int64) []analysis.RelatedInformation {
	var out []analysis.RelatedInformation
	if op, shape, fits, ok := smaller(shares, total, limit); ok {
		out = append(out, in.Related(op.Shape, "1. smaller blocks: %s as %s (and the other blocks as much) needs %s", op.Label, shape, memory.FormatBytes(fits)))
	} else {
		out = append(out, in.Related(pc.Node, "1. smaller blocks (block_shape of the BlockSpecs)"))
	}
	at := ast.Node(pc.Node)
	if pc.LimitNode != nil {
		at = pc.LimitNode
	}
	out = append(out, in.Related(at, "2. or raise vmem_limit_bytes (pltpu.CompilerParams) to at least %d (%s)", total, memory.FormatBytes(total)))
	out = append(out, in.Related(pc.Node, "3. or keep operands out of scoped VMEM: memory_space=pltpu.ANY on a BlockSpec, or pltpu.with_memory_space_constraint"))
	return out
}

// smaller looks for the first power-of-two division of the blocks' row dimension (the second
// to last; the only one of a 1-D block) that brings the total under the limit, keeping whole
// tiles. It returns the largest block operand with its new shape and the new total.
func smaller(shares []share, total, limit int64) (*pallas.Operand, string, int64, bool) {
	var big *share
	for i := range shares {
		s := &shares[i]
		if s.op.Spec != nil && s.op.Shape != nil && (big == nil || s.bytes*s.op.Buffers > big.bytes*big.op.Buffers) {
			big = s
		}
	}
	if big == nil {
		return nil, "", 0, false
	}
	for f := int64(2); f <= 1024; f *= 2 {
		sum := int64(0)
		var shape string
		ok := true
		for _, s := range shares {
			b := s.bytes * s.op.Buffers
			if s.op.Spec != nil && s.op.Shape != nil {
				nb, str, good := divided(s.op, f)
				if !good {
					ok = false
					break
				}
				b = nb * s.op.Buffers
				if s.op == big.op {
					shape = str
				}
			}
			sum += b
		}
		if !ok {
			return nil, "", 0, false
		}
		if sum <= limit {
			return big.op, shape, sum, true
		}
	}
	return nil, "", 0, false
}

// divided returns the operand's buffer bytes and block shape text with its row dimension
// divided by f; ok is false when that leaves less than one tile.
func divided(op *pallas.Operand, f int64) (int64, string, bool) {
	idx := -1
	var kept []int
	for i := range op.Block {
		if i < len(op.Squeezed) && op.Squeezed[i] {
			continue
		}
		kept = append(kept, i)
	}
	switch {
	case len(kept) >= 2:
		idx = kept[len(kept)-2]
	case len(kept) == 1:
		idx = kept[0]
	default:
		return 0, "", false
	}
	rows, lanes := pallas.Tile(op.DType)
	unit := rows
	if len(kept) == 1 {
		unit = lanes
	}
	n := op.Block[idx].N / f
	if n < unit || n%unit != 0 {
		return 0, "", false
	}
	cp := *op
	cp.Block = append([]arrays.Dim(nil), op.Block...)
	cp.Block[idx] = arrays.Int(n)
	b, ok := cp.Bytes()
	if !ok {
		return 0, "", false
	}
	var dims []string
	for i, d := range cp.Block {
		if i < len(cp.Squeezed) && cp.Squeezed[i] {
			dims = append(dims, "None")
		} else {
			dims = append(dims, d.String())
		}
	}
	s := "(" + strings.Join(dims, ", ") + ")"
	if len(dims) == 1 {
		s = "(" + dims[0] + ",)"
	}
	return b, s, true
}
