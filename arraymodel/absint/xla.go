package absint

import (
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines JAX's jit as XLA compiles it. Which frames run staged into an XLA program
// comes from the tracing facts (arraymodel/jaxtrace): a def a compiling transformation or a
// control-flow body applies to, a def nested in one, and whatever such a frame calls. In those
// frames the arrays are fused as XLA fuses them, and a program entered from Python is accounted
// as XLA's memory_analysis() reports it.
//
// Fusion. XLA's instruction fusion merges an operation into the one that reads its result, so
// an intermediate of a chain of element-wise operations, broadcasts, fills, reshapes and
// reductions is never written to memory; on the CPU a matmul's result fuses into its element-wise
// and reducing readers too (`jnp.tanh(x @ w)` and `jnp.mean(jnp.tanh(x @ w))`: 0 B of
// temporaries in memory_analysis() at 1024×1024 float32). So an array made in a staged frame is
// fused (Obj.fused): it has no buffer until something needs one: an operation that reads its
// operands from memory (a matmul or dot, a gather or scatter, sort, a loop's carry, a function
// the table does not model), a second reduction of it (two reductions over different axes do not
// share one fusion: `e = jnp.exp(x); e.sum(0) + e.sum(1)` keeps e, 4 MiB at 1024×1024), or the
// program's return (an output).
//
// Accounting. For a program entered from Python, memory_analysis() reports its arguments, its
// outputs and its temporaries (the peak of the buffers that are neither, packed by XLA's heap
// simulation) apart, and total = arguments + outputs + temporaries - aliased, where an output
// aliases a donated argument (donate_argnums, donate_argnames) of its shape and dtype. The
// interpreter records the program's buffers as they are made and freed, replays them without the
// outputs for the temporaries' peak, and books that peak at the return beside the arguments and
// outputs (the point XLA's total describes); a donated argument an output aliases is freed
// first, as JAX deletes it.

// xlaProgram is an XLA program being run: a jitted function entered from Python.
type xlaProgram struct {
	def *ast.FunctionDef
	// params are the arguments' values as the program received them.
	params []value
	names  []string
	// unused marks the parameters the body does not read as data: jit drops them
	// (keep_unused=False), so they are no arguments of the program (jaxtrace.Func.Unused).
	unused map[string]bool
	// events are the buffers made and freed while the program runs, in order.
	events []xlaEvent
}

type xlaEvent struct {
	o     *Obj
	bytes int64
	free  bool
}

// XLAProgram is the accounting of one XLA program, as memory_analysis() reports it.
type XLAProgram struct {
	// Func is the jitted function and Line the line of its def; Call is the line of the call
	// that entered it (0 for the function's own scope).
	Func       string
	Line, Call int
	// Arguments, Outputs and Temporaries are the bytes of the program's arguments, outputs and
	// temporaries (their peak); Aliased the bytes of outputs that reuse a donated argument.
	Arguments, Outputs, Temporaries, Aliased int64
	// Donatable lists the arguments not donated that an output of the same shape and dtype
	// could reuse: donating them would save their bytes.
	Donatable []Donation
}

// Total is memory_analysis()'s total: arguments + outputs + temporaries - aliased.
func (p XLAProgram) Total() int64 {
	return p.Arguments + p.Outputs + p.Temporaries - p.Aliased
}

// Donation is an argument an output could alias: its position and name and its bytes.
type Donation struct {
	Index int
	Param string
	Bytes int64
}

// XLAPrograms returns the accounting of each XLA program the run entered, in order.
func (s *Interp) XLAPrograms() []XLAProgram { return s.xlaDone }

// traceInfo returns the tracing facts of the module being run, built once per module for the
// scopes of one estimate (Config.Shared).
func (s *Interp) traceInfo() *jaxtrace.Info {
	if s.file == nil || s.file.Module == nil || s.imp == nil {
		return nil
	}
	sh := s.shared
	if sh.traces == nil {
		sh.traces = map[*ast.Module]*jaxtrace.Info{}
	}
	info, ok := sh.traces[s.file.Module]
	if !ok {
		info = jaxtrace.Build(s.file.Module, s.imp)
		sh.traces[s.file.Module] = info
	}
	return info
}

// traced returns the tracing facts of def, or nil when no transformation stages it.
func (s *Interp) traced(def *ast.FunctionDef) *jaxtrace.Func {
	if def == nil {
		return nil
	}
	f := s.traceInfo().Func(def)
	if f == nil || !f.Staged() {
		return nil
	}
	return f
}

// staged reports whether a frame of def runs inside an XLA program: def is staged, or the
// frame calling it already runs in one.
func (s *Interp) staged(def *ast.FunctionDef) bool {
	return s.top().jit || s.traced(def) != nil
}

// fuses reports whether an array made now is fused (has no buffer until it is materialized).
func (s *Interp) fuses() bool {
	return s.xla != nil && !s.unfused && s.top().jit
}

// enterXLA starts the accounting of def's program, entered from Python with the parameters of
// fr bound; it returns the program to finish and the one it replaces.
func (s *Interp) enterXLA(def *ast.FunctionDef, fr *frame) (prog, saved *xlaProgram) {
	prog = &xlaProgram{def: def, unused: map[string]bool{}}
	f := s.traceInfo().Func(def)
	for _, p := range paramNames(def.Args) {
		prog.unused[p] = f != nil && f.Unused(p)
		prog.names = append(prog.names, p)
		prog.params = append(prog.params, fr.vars[p])
	}
	saved, s.xla = s.xla, prog
	return prog, saved
}

// materialize gives the fused arrays v holds their buffers, as an operation that reads them
// from memory needs.
func (s *Interp) materialize(v value) {
	switch v := v.(type) {
	case vArray:
		o := v.o
		for o.base != nil {
			o = o.base // a view of a fused array: its base is written out
		}
		if !o.fused || o.refs < 0 {
			return
		}
		o.fused = false
		s.h.Allocate(s, o, false)
		s.noteAlloc(o)
		s.releaseDeps(o) // the fusion has run: what it read may go
	case vTuple:
		for _, e := range v.elts {
			s.materialize(e)
		}
	case vList:
		for _, e := range v.l.elts {
			s.materialize(e)
		}
	case vDict:
		for _, e := range v.l.elts {
			s.materialize(e)
		}
	}
}

// takeReads returns the buffers a fused result made now depends on, each with a reference of
// its own: the materialized arrays the operation read, and what the fused ones it read depend on.
func (s *Interp) takeReads() []*Obj {
	var deps []*Obj
	seen := map[*Obj]bool{}
	add := func(o *Obj) {
		if !seen[o] && o.refs > 0 {
			seen[o] = true
			o.refs++
			deps = append(deps, o)
		}
	}
	for _, r := range s.reads {
		for r.base != nil {
			r = r.base
		}
		if r.fused {
			for _, d := range r.deps {
				add(d)
			}
		} else {
			add(r)
		}
	}
	s.reads = nil
	return deps
}

// releaseDeps drops a fused array's references to the buffers its fusion reads.
func (s *Interp) releaseDeps(o *Obj) {
	deps := o.deps
	o.deps = nil
	for _, d := range deps {
		s.decref(vArray{d})
	}
}

// noteAlloc records a buffer made in the running program.
func (s *Interp) noteAlloc(o *Obj) {
	if s.xla == nil {
		return
	}
	n, _ := o.nbytes()
	s.xla.events = append(s.xla.events, xlaEvent{o: o, bytes: n})
}

// noteFree records a buffer of the running program freed.
func (s *Interp) noteFree(o *Obj) {
	if s.xla == nil {
		return
	}
	n, _ := o.nbytes()
	s.xla.events = append(s.xla.events, xlaEvent{o: o, bytes: n, free: true})
}

// consume is what a table call of fn under jit does to the fused arrays it reads: an operation
// that reads its operands from memory materializes them, and a reduction counts itself (the
// second one materializes: see the file comment).
func (s *Interp) consume(fn *npapi.Func, args []value) {
	if s.xla == nil || !s.top().jit {
		return
	}
	switch fn.Kind {
	case npapi.Ufunc, npapi.View, npapi.Like, npapi.Constructor, npapi.Range, npapi.Join, npapi.Convert, npapi.RNGFactory, npapi.Random:
		return // fused with their operands (a fill or a draw reads only their shape)
	case npapi.Reduction:
		for _, a := range args {
			if o, ok := a.(vArray); ok {
				b := o.o
				for b.base != nil {
					b = b.base
				}
				if b.fused {
					if b.reductions += max(fn.Passes, 1); b.reductions > 1 {
						s.materialize(a)
					}
				}
			}
		}
		return
	}
	for _, a := range args {
		s.materialize(a)
	}
}

// drawTemporaries returns the bytes of the temporaries a draw of fn makes under jit on the CPU,
// for results of elems elements of dtype dt (npapi.PRNGTempBytes).
func (s *Interp) drawTemporaries(fn *npapi.Func, sh Shape, dt npapi.DType) int64 {
	if s.xla == nil || !s.top().jit || fn.Kind != npapi.Random || s.cfg.Accelerator {
		return 0 // measured on XLA:CPU only
	}
	n, ok := sh.Size()
	if !ok {
		return 0
	}
	return npapi.PRNGTempBytes(fn.Name, n, dt)
}

// finishXLA ends the program prog whose frame returned ret at line retLine (0: fell off its
// end), called at line call (0 for the function's own scope): donated arguments that outputs
// alias are freed, the fused outputs materialized (at the return), the temporaries' peak
// booked beside them, and the accounting recorded.
func (s *Interp) finishXLA(prog *xlaProgram, ret value, call, retLine int) {
	if retLine > 0 {
		s.lines = append(s.lines, retLine) // what the return writes out is made there
		defer func() { s.lines = s.lines[:len(s.lines)-1] }()
	}
	p := XLAProgram{Func: prog.def.Name, Line: s.lineOf(prog.def), Call: call}
	params := map[*Obj]int{}
	for i, v := range prog.params {
		if prog.unused[prog.names[i]] {
			continue
		}
		for _, o := range arrayLeaves(v) { // a pytree's arrays are arguments each
			if _, seen := params[o]; !seen {
				params[o] = i
				n, _ := o.nbytes()
				p.Arguments += n
			}
		}
	}
	outs := arrayLeaves(ret)
	t := s.traceInfo().Func(prog.def)
	var jt *jaxtrace.Transform
	if t != nil {
		jt = t.Jit()
	}
	taken := map[int]bool{}
	for _, o := range outs {
		n, _ := o.nbytes()
		p.Outputs += n
		if _, isParam := params[o]; isParam {
			continue // an argument returned as it is: XLA writes a copy
		}
		// an output takes a donated argument of its shape and dtype first; else it names one
		// that donating would let it take
		match := func(donated bool) (int, int64, bool) {
			for i, v := range prog.params {
				a, ok := v.(vArray)
				if !ok || taken[i] || prog.unused[prog.names[i]] || a.o.base != nil || !a.o.shape.equal(o.shape) || a.o.dt != o.dt {
					continue
				}
				if jt.Donated(t, i, prog.names[i]) != donated {
					continue
				}
				if nb, known := a.o.nbytes(); known {
					return i, nb, true
				}
			}
			return 0, 0, false
		}
		if i, nb, ok := match(true); ok {
			taken[i] = true
			p.Aliased += nb
			if a := prog.params[i].(vArray); a.o.refs > 0 && a.o.Data != nil {
				s.h.Release(s, a.o) // JAX deletes a donated argument: its buffer is the output's
				a.o.Data = nil
			}
		} else if i, nb, ok := match(false); ok {
			taken[i] = true
			p.Donatable = append(p.Donatable, Donation{Index: i, Param: prog.names[i], Bytes: nb})
		}
	}
	s.materialize(ret)
	outSet := map[*Obj]bool{}
	for _, o := range outs {
		outSet[o] = true
	}
	var cur int64
	for _, e := range prog.events {
		if outSet[e.o] {
			continue
		}
		if e.free {
			cur -= e.bytes
		} else {
			cur += e.bytes
			p.Temporaries = max(p.Temporaries, cur)
		}
	}
	s.xla = nil
	if p.Temporaries > 0 {
		label := "temporaries of the XLA program of `" + prog.def.Name + "`"
		tmp := s.newArray(intShape(p.Temporaries), npapi.Uint8, label, nil, false)
		s.decref(tmp)
	}
	if p.Total() > 0 || p.Aliased > 0 {
		s.xlaDone = append(s.xlaDone, p) // nothing known of it (a scope whose arguments are not known): no accounting
	}
}

// laxLoop evaluates lax.fori_loop(lo, hi, body, init), lax.while_loop(cond, body, init) and
// lax.scan(f, init, xs). XLA runs the loop in one carry buffer per array of init, of its shape
// and dtype, which the loop returns (an output when the program returns it, else a temporary);
// scan also stacks what f returns beside its carry, one row per element of xs: f is run once
// on the carry and a row of xs for that row's shape. The body's own intermediates are fused.
func (s *Interp) laxLoop(api string, c *call, expr string) (value, bool) {
	pos := map[string]int{"jax.lax.fori_loop": 3, "jax.lax.while_loop": 2, "jax.lax.scan": 1}[api]
	kws := map[string]string{"jax.lax.fori_loop": "init_val", "jax.lax.while_loop": "init_val", "jax.lax.scan": "init"}
	init, ok := c.arg(pos, kws[api])
	if !ok {
		return nil, false
	}
	carry := s.carryOf(init, expr, c.e)
	if api != "jax.lax.scan" {
		return carry, true
	}
	f, fok := c.arg(0, "f")
	xs, xok := c.arg(2, "xs")
	fn, isFunc := f.(vFunc)
	xa, isArr := xs.(vArray)
	if !fok || !xok || !isFunc || !isArr || !xa.o.shape.Known || len(xa.o.shape.Dims) == 0 {
		return vTuple{[]value{carry, vUnknown{}}}, true
	}
	n := xa.o.shape.Dims[0]
	row := s.newArray(Shape{Dims: xa.o.shape.Dims[1:], Known: true}, xa.o.dt, expr, nil, false)
	if !row.o.fused {
		s.decref(row) // outside jit a row is a view: it costs nothing
		row = vArray{&Obj{refs: 1, shape: Shape{Dims: xa.o.shape.Dims[1:], Known: true}, dt: xa.o.dt, fused: true}}
	}
	incref(carry)
	out := s.callClosure(fn, []value{carry, row}, nil)
	var ys value = vNone{}
	if t, ok := out.(vTuple); ok && len(t.elts) == 2 {
		if y, ok := t.elts[1].(vArray); ok && y.o.shape.Known {
			dims := append([]npapi.Dim{n}, y.o.shape.Dims...)
			st := s.newArray(Shape{Dims: dims, Known: true}, y.o.dt, expr, c.e, false)
			s.materialize(st) // the stacked rows are written as the loop runs
			ys = st
		} else if _, none := t.elts[1].(vNone); !none {
			ys = vUnknown{}
		}
	}
	s.decref(out)
	return vTuple{[]value{carry, ys}}, true
}

// carryOf returns fresh, materialized arrays of the shapes and dtypes of the arrays v holds
// (a loop's carry buffers); other values are returned as they are.
func (s *Interp) carryOf(v value, expr string, at ast.Node) value {
	switch v := v.(type) {
	case vArray:
		a := s.newArray(v.o.shape, v.o.dt, expr, at, false)
		s.materialize(a)
		return a
	case vTuple:
		elts := make([]value, len(v.elts))
		for i, e := range v.elts {
			elts[i] = s.carryOf(e, expr, at)
		}
		return vTuple{elts}
	}
	incref(v)
	return v
}

// arrayLeaves returns the arrays (their owners) of a pytree v: an array, or tuples, lists and dicts of
// them, each once, in order.
func arrayLeaves(v value) []*Obj {
	var out []*Obj
	seen := map[*Obj]bool{}
	var walk func(v value, depth int)
	walk = func(v value, depth int) {
		if depth > 16 {
			return
		}
		switch v := v.(type) {
		case vArray:
			o := v.o
			for o.base != nil {
				o = o.base
			}
			if !seen[o] {
				seen[o] = true
				out = append(out, o)
			}
		case vTuple:
			for _, e := range v.elts {
				walk(e, depth+1)
			}
		case vList:
			for _, e := range v.l.elts {
				walk(e, depth+1)
			}
		case vDict:
			for _, e := range v.l.elts {
				walk(e, depth+1)
			}
		}
	}
	walk(v, 0)
	return out
}

// vmapCall evaluates `jax.vmap(f)(args…)` with the default in_axes and out_axes (0): f runs once
// on a row of each array argument (a view), and each array it returns is stacked into one of a
// leading dimension the arguments' first; under jit the stack is fused like any result, so a
// batched matmul is one dot and its element-wise readers fuse with it.
func (s *Interp) vmapCall(e *ast.Call) (value, bool) {
	inner, ok := e.Func.(*ast.Call)
	if !ok || len(inner.Args) != 1 || len(inner.Keywords) > 0 || len(e.Keywords) > 0 {
		return nil, false
	}
	if ref, ok := s.imp.Resolve(inner.Func); !ok || ref.API != "jax.vmap" && ref.Qual != "jax.vmap" {
		return nil, false
	}
	for _, a := range e.Args {
		if _, star := a.(*ast.Starred); star {
			return nil, false
		}
	}
	f := s.eval(inner.Args[0])
	fn, isFunc := f.(vFunc)
	if !isFunc {
		s.decref(f)
		return nil, false
	}
	expr := s.text(e)
	var n npapi.Dim
	rows := make([]value, len(e.Args))
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		v := s.eval(a)
		args[i] = v
		if arr, ok := v.(vArray); ok && arr.o.shape.Known && len(arr.o.shape.Dims) > 0 {
			n = arr.o.shape.Dims[0]
			rows[i] = s.view(arr.o, Shape{Dims: arr.o.shape.Dims[1:], Known: true}, arr.o.dt, expr)
			continue
		}
		incref(v)
		rows[i] = v
	}
	out := s.callClosure(fn, rows, nil)
	var stack func(v value) value
	stack = func(v value) value {
		switch v := v.(type) {
		case vArray:
			if !v.o.shape.Known || n == (npapi.Dim{}) {
				return vUnknown{}
			}
			s.use(v)
			return s.newArray(Shape{Dims: append([]npapi.Dim{n}, v.o.shape.Dims...), Known: true}, v.o.dt, expr, e, false)
		case vTuple:
			elts := make([]value, len(v.elts))
			for i, x := range v.elts {
				elts[i] = stack(x)
			}
			return vTuple{elts}
		case vFloat, vInt:
			if n == (npapi.Dim{}) {
				return vUnknown{}
			}
			return s.newArray(Shape{Dims: []npapi.Dim{n}, Known: true}, operandDType(v).Default(), expr, e, false)
		}
		return vUnknown{}
	}
	res := stack(out)
	s.decref(out)
	for _, v := range args {
		s.decref(v)
	}
	s.decref(f)
	return res, true
}

