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
