// Package pallas reads the Pallas TPU kernel launches of a Python module: each
// `pl.pallas_call(kernel, out_shape=…, in_specs=[pl.BlockSpec(block_shape, index_map)], …)`,
// the blocks its operands bring into scoped VMEM, its scratch buffers and its
// `vmem_limit_bytes`. Rules AL105 (pallas-vmem) and AL402 (pallas-block-alignment) share it.
// Shapes, integers and dtypes come from the array model (arraymodel/arrays); names resolve
// through arraymodel/imports.
package pallas

import (
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/arraymodel/tpu"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// Module paths of the Pallas APIs read here.
const (
	pallasPkg = "jax.experimental.pallas"
	tpuPkg    = "jax.experimental.pallas.tpu"
)

// Call is one pallas_call.
type Call struct {
	// Node is the pallas_call(…) call.
	Node *ast.Call
	// Applied is the call that runs the kernel on its inputs (pallas_call(…)(x, y), or f(x, y)
	// for f = pallas_call(…)); nil when it is not found.
	Applied *ast.Call
	// Inputs and Outputs are the kernel operands in order.
	Inputs, Outputs []*Operand
	// Scratch are the VMEM scratch buffers (scratch_shapes entries in VMEM).
	Scratch []*Operand
	// Complete is false when some operand or scratch buffer could not be read (a spec list
	// held in a variable, a block shape of unknown length): sizes are then a lower bound.
	Complete bool
	// Limit is vmem_limit_bytes when given and known (LimitSet), and LimitNode the expression.
	Limit     int64
	LimitSet  bool
	LimitNode ast.Expr
	// LimitUnknown is set when vmem_limit_bytes (or the compiler parameters holding it) cannot
	// be read.
	LimitUnknown bool
	// TPU is set when the kernel is known to target a TPU: its compiler parameters or grid spec
	// come from jax.experimental.pallas.tpu, or the module imports that package and no GPU one.
	TPU bool
	// Interpret is set when the kernel runs in interpret mode (interpret= other than False):
	// on the host, with no VMEM and no tiling constraints.
	Interpret bool
}

// Operand is one block a kernel keeps in VMEM: an input or output block, or a scratch buffer.
type Operand struct {
	// Label names it in messages: the argument's text for inputs, "out" / "out[1]" for
	// outputs, "scratch[0]" for scratch buffers.
	Label string
	// Spec is the BlockSpec call (nil when the whole array is the block), and Shape the
	// block_shape expression (nil when there is none).
	Spec  *ast.Call
	Shape ast.Expr
	// Block is the block shape; Full the whole array's shape when known (nil otherwise).
	Block, Full []arrays.Dim
	// Squeezed marks block dimensions given as None or pl.Squeezed() (length 1, dropped).
	Squeezed []bool
	// DType is the element type (NoDType when unknown).
	DType npapi.DType
	// Buffers is how many copies the pipeline keeps: 2 (double buffering) unless
	// pipeline_mode=pl.Buffered(n) says otherwise; 1 for scratch.
	Buffers int64
	// InVMEM is false for operands a memory_space puts elsewhere (ANY/HBM/SMEM).
	InVMEM bool
}

// Tile returns the (sublane, lane) tile of a dtype in TPU VMEM: 8 × 128 for 32-bit types,
// with 16-bit types packing two rows per sublane (16 × 128) and 8-bit types four (32 × 128)
// (tpu.TileFor of the default tile, which the memory target table's TPU presets use too).
func Tile(d npapi.DType) (rows, lanes int64) { return tpu.TileFor(tpu.Tile, d.ItemSize()) }

// Padded returns the block's shape with its last two dimensions rounded up to the dtype's
// tile (a 1-D block rounds its only dimension to 128 lanes) and its squeezed dimensions
// dropped; ok is false when a dimension is unknown.
func (o *Operand) Padded() ([]int64, bool) {
	var dims []int64
	for i, d := range o.Block {
		if i < len(o.Squeezed) && o.Squeezed[i] {
			continue
		}
		if !d.Known {
			return nil, false
		}
		dims = append(dims, d.N)
	}
	rows, lanes := Tile(o.DType)
	dims = tpu.Tiled(dims, rows, lanes)
	return dims, true
}

// Bytes returns one buffer's padded size in bytes; ok is false when the shape or dtype is
// unknown.
func (o *Operand) Bytes() (int64, bool) {
	if !o.DType.Known() {
		return 0, false
	}
	dims, ok := o.Padded()
	if !ok {
		return 0, false
	}
	n := o.DType.ItemSize()
	for _, d := range dims {
		n *= d
	}
	return n, true
}

// ShapeString renders the block as the compiler would, "bf16[2048,4096]", with padded
// dimensions shown as "100→112".
func (o *Operand) ShapeString() string {
	var b strings.Builder
	b.WriteString(shortDType(o.DType))
	b.WriteByte('[')
	padded, _ := o.Padded()
	k := 0
	for i, d := range o.Block {
		if i > 0 {
			b.WriteByte(',')
		}
		if i < len(o.Squeezed) && o.Squeezed[i] {
			b.WriteString("None")
			continue
		}
		b.WriteString(d.String())
		if k < len(padded) && d.Known && padded[k] != d.N {
			b.WriteString("→")
			b.WriteString(strconv.FormatInt(padded[k], 10))
		}
		k++
	}
	b.WriteByte(']')
	return b.String()
}

func shortDType(d npapi.DType) string {
	switch d {
	case npapi.BFloat16:
		return "bf16"
	case npapi.Float16:
		return "f16"
	case npapi.Float32:
		return "f32"
	case npapi.Float64:
		return "f64"
	case npapi.Int8:
		return "s8"
	case npapi.Uint8:
		return "u8"
	case npapi.Int16:
		return "s16"
	case npapi.Int32:
		return "s32"
	case npapi.Int64:
		return "s64"
	case npapi.Bool:
		return "pred"
	}
	return d.String()
}
