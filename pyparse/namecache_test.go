package pyparse

import (
	"math/rand/v2"
	"testing"
)

// nameKey's words determine an identifier of up to 16 bytes exactly, given its length: two
// different identifiers of one length never share them, whichever byte they differ in.
func TestNameKeyExact(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := 1; n <= 16; n++ {
		for range 2000 {
			a := make([]byte, n)
			for i := range a {
				a[i] = "abcxyz_019"[r.IntN(10)]
			}
			b := append([]byte(nil), a...)
			b[r.IntN(n)] ^= byte(1 + r.IntN(3))
			a0, a1, _, _ := nameKey(a)
			b0, b1, _, _ := nameKey(b)
			if string(a) != string(b) && a0 == b0 && a1 == b1 {
				t.Fatalf("nameKey(%q) == nameKey(%q)", a, b)
			}
		}
	}
}

// The identifier cache returns each identifier's own text, whatever it held before.
func TestNameCache(t *testing.T) {
	p := &parser{names: new([nameCacheSize]nameSlot)}
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		id := make([]byte, 1+r.IntN(24))
		for i := range id {
			id[i] = "ab_9"[r.IntN(4)]
		}
		p.src = id
		if got := p.name(Token{Range: Range{End: Offset(len(id))}, Kind: Name}); got != string(id) {
			t.Fatalf("name(%q) = %q", id, got)
		}
	}
}
