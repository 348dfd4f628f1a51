package memory

import (
	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the memory estimator as a client of the one interpreter (arraymodel/absint):
// sim implements absint.Heap, so each array the program makes gets a buffer (NumPy, CuPy, JAX)
// or a Legate store whose instances appear as operations touch it.

// minElideBytes is NumPy's NPY_MIN_ELIDE_BYTES (npapi.MinElideBytes).
const minElideBytes = npapi.MinElideBytes

// Shape is an array shape (absint.Shape).
type Shape = absint.Shape

var unknownShape = Shape{}

// sim is one scope's estimate: the interpreter's run over it and the heap it allocates on.
type sim struct {
	in       *absint.Interp
	file     *pyparse.File
	backend  string
	opts     *Options
	h        heap
	legate   LegateModel
	idx      *fileIndex // shared by the scopes of one Estimate
	peakLive []Live     // the buffers live at the peak (after simulate)
}

// objData is what the heap keeps of an array's data: its buffer, or its Legate store.
type objData struct {
	buf   *buffer
	store *store
}

func dataOf(o *absint.Obj) *objData {
	if o == nil {
		return nil
	}
	d, _ := o.Data.(*objData)
	return d
}

func (s *sim) lineOf(n ast.Node) int { return s.file.Lines.Line(n.Span().Start) }

// Allocate gives a fresh array a buffer of its (tiled) size, or a Legate store that a fill
// constructor (lazy) leaves without an instance until first use.
func (s *sim) Allocate(in *absint.Interp, o *absint.Obj, lazy bool) {
	sh, dt := o.Shape(), o.DType()
	n, known := o.NBytes()
	if s.backend == BackendLegate {
		st := &store{line: in.Line(), shape: sh, dt: dt, expr: o.Label()}
		st.elems, _ = sh.Size()
		o.Data = &objData{store: st}
		if !lazy && known {
			s.instantiate(in, st, 0, st.elems)
		}
		return
	}
	b := &buffer{name: in.PendingName(o), expr: o.Label(), bytes: s.tiledBytes(n, sh, dt), shape: sh, dt: dt, node: o.Node()}
	if b.bytes == n && !o.IsSparse() {
		b.form = bytesForm(sh, dt) // a TPU's tiled layout is not a polynomial
	}
	if !known {
		b.bytes = 0
	}
	if f, ok := o.SparseFormat(); ok {
		b.note = sparseNotePrefix + f + " storage"
	}
	o.Data = &objData{buf: b}
	s.h.allocate(b, in.Line(), in.Site(), s.namerOf(in), in.Pending())
}

// Release frees an owner's buffer, or every instance of its store.
func (s *sim) Release(in *absint.Interp, o *absint.Obj) {
	d := dataOf(o)
	if d == nil {
		return
	}
	if d.buf != nil {
		s.h.release(d.buf, in.Line())
	}
	if d.store != nil {
		d.store.dead = true
		for _, b := range d.store.instances {
			s.h.release(b, in.Line())
		}
	}
}

// Bound records name as the display name of o's buffer (or store) when it has none yet.
func (s *sim) Bound(_ *absint.Interp, o *absint.Obj, name string) {
	d := dataOf(o)
	if d == nil {
		return
	}
	if d.buf != nil && d.buf.name == "" && !s.h.shared(d.buf) {
		d.buf.name = name
	}
	if d.store != nil && d.store.name == "" {
		d.store.name = name
		for _, b := range d.store.instances {
			if b.name == "" && !s.h.shared(b) {
				b.name = name
			}
		}
	}
}

// Hint marks o's store as stencil-hinted: its first instance covers the whole store.
func (s *sim) Hint(_ *absint.Interp, o *absint.Obj) {
	if d := dataOf(o); d != nil && d.store != nil {
		d.store.hint = true
	}
}

// Reuses is NumPy's temporary elision: an elementwise result is written into its operand t
// when t has at least 256 KiB, the result has t's dtype and the other operand is a scalar or an
// array of t's shape.
func (s *sim) Reuses(_ *absint.Interp, t *absint.Obj, other absint.Value, dt npapi.DType) bool {
	if s.backend != BackendNumPy {
		return false
	}
	if d := dataOf(t); d == nil || d.buf == nil {
		return false
	}
	n, ok := t.NBytes()
	if !ok || n < minElideBytes || dt != t.DType() {
		return false
	}
	if o, ok := absint.ArrayOf(other); ok {
		return o.Shape().Equal(t.Shape())
	}
	_, ok = absint.ScalarDType(other)
	return ok
}

// Held returns the bytes of the live buffers.
func (s *sim) Held() int64 { return s.h.cur.value() }

// Extrapolate allocates one buffer for the growth of a loop's remaining iterations.
func (s *sim) Extrapolate(in *absint.Interp, name, expr string, bytes int64) any {
	b := &buffer{name: name, expr: expr, bytes: bytes, shape: unknownShape}
	s.h.allocate(b, in.Line(), in.Site(), s.namerOf(in), in.Pending())
	return &objData{buf: b}
}

// LastNamed returns the name of the newest live buffer that has one.
func (s *sim) LastNamed() string {
	name := ""
	for _, b := range s.h.liveList() {
		if b.alloc > 0 && b.name != "" {
			name = b.name
		}
	}
	return name
}

// namerOf returns the namer of the buffers bound in in's frames (see names).
func (s *sim) namerOf(in *absint.Interp) namer {
	return func() func(*buffer) string { return names(in) }
}

// names indexes the names currently bound (in any frame) to each array's buffer, in one pass
// over the bindings, and returns the lookup. A name is listed for a buffer when the array it
// holds, or a view chain from it, uses that buffer (or that Legate store). Names come in
// binding order (absint.Interp.EachBound), each once.
func names(in *absint.Interp) func(*buffer) string {
	type hit struct {
		seq  int
		name string
	}
	byBuf := map[*buffer][]hit{}
	byStore := map[*store][]hit{}
	add := func(list []hit, h hit) []hit {
		if n := len(list); n > 0 && list[n-1].seq == h.seq {
			return list
		}
		return append(list, h)
	}
	in.EachBound(func(seq int, name string, o *absint.Obj) {
		h := hit{seq, name}
		for ; o != nil; o = o.Base() {
			d := dataOf(o)
			if d == nil {
				continue
			}
			if d.buf != nil {
				byBuf[d.buf] = add(byBuf[d.buf], h)
			}
			if d.store != nil {
				byStore[d.store] = add(byStore[d.store], h)
			}
		}
	})
	return func(b *buffer) string {
		a, c := byBuf[b], []hit(nil)
		if b.store != nil {
			c = byStore[b.store]
		}
		var names []string
		seen := map[string]bool{}
		for len(a) > 0 || len(c) > 0 {
			var h hit
			if len(c) == 0 || (len(a) > 0 && a[0].seq <= c[0].seq) {
				h, a = a[0], a[1:]
			} else {
				h, c = c[0], c[1:]
			}
			if !seen[h.name] {
				seen[h.name] = true
				names = append(names, h.name)
			}
		}
		return joinNames(names)
	}
}

func joinNames(ns []string) string {
	out := ""
	for i, n := range ns {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
