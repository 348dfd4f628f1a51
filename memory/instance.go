package memory

import "slices"

// This file defines the Legate instance detail of a report's buffers, which rule AL103 reads to
// find stores written through a slice and later used whole.

// Instance places a Legate instance in its store: which store, which instance, which elements.
type Instance struct {
	// Store names the store (the name its array was first bound to) and StoreLine the line that
	// allocated it; together they identify the store within a report.
	Store     string `json:"store"`
	StoreLine int    `json:"store_line"`
	// Index is the instance's number in its store, from 1 in creation order.
	Index int `json:"index"`
	// Lo and Hi bound the element range [Lo, Hi) the instance covers; Elems is the store's
	// element count (Lo == 0 and Hi == Elems for a full instance).
	Lo    int64 `json:"lo"`
	Hi    int64 `json:"hi"`
	Elems int64 `json:"elems"`
	// Hinted is set when stencil_hint made the store's instances cover it whole.
	Hinted bool `json:"hinted,omitempty"`
}

// Partial reports whether the instance covers only part of its store.
func (i *Instance) Partial() bool { return i.Lo > 0 || i.Hi < i.Elems }

// instanceOf returns b's Legate instance detail, or nil for other buffers.
func instanceOf(b *buffer) *Instance {
	st := b.store
	if st == nil {
		return nil
	}
	return &Instance{Store: st.name, StoreLine: st.line, Index: slices.Index(st.instances, b) + 1,
		Lo: b.ilo, Hi: b.ihi, Elems: st.elems, Hinted: st.hint}
}

// Duplicate is a Legate store whose first instance covers a sub-range and that later got a
// full instance while the first was still held: the same data reserved twice (the OOM guide's
// `b[1:-1] = a` then `c = b + 2`).
type Duplicate struct {
	Partial, Full Lifetime
}

// Duplicates lists the duplicated stores of a Legate report, in the order their stores were
// first instantiated. Stores whose first instance was made inside a called function (Site
// differs from Line) are left to that function's report; hinted stores never duplicate.
func Duplicates(r *Report) []Duplicate {
	type key struct {
		name string
		line int
	}
	stores := map[key][]Lifetime{}
	var order []key
	for _, b := range r.Buffers {
		if b.Instance == nil || b.Alloc < 0 {
			continue
		}
		k := key{b.Instance.Store, b.Instance.StoreLine}
		if _, ok := stores[k]; !ok {
			order = append(order, k)
		}
		stores[k] = append(stores[k], b)
	}
	var out []Duplicate
	for _, k := range order {
		bs := stores[k]
		slices.SortStableFunc(bs, func(a, b Lifetime) int { return a.Alloc - b.Alloc })
		first := bs[0]
		if first.Instance.Hinted || !first.Instance.Partial() || first.Site != first.Line {
			continue
		}
		for _, b := range bs[1:] {
			if !b.Instance.Partial() && (first.Free < 0 || first.Free > b.Alloc) {
				out = append(out, Duplicate{first, b})
				break
			}
		}
	}
	return out
}

// Halo returns the stencil_hint offsets of a 1-D partial instance: the elements it leaves out
// at the low and high ends (b[1:-1] of a store of n elements: 1 and 1); ok is false for stores
// of more than one dimension, whose ranges are flattened.
func (d Duplicate) Halo() (low, high int64, ok bool) {
	i := d.Partial.Instance
	if len(d.Partial.Shape) != 1 {
		return 0, 0, false
	}
	return i.Lo, i.Elems - i.Hi, true
}
