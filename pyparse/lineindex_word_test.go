package pyparse

import (
	"math/rand/v2"
	"slices"
	"testing"
	"unicode/utf8"
)

// naiveLineStarts is NewLineIndex's result computed byte by byte, the obvious way.
func naiveLineStarts(src []byte) ([]Offset, bool) {
	starts, ascii := []Offset{0}, true
	for i := 0; i < len(src); i++ {
		switch c := src[i]; {
		case c == '\n':
			starts = append(starts, Offset(i+1))
		case c == '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, Offset(i+1))
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return starts, ascii
}

// The word-at-a-time scan finds the same line starts and ASCII-ness as a byte-by-byte one, with
// breaks, "\r\n" pairs and non-ASCII bytes at every position of a word and across words.
func TestLineIndexWordScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("ab \t#\n\r\x7f\x80\xc3\xa9\x00\x0a\x0d")
	for n := 0; n < 3000; n++ {
		src := make([]byte, r.IntN(40))
		for i := range src {
			if r.IntN(4) == 0 {
				src[i] = alphabet[r.IntN(len(alphabet))]
			} else {
				src[i] = 'x'
			}
		}
		x := NewLineIndex(src)
		starts, ascii := naiveLineStarts(src)
		if !slices.Equal(x.starts, starts) || x.ascii != ascii {
			t.Fatalf("%q: starts %v ascii %t, want %v %t", src, x.starts, x.ascii, starts, ascii)
		}
	}
	for _, w := range []uint64{0, 0x0a, 0x0d << 56, 0x80, 0x8000000000000000, 0x0b0b0b0b0b0b0b0b, 0x0c0c0c0c0c0c0c0c, 0x0909090909090909} {
		b := make([]byte, 8)
		for i := range b {
			b[i] = byte(w >> (8 * i))
		}
		want := !slices.ContainsFunc(b, func(c byte) bool { return c == '\n' || c == '\r' || c >= 0x80 })
		if got := plainWord(w); got != want {
			t.Errorf("plainWord(%#x) = %t, want %t", w, got, want)
		}
	}
}
