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

// The sizes an input's shape gives can be assumed like names, with integers only.
func TestAssumeSizeNames(t *testing.T) {
	for _, c := range []struct {
		flag string
		ok   bool
	}{
		{"X.shape[0]=5000", true},
		{"self.data.shape[1]=3", true},
		{"X.size=2**20", true},
		{"len(batch)=64", true},
		{"X.shape[0]=numpy", false},
		{"X.shape=(3, 4)", false},
		{"len(X)+1=3", false},
		{"x.y=3", false},
	} {
		_, _, _, err := ParseAssumeFlag(c.flag)
		if (err == nil) != c.ok {
			t.Errorf("ParseAssumeFlag(%q): error %v, want ok=%v", c.flag, err, c.ok)
		}
	}
	if m, err := ParseAssume("X.shape[0]=1_000, len(y)=10"); err != nil || m["X.shape[0]"] != 1000 || m["len(y)"] != 10 {
		t.Errorf("ParseAssume: %v, %v", m, err)
	}
}