// gradPass is the forward pass of a jax.grad or jax.value_and_grad call: the residuals it keeps
// for the backward pass.
type gradPass struct {
	residuals []vArray
}

// keepResidual keeps res, an element-wise result, as a residual of the grad forward pass being
// run when it is an activation: a function applied to a matmul's result (`jnp.tanh(x @ w)`).
// The backward pass needs it (tanh's derivative is 1 - tanh²), so XLA writes it out and keeps it
// until the gradients are made.
func (s *Interp) keepResidual(res vArray, operands []value) {
	if s.grad == nil || !s.top().jit {
		return
	}
	for _, v := range operands {
		if a, ok := v.(vArray); ok && a.o.product {
			s.materialize(res)
			incref(res)
			s.grad.residuals = append(s.grad.residuals, res)
			return
		}
	}
}

// gradCall evaluates `jax.grad(f, argnums=…)(args…)` and `jax.value_and_grad(f, …)(args…)`
// inside jit, f possibly wrapped in jax.checkpoint (XLA's CPU total is the same with and
// without it: bench/truth/results/jax.md, grad_deep and grad_deep_remat). The forward pass runs
// f on the arguments and keeps its activations (keepResidual); the backward pass walks them in
// reverse: the cotangent of the last one is written over it, and each one before takes a buffer
// of its own while the next is consumed, so one more buffer of the largest activation's size
// is live when there are two or more; the gradients are arrays of the shapes of the arguments
// differentiated, fused with what reads them. Memory_analysis() at jax 0.10.2: a 1-layer step's
// temporaries are its activation (512 KiB), a 4-layer chain's 4 activations and one more (5 MiB
// and 256 KiB).
func (s *Interp) gradCall(e *ast.Call) (value, bool) {
	inner, ok := e.Func.(*ast.Call)
	if !ok || len(inner.Args) != 1 || len(e.Keywords) > 0 || s.xla == nil || !s.top().jit {
		return nil, false
	}
	ref, ok := s.imp.Resolve(inner.Func)
	if !ok || ref.API != "jax.grad" && ref.API != "jax.value_and_grad" {
		return nil, false
	}
	withValue := ref.API == "jax.value_and_grad"
	argnums := []int{0}
	for _, k := range inner.Keywords {
		if k.Arg != "argnums" {
			return nil, false // has_aux, holomorphic …: not modelled
		}
		nums, ok := literalInts(k.Value)
		if !ok {
			return nil, false
		}
		argnums = nums
	}
	target := inner.Args[0]
	if c, ok := target.(*ast.Call); ok && len(c.Args) == 1 && len(c.Keywords) == 0 {
		if r, ok := s.imp.Resolve(c.Func); ok && (r.API == "jax.checkpoint" || r.API == "jax.remat") {
			target = c.Args[0]
		}
	}
	for _, a := range e.Args {
		if _, star := a.(*ast.Starred); star {
			return nil, false
		}
	}
	f := s.eval(target)
	fn, isFunc := f.(vFunc)
	if !isFunc {
		s.decref(f)
		return nil, false
	}
	expr := s.text(e)
	args := make([]value, len(e.Args))
	for i, a := range e.Args {
		args[i] = s.eval(a)
		incref(args[i]) // kept for the gradients' shapes
	}
	saved := s.grad
	pass := &gradPass{}
	s.grad = pass
	out := s.callClosure(fn, args, nil)
	s.grad = saved
	// the backward pass: one cotangent buffer beside the activations
	if len(pass.residuals) > 1 {
		var most int64
		for _, r := range pass.residuals {
			if n, ok := r.o.nbytes(); ok {
				most = max(most, n)
			}
		}
		defer func(u bool) { s.unfused = u }(s.unfused)
		s.unfused = true
		s.decref(s.newArray(intShape(most), npapi.Uint8, expr+" (cotangent)", e, false))
		s.unfused = false
	}
	grads := make([]value, 0, len(argnums))
	for _, i := range argnums {
		if i < 0 || i >= len(args) {
			grads = append(grads, vUnknown{})
			continue
		}
		grads = append(grads, s.gradOf(args[i], pass, expr, e))
	}
	var g value = vTuple{grads}
	if len(grads) == 1 && !isTupleLiteral(inner) {
		g = grads[0]
	}
	for _, r := range pass.residuals {
		s.decref(r)
	}
	for _, a := range args {
		s.decref(a)
	}
	s.decref(f)
	if withValue {
		return vTuple{[]value{out, g}}, true
	}
	s.decref(out)
	return g, true
}

