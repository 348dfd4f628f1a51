package tpu_test

import (
	"slices"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/tpu"
)

// A dtype's tile packs narrower elements into more rows; a target's own tile replaces the
// default one.
func TestTileFor(t *testing.T) {
	for _, c := range []struct {
		tile            [2]int64
		itemsize        int64
		wantRows, lanes int64
	}{
		{[2]int64{}, 4, 8, 128},
		{[2]int64{}, 8, 8, 128},
		{[2]int64{}, 2, 16, 128},
		{[2]int64{}, 1, 32, 128},
		{[2]int64{}, 0, 8, 128}, // an unknown itemsize keeps the 32-bit tile
		{[2]int64{16, 256}, 2, 32, 256},
	} {
		if r, l := tpu.TileFor(c.tile, c.itemsize); r != c.wantRows || l != c.lanes {
			t.Errorf("TileFor(%v, %d) = %d × %d, want %d × %d", c.tile, c.itemsize, r, l, c.wantRows, c.lanes)
		}
	}
}

// Tiled rounds the last dimension up to lanes and the one before it up to rows, and leaves
// its argument as it was.
func TestTiled(t *testing.T) {
	for _, c := range []struct{ dims, want []int64 }{
		{nil, nil},
		{[]int64{100}, []int64{128}},
		{[]int64{3, 100}, []int64{8, 128}},
		{[]int64{2, 9, 129}, []int64{2, 16, 256}},
		{[]int64{8, 128}, []int64{8, 128}},
	} {
		in := slices.Clone(c.dims)
		if got := tpu.Tiled(in, 8, 128); !slices.Equal(got, c.want) {
			t.Errorf("Tiled(%v) = %v, want %v", c.dims, got, c.want)
		}
		if !slices.Equal(in, c.dims) {
			t.Errorf("Tiled changed its argument to %v", in)
		}
	}
	if got := tpu.Tiled([]int64{3, 5}, 0, 0); !slices.Equal(got, []int64{3, 5}) {
		t.Errorf("Tiled with no tile = %v, want the dims as they are", got)
	}
}
