package memory

import (
	"fmt"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// This file defines the Legate (cuPyNumeric) instance model. A logical store gets physical
// instances only when an operation touches it: a fill constructor (zeros, ones, full) is lazy;
// touching a sub-range of a store without a covering instance creates an instance for just that
// range, and a later whole-store use creates a second, full instance while the first stays
// reserved (the duplication in the OOM guide's example). stencil_hint makes the first instance
// cover the whole store. Instances are released when the store dies.

// Touch makes sure o's store has an instance covering the range o uses ([lo, hi) when sliced
// is set, else o's own range or the whole store).
func (s *sim) Touch(in *absint.Interp, o *absint.Obj, lo, hi int64, sliced bool) {
	d := dataOf(o)
	if s.backend != BackendLegate || d == nil || d.store == nil || d.store.dead {
		return
	}
	st := d.store
	if !sliced {
		if olo, ohi, osliced := o.Range(); osliced {
			lo, hi, sliced = olo, ohi, true
		} else {
			lo, hi = 0, st.elems
		}
	}
	if st.elems <= 0 && !st.shape.Known {
		return
	}
	if st.covers(lo, hi) {
		return
	}
	if st.hint || !sliced {
		lo, hi = 0, st.elems
	}
	s.instantiate(in, st, lo, hi)
}

// instantiate creates an instance of st covering [lo, hi).
func (s *sim) instantiate(in *absint.Interp, st *store, lo, hi int64) {
	if !st.dt.Known() {
		return
	}
	payload := npapi.NBytes(hi-lo, st.dt)
	if len(st.shape.Dims) > 1 && lo == 0 && hi == st.elems {
		payload = npapi.NBytes(st.elems, st.dt)
	}
	st.count++
	b := &buffer{name: st.name, bytes: payload, shape: st.shape, dt: st.dt,
		footprint: s.legate.footprintOf(payload), storeLine: st.line,
		covering: covering(lo, hi), ilo: lo, ihi: hi, store: st,
		note: fmt.Sprintf("instance %d of the store from line %d, covering %s", st.count, st.line, covering(lo, hi))}
	b.expr = st.expr
	st.instances = append(st.instances, b)
	s.h.allocate(b, in.Line(), in.Site(), s.namerOf(in), in.Pending())
}

// Offload releases a store's instances in the pool being modelled (offload_to moves the data
// to another memory kind).
func (s *sim) Offload(in *absint.Interp, o *absint.Obj, target string) {
	d := dataOf(o)
	if d == nil || d.store == nil {
		return
	}
	if pool, _ := s.pools(); pool == "SYSTEM_MEM" && target == "SYSMEM" {
		return
	}
	for _, b := range d.store.instances {
		s.h.release(b, in.Line())
	}
}

func (s *sim) pools() (string, int64) {
	if s.opts.Target == nil {
		return "", 0
	}
	if name, n := s.opts.Target.Pools.Primary(); n > 0 {
		return name, n
	}
	return "FBMEM", s.opts.Target.Usable()
}