// gradOf returns a gradient shaped like v (an array, or a tuple or list of them), fused and
// reading the activations of pass.
func (s *Interp) gradOf(v value, pass *gradPass, expr string, at ast.Node) value {
	switch v := v.(type) {
	case vArray:
		for _, r := range pass.residuals {
			s.reads = append(s.reads, r.o)
		}
		return s.newArray(v.o.shape, v.o.dt, expr, at, false)
	case vTuple:
		elts := make([]value, len(v.elts))
		for i, x := range v.elts {
			elts[i] = s.gradOf(x, pass, expr, at)
		}
		return vTuple{elts}
	case vList:
		elts := make([]value, len(v.l.elts))
		for i, x := range v.l.elts {
			elts[i] = s.gradOf(x, pass, expr, at)
		}
		return vList{&pyList{refs: 1, elts: elts}}
	}
	return vUnknown{}
}

// isTupleLiteral reports whether the grad call's argnums is a tuple (the gradients then come as
// a tuple even of one).
func isTupleLiteral(inner *ast.Call) bool {
	for _, k := range inner.Keywords {
		if _, ok := k.Value.(*ast.Tuple); ok && k.Arg == "argnums" {
			return true
		}
	}
	return false
}

// literalInts reads an int or a tuple or list of ints written as literals.
func literalInts(e ast.Expr) ([]int, bool) {
	switch e := e.(type) {
	case *ast.Constant:
		if e.Value.Kind == ast.ConstInt {
			return []int{int(e.Value.Int)}, true
		}
	case *ast.Tuple:
		var out []int
		for _, x := range e.Elts {
			n, ok := literalInts(x)
			if !ok || len(n) != 1 {
				return nil, false
			}
			out = append(out, n[0])
		}
		return out, true
	}
	return nil, false
}

