package bindings

import "testing"

func TestParseAssume(t *testing.T) {
	got, err := ParseAssume("N=10_000_000, M=1024*1024 K=2**20")
	if err != nil || got["N"] != 10000000 || got["M"] != 1<<20 || got["K"] != 1<<20 {
		t.Errorf("Parse = %v, %v", got, err)
	}
	for _, bad := range []string{"N", "=3", "N=x", "N=2**99", "1N=3"} {
		if _, err := ParseAssume(bad); err == nil {
			t.Errorf("ParseAssume(%q) accepted", bad)
		}
	}
}
