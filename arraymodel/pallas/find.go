package pallas

import (
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file finds pallas_call launches and reads their specs.

// Find returns every pallas_call of the module whose shared Inspector is in, in source order.
// It scans in's calls rather than walking the module (the walks were 3 % of `check --select
// ALL`'s CPU on JAX's sources); the rules read it once per file through Analyzer.
func Find(in *ast.Inspector, info *arrays.Info) []*Call {
	if in == nil || info.Imports().Backends()&imports.JAX == 0 {
		return nil // Pallas is imported from jax: no JAX import, no kernel (most files)
	}
	var out []*Call
	for n := range in.Preorder((*ast.Call)(nil)) {
		c := n.(*ast.Call)
		if a, ok := c.Func.(*ast.Attribute); ok && a.Attr != "pallas_call" {
			continue // an attribute's qualified name ends with it: no need to resolve
		}
		if qual(info, c.Func) == pallasPkg+".pallas_call" {
			out = append(out, read(info, c))
		}
	}
	return out
}

// qual returns the resolved dotted name of e ("" when it is not an array-library name).
func qual(info *arrays.Info, e ast.Expr) string {
	r, ok := info.Imports().Resolve(e)
	if !ok {
		return ""
	}
	return r.Qual
}

func keyword(c *ast.Call, name string) ast.Expr {
	for _, k := range c.Keywords {
		if k.Arg == name {
			return k.Value
		}
	}
	return nil
}

// arg returns the argument given by keyword name or at position pos (-1: keyword only).
func arg(c *ast.Call, name string, pos int) ast.Expr {
	if e := keyword(c, name); e != nil {
		return e
	}
	if pos >= 0 && pos < len(c.Args) {
		if _, star := c.Args[pos].(*ast.Starred); !star {
			return c.Args[pos]
		}
	}
	return nil
}

func read(info *arrays.Info, c *ast.Call) *Call {
	pc := &Call{Node: c, Complete: true, Applied: applied(info, c)}
	// pallas_call(kernel, out_shape, *, grid_spec, grid, in_specs, out_specs, scratch_shapes, …, compiler_params)
	src := c
	prefetch := int64(0)
	if gs, ok := arg(c, "grid_spec", -1).(*ast.Call); ok {
		src = gs
		q := qual(info, gs.Func)
		if strings.HasSuffix(q, "PrefetchScalarGridSpec") {
			n, ok := info.Int(arg(gs, "num_scalar_prefetch", 0))
			if !ok {
				pc.Complete = false
				return pc
			}
			prefetch = n
		}
	} else if arg(c, "grid_spec", -1) != nil {
		pc.Complete = false
		return pc
	}
	gridSpecPos := func(name string, gridSpec, prefetchSpec int) int {
		if src == c {
			return -1
		}
		if prefetch > 0 || strings.HasSuffix(qual(info, src.Func), "PrefetchScalarGridSpec") {
			return prefetchSpec
		}
		return gridSpec
	}
	var args []ast.Expr
	if pc.Applied != nil {
		args = pc.Applied.Args
		for _, a := range args {
			if _, star := a.(*ast.Starred); star {
				args = nil // f(*xs): the operands are not known one by one
				break
			}
		}
		if int64(len(args)) >= prefetch {
			args = args[prefetch:]
		} else {
			args = nil
		}
	}
	// inputs
	inSpecs := arg(src, "in_specs", gridSpecPos("in_specs", 1, 2))
	switch {
	case inSpecs == nil:
		for i, a := range args {
			pc.Inputs = append(pc.Inputs, wholeArray(info, a, label(a, i)))
		}
		if pc.Applied == nil || args == nil && len(pc.Applied.Args) > 0 {
			pc.Complete = false
		}
	default:
		specs, ok := elements(info, inSpecs)
		if !ok {
			pc.Complete = false
			break
		}
		for i, s := range specs {
			var a ast.Expr
			if i < len(args) {
				a = args[i]
			}
			op := spec(info, s, label(a, i))
			if a != nil {
				if arr, ok := info.Array(a); ok {
					op.DType, op.Full = arr.DType, arr.Shape
				}
			}
			if op.Block == nil && op.Full != nil && op.Spec != nil && op.Shape == nil {
				op.Block = op.Full
			}
			pc.Inputs = append(pc.Inputs, op)
		}
	}
	// outputs: shapes and dtypes from out_shape, blocks from out_specs
	outShapes, single := outShapes(info, arg(c, "out_shape", 1))
	outSpecs := arg(src, "out_specs", gridSpecPos("out_specs", 2, 3))
	var specs []ast.Expr
	if outSpecs != nil {
		if l, ok := listOrTuple(outSpecs); ok {
			specs = l
		} else {
			specs = []ast.Expr{outSpecs}
		}
	}
	n := max(len(outShapes), len(specs))
	if outShapes == nil && !single {
		pc.Complete = false
	}
	for i := 0; i < n; i++ {
		name := "out"
		if n > 1 {
			name = "out[" + itoa(i) + "]"
		}
		var op *Operand
		if i < len(specs) {
			op = spec(info, specs[i], name)
		} else {
			op = &Operand{Label: name, Buffers: 2, InVMEM: true}
		}
		if i < len(outShapes) {
			op.Full, op.DType = outShapes[i].shape, outShapes[i].dtype
		}
		if op.Block == nil && op.Shape == nil {
			op.Block = op.Full
		}
		pc.Outputs = append(pc.Outputs, op)
	}
	// scratch
	if ss := arg(src, "scratch_shapes", gridSpecPos("scratch_shapes", 3, 4)); ss != nil {
		elts, ok := listOrTuple(ss)
		if !ok {
			pc.Complete = false
		}
		for i, e := range elts {
			if op, ok := scratch(info, e, "scratch["+itoa(i)+"]"); ok {
				pc.Scratch = append(pc.Scratch, op)
			} else if !ok && op == nil {
				pc.Complete = false
			}
		}
	}
	readLimit(info, c, pc)
	pc.TPU = targetsTPU(info, c, src)
	if e := keyword(c, "interpret"); e != nil {
		k, ok := e.(*ast.Constant)
		pc.Interpret = !ok || k.Value.Kind != ast.ConstBool || k.Value.Bool
	}
	return pc
}

// targetsTPU reports whether the kernel is for a TPU: compiler parameters or a grid spec from
// the TPU package decide; a GPU package's parameters (triton, mosaic_gpu) rule it out; without
// either, the module's imports decide (the TPU package and no GPU one).
func targetsTPU(info *arrays.Info, c, gridSpec *ast.Call) bool {
	for _, e := range []ast.Expr{keyword(c, "compiler_params"), gridSpec.Func} {
		if call, ok := e.(*ast.Call); ok {
			e = call.Func
		}
		q := qual(info, e)
		switch {
		case strings.HasPrefix(q, tpuPkg+"."):
			return true
		case strings.HasPrefix(q, pallasPkg+".triton"), strings.HasPrefix(q, pallasPkg+".mosaic_gpu"), strings.HasPrefix(q, pallasPkg+".gpu"):
			return false
		}
	}
	tpu, gpu := false, false
	for _, s := range info.Imports().Scopes {
		for _, bs := range s.Bindings {
			for _, b := range bs {
				if b.Ref == nil {
					continue
				}
				switch q := b.Ref.Qual; {
				case q == tpuPkg || strings.HasPrefix(q, tpuPkg+"."):
					tpu = true
				case strings.HasPrefix(q, pallasPkg+".triton"), strings.HasPrefix(q, pallasPkg+".mosaic_gpu"), strings.HasPrefix(q, pallasPkg+".gpu"):
					gpu = true
				}
			}
		}
	}
	return tpu && !gpu
}

// applied finds the call that runs the kernel: pallas_call(…)(args), or name(args) for a
// name bound once to the pallas_call in the same scope.
func applied(info *arrays.Info, c *ast.Call) *ast.Call {
	if p, ok := info.Parent(c).(*ast.Call); ok && p.Func == ast.Expr(c) {
		return p
	}
	asg, ok := info.Parent(c).(*ast.Assign)
	if !ok || len(asg.Targets) != 1 {
		return nil
	}
	name, ok := asg.Targets[0].(*ast.Name)
	if !ok {
		return nil
	}
	s := info.ScopeOf(asg)
	if s == nil || len(info.Assignments(s, name.ID)) != 1 {
		return nil
	}
	var found *ast.Call
	for _, l := range info.Loads(s, name.ID) {
		if p, ok := info.Parent(l).(*ast.Call); ok && p.Func == ast.Expr(l) {
			if found != nil {
				return nil // applied twice: operands may differ
			}
			found = p
		}
	}
	return found
}

func label(a ast.Expr, i int) string {
	switch a := a.(type) {
	case *ast.Name:
		return "`" + a.ID + "`"
	case *ast.Attribute:
		if v, ok := a.Value.(*ast.Name); ok {
			return "`" + v.ID + "." + a.Attr + "`"
		}
	}
	return "in[" + itoa(i) + "]"
}

func wholeArray(info *arrays.Info, a ast.Expr, name string) *Operand {
	op := &Operand{Label: name, Buffers: 2, InVMEM: true}
	if arr, ok := info.Array(a); ok {
		op.DType, op.Full, op.Block = arr.DType, arr.Shape, arr.Shape
	}
	return op
}

// elements returns the entries of a list or tuple literal, following a name bound once to one.
func elements(info *arrays.Info, e ast.Expr) ([]ast.Expr, bool) {
	if l, ok := listOrTuple(resolve(info, e)); ok {
		return l, true
	}
	return nil, false
}

func listOrTuple(e ast.Expr) ([]ast.Expr, bool) {
	switch e := e.(type) {
	case *ast.List:
		return e.Elts, true
	case *ast.Tuple:
		return e.Elts, true
	}
	return nil, false
}

// resolve follows a name bound by exactly one plain assignment in its scope to the assigned
// expression; anything else is returned unchanged.
func resolve(info *arrays.Info, e ast.Expr) ast.Expr {
	n, ok := e.(*ast.Name)
	if !ok {
		return e
	}
	s := info.ScopeOf(n)
	if s == nil {
		return e
	}
	if d := s.Lookup(n.ID); d != nil {
		s = d
	}
	as := info.Assignments(s, n.ID)
	if len(as) != 1 {
		return e
	}
	asg, ok := as[0].(*ast.Assign)
	if !ok || len(asg.Targets) != 1 {
		return e
	}
	if t, ok := asg.Targets[0].(*ast.Name); !ok || t.ID != n.ID {
		return e
	}
	return asg.Value
}

// spec reads a BlockSpec call (or None / a non-call: the whole array).
func spec(info *arrays.Info, e ast.Expr, name string) *Operand {
	op := &Operand{Label: name, Buffers: 2, InVMEM: true}
	c, ok := e.(*ast.Call)
	if !ok || !strings.HasSuffix(qual(info, c.Func), ".BlockSpec") {
		return op
	}
	op.Spec = c
	// BlockSpec(block_shape, index_map) — older JAX: BlockSpec(index_map, block_shape)
	shape := arg(c, "block_shape", 0)
	if _, isLambda := shape.(*ast.Lambda); isLambda || keyword(c, "block_shape") == nil && isFunc(info, shape) {
		shape = arg(c, "block_shape", 1)
	}
	if shape != nil {
		if k, ok := shape.(*ast.Constant); !ok || k.Value.Kind != ast.ConstNone {
			op.Shape = shape
			op.Block, op.Squeezed = dims(info, shape)
		}
	}
	if ms := keyword(c, "memory_space"); ms != nil {
		op.InVMEM = memorySpace(info, ms) == "VMEM"
	}
	if pm, ok := keyword(c, "pipeline_mode").(*ast.Call); ok && strings.HasSuffix(qual(info, pm.Func), ".Buffered") {
		if n, ok := info.Int(arg(pm, "buffer_count", 0)); ok && n > 0 {
			op.Buffers = n
		}
	}
	return op
}

// isFunc reports whether e names a function defined in the module (an index map).
func isFunc(info *arrays.Info, e ast.Expr) bool {
	n, ok := e.(*ast.Name)
	if !ok {
		return false
	}
	s := info.ScopeOf(n)
	if s == nil {
		return false
	}
	if d := s.Lookup(n.ID); d != nil {
		s = d
	}
	for _, a := range info.Assignments(s, n.ID) {
		if _, ok := a.(*ast.FunctionDef); ok {
			return true
		}
	}
	return false
}

// memorySpace returns the last name of a memory space expression: "VMEM", "ANY", "HBM",
// "SMEM" (pltpu.ANY, pl.ANY, pltpu.MemorySpace.VMEM, pltpu.TPUMemorySpace.ANY).
func memorySpace(info *arrays.Info, e ast.Expr) string {
	if c, ok := e.(*ast.Call); ok {
		e = c.Func // pltpu.VMEM(shape, dtype) is a VMEM allocation
	}
	if q := qual(info, e); q != "" {
		return q[strings.LastIndexByte(q, '.')+1:]
	}
	return ""
}

// dims reads a block shape tuple: ints, None and pl.Squeezed() (squeezed, length 1).
func dims(info *arrays.Info, e ast.Expr) ([]arrays.Dim, []bool) {
	elts, ok := listOrTuple(resolve(info, e))
	if !ok {
		return nil, nil
	}
	ds := make([]arrays.Dim, len(elts))
	sq := make([]bool, len(elts))
	for i, x := range elts {
		if k, ok := x.(*ast.Constant); ok && k.Value.Kind == ast.ConstNone {
			ds[i], sq[i] = arrays.Int(1), true
			continue
		}
		if c, ok := x.(*ast.Call); ok && strings.HasSuffix(qual(info, c.Func), ".Squeezed") {
			ds[i], sq[i] = arrays.Int(1), true
			continue
		}
		if q := qual(info, x); strings.HasSuffix(q, ".squeezed") {
			ds[i], sq[i] = arrays.Int(1), true
			continue
		}
		if n, ok := info.Int(x); ok {
			ds[i] = arrays.Int(n)
		}
	}
	return ds, sq
}

type shapeDType struct {
	shape []arrays.Dim
	dtype npapi.DType
}

// outShapes reads out_shape: a ShapeDtypeStruct, an array, or a list/tuple of them. single
// is true when out_shape is one entry whose shape could not be read.
func outShapes(info *arrays.Info, e ast.Expr) ([]shapeDType, bool) {
	if e == nil {
		return nil, false
	}
	if l, ok := listOrTuple(e); ok {
		var out []shapeDType
		for _, x := range l {
			out = append(out, oneShape(info, x))
		}
		return out, false
	}
	return []shapeDType{oneShape(info, e)}, true
}

func oneShape(info *arrays.Info, e ast.Expr) shapeDType {
	if c, ok := e.(*ast.Call); ok && strings.HasSuffix(qual(info, c.Func), "ShapeDtypeStruct") {
		var sd shapeDType
		if s := arg(c, "shape", 0); s != nil {
			sd.shape = shapeOf(info, s)
		}
		if d := arg(c, "dtype", 1); d != nil {
			sd.dtype, _ = info.DTypeOf(d)
		}
		return sd
	}
	if arr, ok := info.Array(e); ok {
		return shapeDType{arr.Shape, arr.DType}
	}
	return shapeDType{}
}

// shapeOf reads a shape: a tuple of ints or `x.shape`.
func shapeOf(info *arrays.Info, e ast.Expr) []arrays.Dim {
	if a, ok := e.(*ast.Attribute); ok && a.Attr == "shape" {
		if arr, ok := info.Array(a.Value); ok {
			return arr.Shape
		}
		return nil
	}
	ds, sq := dims(info, e)
	for _, s := range sq {
		if s {
			return nil
		}
	}
	return ds
}

// scratch reads one scratch_shapes entry; ok is false (with a nil operand) when the entry
// cannot be read, and false with an operand for entries outside VMEM (semaphores, SMEM).
func scratch(info *arrays.Info, e ast.Expr, name string) (*Operand, bool) {
	c, ok := e.(*ast.Call)
	if !ok {
		if q := qual(info, e); q != "" {
			return &Operand{}, false // pltpu.SemaphoreType.DMA and the like
		}
		return nil, false
	}
	q := qual(info, c.Func)
	if q == "" {
		return nil, false
	}
	if memorySpace(info, c) != "VMEM" {
		return &Operand{}, false
	}
	op := &Operand{Label: name, Buffers: 1, InVMEM: true}
	if s := arg(c, "shape", 0); s != nil {
		op.Block, op.Squeezed = dims(info, s)
	}
	if d := arg(c, "dtype", 1); d != nil {
		op.DType, _ = info.DTypeOf(d)
	}
	return op, true
}

// readLimit reads vmem_limit_bytes from compiler_params: pltpu.CompilerParams(…),
// pltpu.TPUCompilerParams(…), or dict(mosaic=dict(…)) / {"mosaic": {…}}.
func readLimit(info *arrays.Info, c *ast.Call, pc *Call) {
	cp := keyword(c, "compiler_params")
	if cp == nil {
		return
	}
	var lim ast.Expr
	switch x := resolve(info, cp).(type) {
	case *ast.Call:
		if isDict(x) {
			if m, ok := keyword(x, "mosaic").(*ast.Call); ok && isDict(m) {
				lim = keyword(m, "vmem_limit_bytes")
			} else if d, ok := keyword(x, "mosaic").(*ast.Dict); ok {
				lim = dictEntry(d, "vmem_limit_bytes")
			} else {
				pc.LimitUnknown = true
				return
			}
		} else if strings.HasSuffix(qual(info, x.Func), "CompilerParams") {
			lim = keyword(x, "vmem_limit_bytes")
		} else {
			pc.LimitUnknown = true
			return
		}
	case *ast.Dict:
		if m, ok := dictEntry(x, "mosaic").(*ast.Dict); ok {
			lim = dictEntry(m, "vmem_limit_bytes")
		} else {
			pc.LimitUnknown = true
			return
		}
	default:
		pc.LimitUnknown = true
		return
	}
	if lim == nil {
		return
	}
	pc.LimitNode = lim
	if k, ok := lim.(*ast.Constant); ok && k.Value.Kind == ast.ConstNone {
		pc.LimitNode = nil
		return
	}
	if n, ok := info.Int(lim); ok {
		pc.Limit, pc.LimitSet = n, true
	} else {
		pc.LimitUnknown = true
	}
}

func isDict(c *ast.Call) bool {
	n, ok := c.Func.(*ast.Name)
	return ok && n.ID == "dict"
}

func dictEntry(d *ast.Dict, key string) ast.Expr {
	for i, k := range d.Keys {
		if s, ok := k.(*ast.Constant); ok && s.Value.Kind == ast.ConstStr && s.Value.Str == key {
			return d.Values[i]
		}
	}
	return nil
}

func itoa(i int) string { return strconv.Itoa(i) }