// laxConv evaluates lax.conv_general_dilated(lhs, rhs, window_strides, padding) and lax.conv in
// their default layout (lhs N, C, spatial…; rhs O, I, window…; the result N, O, spatial…), with
// "SAME" padding (each spatial extent divided by its stride, rounded up) or "VALID" (the window's
// extent less one taken off first). Dilations, dimension numbers and feature groups are not
// modelled. Under jit on the CPU the convolution also writes a buffer of the result's size (it
// runs in a layout of its own: memory_analysis() 2,098,176 B of temporaries beside a 2 MiB
// result).
func (s *Interp) laxConv(c *call, expr string) (value, bool) {
	for k := range c.kw {
		if k != "window_strides" && k != "padding" && k != "precision" && k != "preferred_element_type" {
			return nil, false
		}
	}
	lv, _ := c.arg(0, "lhs")
	rv, _ := c.arg(1, "rhs")
	lhs, lok := lv.(vArray)
	rhs, rok := rv.(vArray)
	if !lok || !rok || !lhs.o.shape.Known || !rhs.o.shape.Known {
		return nil, false
	}
	ld, rd := lhs.o.shape.Dims, rhs.o.shape.Dims
	if len(ld) < 3 || len(ld) != len(rd) {
		return nil, false
	}
	nsp := len(ld) - 2
	strides := make([]int64, nsp)
	sv, _ := c.arg(2, "window_strides")
	st, ok := sv.(vTuple)
	if !ok || len(st.elts) != nsp {
		return nil, false
	}
	for i, e := range st.elts {
		n, ok := intValue(e)
		if !ok || n < 1 {
			return nil, false
		}
		strides[i] = n
	}
	pv, _ := c.arg(3, "padding")
	pad, ok := pv.(vStr)
	if !ok || pad.unknown || pad.s != "SAME" && pad.s != "VALID" {
		return nil, false
	}
	dims := []npapi.Dim{ld[0], rd[0]}
	for i := range nsp {
		in, k := ld[2+i].N, rd[2+i].N
		if !ld[2+i].Known || !rd[2+i].Known {
			return nil, false
		}
		if pad.s == "VALID" {
			in -= k - 1
		}
		if in < 0 {
			return nil, false
		}
		dims = append(dims, npapi.Int((in+strides[i]-1)/strides[i]))
	}
	s.materialize(lhs)
	s.materialize(rhs)
	sh := Shape{Dims: dims, Known: true}
	var tmp value
	if s.xla != nil && s.top().jit && !s.cfg.Accelerator {
		if n, ok := sh.Size(); ok {
			tmp = s.temporaries(npapi.NBytes(n, lhs.o.dt), expr)
		}
	}
	res := s.newArray(sh, npapi.Promote(lhs.o.dt, rhs.o.dt), expr, c.e, false)
	s.materialize(res)
	res.o.product = true
	s.decref(tmp)
	return res, true
}
