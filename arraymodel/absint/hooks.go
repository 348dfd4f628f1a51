package absint

import (
	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// This file defines the hooks a client plugs into the interpreter.

// Heap is the client that keeps the arrays' data. The interpreter counts references as CPython
// does and tells the heap when an array's data is made, named, used and freed; the heap decides
// what that costs (the memory estimator's buffers and Legate instances) and may attach its own
// record to the array (Obj.Data, shared by the array's views).
type Heap interface {
	// Allocate gives o, a fresh array (Obj.Node is the expression that made it, when there is
	// one), its data. lazy marks a fill constructor (Legate instantiates it on first use).
	Allocate(in *Interp, o *Obj, lazy bool)
	// Release frees the data of o, an owner no reference reaches any more.
	Release(in *Interp, o *Obj)
	// Bound tells that o, an owner, was bound to name: when the assignment completes, and for
	// the array an assignment's value allocates also at the allocation (so a peak reached by
	// the allocation can name it).
	Bound(in *Interp, o *Obj, name string)
	// Touch tells that an operation reads or writes the elements [lo, hi) of o (sliced), or all
	// of o's range.
	Touch(in *Interp, o *Obj, lo, hi int64, sliced bool)
	// Offload tells that o's data moved to another kind of memory (target, e.g. "SYSMEM").
	Offload(in *Interp, o *Obj, target string)
	// Hint tells that the program gave a placement hint for o (Legate's stencil_hint).
	Hint(in *Interp, o *Obj)
	// Reuses reports whether an elementwise operation with result dtype dt writes into its
	// operand t, a temporary nothing else references, instead of allocating (NumPy's temporary
	// elision); other is the other operand.
	Reuses(in *Interp, t *Obj, other Value, dt npapi.DType) bool
	// Held returns the bytes the heap holds now (a loop's growth per iteration is measured
	// with it).
	Held() int64
	// Extrapolate adds the growth of a loop's remaining iterations, bytes held under name,
	// and returns the data of the stand-in array that holds it.
	Extrapolate(in *Interp, name, expr string, bytes int64) any
	// LastNamed returns the name of the newest live data that has one (a loop's growth is
	// reported under it when no list grows).
	LastNamed() string
	// Fork returns an independent copy of the heap for a fork of the interpreter (c maps the
	// data of the copied arrays: CloneData) and the number of records it copied (a fork costs
	// the run's step budget in proportion).
	Fork(c *Cloner) (Heap, int)
	// CloneData copies the data record of an array for a fork (through c, so shared records
	// stay shared).
	CloneData(c *Cloner, data any) any
	// Adopt merges into the heap what a fork's heap saw that it did not.
	Adopt(in *Interp, fork Heap)
}

// NoHeap is a Heap that keeps nothing: the interpreter runs for what it infers.
type NoHeap struct{}

// Allocate does nothing.
func (NoHeap) Allocate(*Interp, *Obj, bool) {}

// Release does nothing.
func (NoHeap) Release(*Interp, *Obj) {}

// Bound does nothing.
func (NoHeap) Bound(*Interp, *Obj, string) {}

// Touch does nothing.
func (NoHeap) Touch(*Interp, *Obj, int64, int64, bool) {}

// Offload does nothing.
func (NoHeap) Offload(*Interp, *Obj, string) {}

// Hint does nothing.
func (NoHeap) Hint(*Interp, *Obj) {}

// Reuses reports false: every operation allocates its result.
func (NoHeap) Reuses(*Interp, *Obj, Value, npapi.DType) bool { return false }

// Held returns 0.
func (NoHeap) Held() int64 { return 0 }

// Extrapolate returns nil.
func (NoHeap) Extrapolate(*Interp, string, string, int64) any { return nil }

// LastNamed returns "".
func (NoHeap) LastNamed() string { return "" }

// Fork returns the heap itself (it keeps nothing).
func (h NoHeap) Fork(*Cloner) (Heap, int) { return h, 0 }

// CloneData returns data.
func (NoHeap) CloneData(_ *Cloner, data any) any { return data }

// Adopt does nothing.
func (NoHeap) Adopt(*Interp, Heap) {}

// Cloner copies interpreter state for a fork: each object once, so what was shared stays
// shared. Memo is for the client's records (CloneData).
type Cloner struct {
	objs   map[*Obj]*Obj
	lists  map[*pyList]*pyList
	frames map[*frame]*frame
	// Memo maps a client record to its copy.
	Memo map[any]any
	heap Heap
}
