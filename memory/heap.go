package memory

import (
	"fmt"
	"math"
	"math/bits"
	"slices"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the buffer accounting: allocations, releases, the running total, the peak and
// the first allocation that does not fit.

// buffer is one allocation: a NumPy/CuPy/JAX data buffer, or one Legate instance.
type buffer struct {
	id    int
	name  string   // name the array was first bound to ("" for a temporary)
	expr  string   // source of the allocating expression
	line  int      // line that allocated it (the outermost statement of the scope)
	site  int      // innermost line that allocated it (inside an inlined call)
	node  ast.Expr // the allocating expression, when there is one
	bytes int64
	form  *npapi.Poly // bytes as a polynomial in the program's symbols (forms.go), or nil
	shape Shape
	dt    npapi.DType
	alloc int
	free  int
	live  bool
	pos   int // index in heap.live while live
	// Legate instance detail.
	footprint int64
	storeLine int
	covering  string
	note      string
	ilo, ihi  int64 // element range [ilo, ihi) a Legate instance covers
	store     *store
}

// namer returns, when called, the function that names the arrays bound to a buffer right now
// (building it costs one pass over every binding: it is called only when a report needs names).
type namer func() func(*buffer) string

// peakCapture finds the peak's live set without listing the live buffers at every new peak
// of a scope that reaches many (which made an estimate cubic in the number of live arrays). The
// first simulation of a scope lists them at each new peak while the listing's work stays under
// eagerWork (a scope whose peak is reached in a few steps, most of them: the list taken at the
// last new peak is the peak's, and travels with the peak through forks, heap.peakLive). Past that
// budget it stops listing, and the scope is simulated once more to list the live buffers and
// their names at the peak's event, counted in allocations. It is shared by a simulation and its
// forks, so an event names one allocation in whichever branch made it.
type peakCapture struct {
	events int    // allocations so far, forks included
	at     int    // the event to list the live buffers at (0: none)
	live   []Live // the list taken at event at
	// eager is set on a scope's first simulation while listing at each new peak is within
	// budget; work is what the lists cost so far (buffers listed, plus eagerSnapshot each).
	eager bool
	work  int
}

// eagerWork bounds the work of listing the live buffers at every new peak of a first
// simulation (the second simulation it saves costs as much as the first).
const eagerWork = 4096

// eagerSnapshot is the work counted for one list beside its buffers (naming them walks the
// bindings).
const eagerSnapshot = 32

// heap holds every buffer of one simulation and the running totals.
type heap struct {
	bufs      []*buffer // the buffers this heap allocated (a fork's: those since the fork)
	base      int       // on a fork's heap, how many buffers its parents held at the fork
	live      []*buffer // allocation order; released buffers are nil until compacted
	dead      int       // nil entries in live
	pc        *peakCapture
	peakEvent int    // the capture event of the peak
	peakLive  []Live // the buffers live at the peak, when the peakCapture is eager
	cur       total  // total bytes of live buffers
	foot      total  // Legate: total footprint (payload + alignment + overhead) of live instances
	step      int
	peak      int64
	peakLine  int
	timeline  []Point
	oom       *OOM
	limit     int64  // bytes available (0: no target)
	poolName  string // "HBM", "SYSTEM_MEM", "FBMEM"
	footprint bool   // compare footprints (Legate) rather than payloads
	largest   *buffer
	branch    []*buffer // buffers of `if` branches the simulation forked to (not on the timeline)
	forms     formTrack // the totals as formulas (forms.go)
}

// total is a running sum of byte counts, kept exactly in 128 bits (two's complement): adding
// saturated sizes (npapi.Saturated each) never wraps, and releasing what was added restores it.
type total struct{ hi, lo uint64 }

// add adds n, which may be negative.
func (t *total) add(n int64) {
	ext := uint64(0)
	if n < 0 {
		ext = math.MaxUint64 // sign extension of n to 128 bits
	}
	var carry uint64
	t.lo, carry = bits.Add64(t.lo, uint64(n), 0)
	t.hi, _ = bits.Add64(t.hi, ext, carry)
}

// value returns the sum, saturated to npapi.Saturated (and to math.MinInt64 below).
func (t total) value() int64 {
	switch {
	case t.hi == 0 && t.lo <= math.MaxInt64:
		return int64(t.lo)
	case t.hi == math.MaxUint64 && t.lo > math.MaxInt64:
		return int64(t.lo)
	case int64(t.hi) < 0:
		return math.MinInt64
	}
	return npapi.Saturated
}

// allocate makes b live. line is the scope's current line; names resolves the names bound to
// live buffers for the report.
func (h *heap) allocate(b *buffer, line, site int, names namer, pending string) {
	h.pc.events++
	h.step++
	b.id = h.base + len(h.bufs) + 1
	b.alloc = h.step
	b.free = -1
	b.live = true
	if b.line == 0 {
		b.line = line
	}
	if b.site == 0 {
		b.site = site
	}
	if h.limit > 0 && h.oom == nil {
		need, held := b.bytes, h.cur.value()
		if h.footprint {
			need, held = b.footprint, h.foot.value()
		}
		if npapi.SatAdd(held, need) > h.limit {
			name := b.name
			if name == "" {
				name = pending
			}
			h.oom = &OOM{Line: line, Name: name, Expr: b.expr, Pool: h.poolName,
				RequestBytes: b.bytes, HeldBytes: h.cur.value(), PoolBytes: h.limit, Live: h.oomLive(names())}
		}
	}
	h.bufs = append(h.bufs, b)
	b.pos = len(h.live)
	h.live = append(h.live, b)
	h.cur.add(b.bytes)
	h.foot.add(b.footprint)
	h.forms.alloc(b.form)
	if h.largest == nil || b.bytes > h.largest.bytes {
		h.largest = b
	}
	cur := h.cur.value()
	h.timeline = append(h.timeline, Point{Step: h.step, Line: line, Bytes: cur})
	if cur > h.peak {
		h.peak = cur
		h.peakLine = line
		h.peakEvent = h.pc.events
		if pc := h.pc; pc.eager {
			if pc.work += eagerSnapshot + len(h.live) - h.dead; pc.work > eagerWork {
				pc.eager = false
				h.peakLive = nil
			} else {
				h.peakLive = h.snapshot(names())
			}
		}
	}
	if h.pc.at == h.pc.events {
		h.pc.live = h.snapshot(names())
	}
}

// release frees b (a no-op when it is not live).
func (h *heap) release(b *buffer, line int) {
	if b == nil || !b.live {
		return
	}
	h.step++
	b.live = false
	b.free = h.step
	if b.pos < len(h.live) && h.live[b.pos] == b {
		h.live[b.pos] = nil
		h.dead++
	}
	h.cur.add(-b.bytes)
	h.foot.add(-b.footprint)
	h.forms.free(b.form)
	h.timeline = append(h.timeline, Point{Step: h.step, Line: line, Bytes: h.cur.value()})
}

// liveList returns the live buffers in allocation order, dropping released ones first.
func (h *heap) liveList() []*buffer {
	if h.dead > 0 {
		h.live = slices.DeleteFunc(h.live, func(b *buffer) bool { return b == nil })
		for i, b := range h.live {
			b.pos = i
		}
		h.dead = 0
	}
	return h.live
}

func (h *heap) liveOf(b *buffer, names func(*buffer) string) Live {
	n := names(b)
	if n == "" {
		n = b.name
	}
	if n == "" {
		n = "<temporary>"
	}
	return Live{ID: b.id, Name: n, Line: b.line, Site: b.site, Bytes: b.bytes, Shape: b.shape.List(),
		DType: dtypeName(b.dt), Expr: b.expr, Note: b.note}
}

// snapshot lists the live buffers, largest first (ties in allocation order).
func (h *heap) snapshot(names func(*buffer) string) []Live {
	live := h.liveList()
	out := make([]Live, 0, len(live))
	for _, b := range live {
		if b.bytes == 0 {
			continue
		}
		out = append(out, h.liveOf(b, names))
	}
	slices.SortStableFunc(out, func(a, b Live) int {
		if a.Bytes != b.Bytes {
			if a.Bytes > b.Bytes {
				return -1
			}
			return 1
		}
		return 0
	})
	return out
}

// oomLive lists the live buffers for an OOM report in Legate's order: by store, newest store
// first, instances newest first.
func (h *heap) oomLive(names func(*buffer) string) []OOMLive {
	live := h.liveList()
	out := make([]OOMLive, 0, len(live))
	for i := len(live) - 1; i >= 0; i-- {
		b := live[i]
		if b.bytes == 0 {
			continue
		}
		n := names(b)
		if n == "" {
			n = b.name
		}
		if n == "" {
			n = "<temporary>"
		}
		out = append(out, OOMLive{Name: n, Line: b.line, Bytes: b.bytes, StoreLine: b.storeLine, Covering: b.covering})
	}
	if h.footprint {
		slices.SortStableFunc(out, func(a, b OOMLive) int { return b.StoreLine - a.StoreLine })
	} else {
		slices.SortStableFunc(out, func(a, b OOMLive) int {
			switch {
			case a.Bytes > b.Bytes:
				return -1
			case a.Bytes < b.Bytes:
				return 1
			}
			return 0
		})
	}
	return out
}

func dtypeName(d npapi.DType) string {
	if !d.Known() {
		return "unknown"
	}
	return d.String()
}

// LegateModel holds the per-instance costs of Legate's allocator that the payload sizes in its
// OOM report leave out.
type LegateModel struct {
	// Alignment rounds each instance's payload up (bytes). Default 64: Realm aligns instance
	// fields to at least a cache line.
	Alignment int64
	// Overhead is added per instance for its descriptor and layout (bytes). Default 256: the
	// cuPyNumeric OOM guide puts a "modest header" at 64–256 bytes and shows that the seed's
	// fifth 8 MiB instance fails although 32 payload bytes remain.
	Overhead int64
}

// DefaultLegateModel is the model used unless configured otherwise.
var DefaultLegateModel = LegateModel{Alignment: 64, Overhead: 256}

// footprintOf returns the pool bytes an instance with this payload takes.
func (m LegateModel) footprintOf(payload int64) int64 {
	a := max(m.Alignment, 1)
	return (payload+a-1)/a*a + m.Overhead
}

// store is a Legate logical store: one array's data, materialised as instances on demand.
type store struct {
	name      string
	line      int
	elems     int64 // elements of a 1-D store, or all elements
	shape     Shape
	dt        npapi.DType
	expr      string
	hint      bool // stencil_hint was called: the first instance covers the whole store
	instances []*buffer
	dead      bool
	count     int
}

// covers reports whether some instance of s covers [lo, hi).
func (s *store) covers(lo, hi int64) bool {
	for _, b := range s.instances {
		if b.live && b.ilo <= lo && hi <= b.ihi {
			return true
		}
	}
	return false
}

func covering(lo, hi int64) string { return fmt.Sprintf("<%d>..<%d>", lo, hi-1) }
