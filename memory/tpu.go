package memory

import (
	"strings"

	"github.com/arraylint/arraylint/arraymodel/tpu"
)

// This file defines the TPU facts rules read from the target table: the default scoped VMEM
// limit of Pallas kernels (AL105) and the tiled layout that pads arrays (AL105, AL106).

// ScopedVMEMLimit returns the default scoped VMEM limit a Pallas kernel gets on target t and
// the presets it comes from. For a target without one (a GPU, a custom size, none), it returns
// the smallest default among the TPU presets, with every preset that has it ("tpu-v4, tpu-v5e"),
// so a kernel is checked against each generation it may run on.
func ScopedVMEMLimit(t *Target) (int64, string) {
	if t != nil && t.ScopedVMEM > 0 {
		return t.ScopedVMEM, t.Name
	}
	var best int64
	var names []string
	for _, p := range presets {
		switch {
		case p.ScopedVMEM <= 0:
		case best == 0 || p.ScopedVMEM < best:
			best, names = p.ScopedVMEM, []string{p.Name}
		case p.ScopedVMEM == best:
			names = append(names, p.Name)
		}
	}
	return best, strings.Join(names, ", ")
}

// TPUTile is the (sublanes, lanes) tile of 32-bit data in TPU memory, 8 × 128 (tpu.Tile, where
// its source is cited).
var TPUTile = tpu.Tile

// TileFor returns the (rows, lanes) tile of elements of itemsize bytes on target t (TPUTile when
// t has no tile of its own).
func TileFor(t *Target, itemsize int64) (rows, lanes int64) {
	var tile [2]int64
	if t != nil {
		tile = t.Tile
	}
	return tpu.TileFor(tile, itemsize)
}

// XLATiled returns the shape XLA lays an array out in on TPU target t: the last two dimensions
// rounded up to whole tiles. When the second-to-last dimension is below the default tile's rows,
// XLA picks a smaller tile (T(1,128), T(2,128), T(4,128)) and only the lanes pad; 1-D arrays,
// which XLA tiles along their one dimension in other ways, are left as they are.
func XLATiled(t *Target, dims []int64, itemsize int64) []int64 {
	if len(dims) < 2 {
		return append([]int64(nil), dims...)
	}
	rows, lanes := TileFor(t, itemsize)
	if base, _ := TileFor(t, 4); dims[len(dims)-2] < base {
		rows = 1
	}
	return tpu.Tiled(dims, rows, lanes)
}
