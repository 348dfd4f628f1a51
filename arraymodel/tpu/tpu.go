// Package tpu holds the TPU memory layout the array model and the memory estimate share: the
// (sublanes, lanes) tile XLA and Pallas lay an array's last two dimensions out in, and the
// padded shape that follows. It imports nothing of ours, so arraymodel/pallas and memory both
// read it without pallas importing memory.
package tpu

// Tile is the (sublanes, lanes) tile of 32-bit data in TPU memory: XLA lays the last two
// dimensions out in 8 × 128 tiles, the `T(8,128)` in layouts such as
// `bf16[2048,4096]{1,0:T(8,128)(2,1)}` (XLA error E1001) and `u8[327680,327680]{1,0:T(8,128)(4,1)}`
// (XProf's OOM example). The `(2,1)` and `(4,1)` suffixes pack 16- and 8-bit elements two and four
// to a 32-bit word along the rows, so their tiles hold 16 and 32 rows.
var Tile = [2]int64{8, 128}

// TileFor returns the (rows, lanes) tile of elements of itemsize bytes under the 32-bit tile
// tile ({0, 0}: Tile): 16- and 8-bit elements pack two and four rows to a sublane.
func TileFor(tile [2]int64, itemsize int64) (rows, lanes int64) {
	if tile[0] <= 0 {
		tile = Tile
	}
	rows, lanes = tile[0], tile[1]
	if itemsize > 0 && itemsize < 4 {
		rows *= 4 / itemsize
	}
	return rows, lanes
}

// Tiled returns dims with the last two rounded up to whole tiles (rows, lanes), as a TPU lays the
// array out; a 1-D shape pads its only dimension to lanes.
func Tiled(dims []int64, rows, lanes int64) []int64 {
	out := append([]int64(nil), dims...)
	n := len(out)
	if n >= 1 {
		out[n-1] = roundUp(out[n-1], lanes)
	}
	if n >= 2 {
		out[n-2] = roundUp(out[n-2], rows)
	}
	return out
}

func roundUp(n, m int64) int64 {
	if m <= 0 {
		return n
	}
	return (n + m - 1) / m * m
}
