package memory

import "github.com/arraylint/arraylint/arraymodel/npapi"

// This file defines TPU padding in the estimate: on a TPU target, a JAX array takes the bytes of
// its tiled layout (XLATiled), and the report gives the padding share of the live arrays at the
// peak, as XProf's Memory Viewer does.

// onTPU reports whether the simulation places arrays in TPU memory: JAX on a TPU target.
func (s *sim) onTPU() bool {
	return s.backend == BackendJAX && s.opts.Target != nil && s.opts.Target.Kind == KindTPU
}

// tiledBytes returns the bytes an array of shape sh and dtype dt takes: n itself, or on a TPU
// its tiled size.
func (s *sim) tiledBytes(n int64, sh Shape, dt npapi.DType) int64 {
	if !s.onTPU() || !sh.Known || !dt.Known() {
		return n
	}
	dims := sh.Ints()
	for _, d := range dims {
		if d < 0 {
			return n
		}
	}
	t := dt.ItemSize()
	for _, d := range XLATiled(s.opts.Target, dims, dt.ItemSize()) {
		t *= d
	}
	return max(t, n)
}

// paddingAtPeak returns the padding bytes of the buffers live at the peak (0 off TPUs).
func (s *sim) paddingAtPeak(r *Report) int64 {
	if !s.onTPU() {
		return 0
	}
	var pad int64
	for _, l := range r.LiveAtPeak {
		dt, ok := npapi.ParseDType(l.DType)
		if !ok {
			continue
		}
		raw := dt.ItemSize()
		for _, d := range l.Shape {
			if d == nil {
				raw = -1
				break
			}
			raw *= *d
		}
		if raw >= 0 && l.Bytes > raw {
			pad += l.Bytes - raw
		}
	}
	return pad
}
