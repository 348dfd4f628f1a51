package npapi

import "testing"

func TestSaturatingArithmetic(t *testing.T) {
	for _, tt := range []struct {
		got, want int64
		what      string
	}{
		{SatMul(1<<62, 8), Saturated, "2^62 · 8"},
		{SatMul(1<<31, 1<<31), 1 << 62, "2^31 · 2^31"},
		{SatMul(Saturated, 0), 0, "saturated · 0"},
		{SatMul(Saturated, 1), Saturated, "saturated · 1"},
		{SatAdd(Saturated, 1), Saturated, "saturated + 1"},
		{SatAdd(1<<62, 1<<62), Saturated, "2^62 + 2^62"},
		{SatAdd(3, 4), 7, "3 + 4"},
		{NBytes(1<<61, Float64), Saturated, "2^61 float64"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s = %d, want %d", tt.what, tt.got, tt.want)
		}
	}
	// (10**9,)*4 has a known, saturated size, not an unknown one.
	if n, ok := Size([]Dim{Int(1e9), Int(1e9), Int(1e9), Int(1e9)}); !ok || n != Saturated {
		t.Errorf("Size((10**9,)*4) = %d, %v; want saturated", n, ok)
	}
	if n, ok := Size([]Dim{Int(1e9), Int(0), Int(1e9), Int(1e9)}); !ok || n != 0 {
		t.Errorf("Size with a zero = %d, %v; want 0", n, ok)
	}
}
