package memory

import (
	"testing"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
)

// A NumPy scalar promotes by its dtype under NumPy 2 (NEP 50) and as a Python number under 1.x:
// a float32 array times np.float64(2.0) is float64 (twice the bytes) under 2, float32 under 1.
// A Python float is weak under both. Measured under NumPy 2.4.6 and 1.26.4: bench/truth.
func TestNumPyVersionPromotion(t *testing.T) {
	const n = 1000 * 1000
	// buf is NumPy's iterator buffers for a cast input (npapi.UfuncBuffers): 8192 elements of
	// the loop's dtype, twice; none when no input is cast.
	buf := func(item int64) int64 { return 2 * 8192 * item }
	x := "import numpy as np\nx = np.full((1000, 1000), 0.5, dtype=np.float32)\n"
	for _, c := range []struct {
		src    string
		v2, v1 int64 // the estimate's peak in bytes under each version
	}{
		{x + "y = x * np.float64(2.0)\n", 4*n + 8*n + buf(8), 4*n + 4*n},
		{x + "y = np.float64(2.0) * x\n", 4*n + 8*n + buf(8), 4*n + 4*n},
		{x + "y = x * 2.0\n", 4*n + 4*n, 4*n + 4*n},
		{x + "y = np.add(x, np.float64(1.0))\n", 4*n + 8*n + buf(8), 4*n + 4*n},
		{x + "s = x.sum(dtype=np.float64)\ny = x * s\n", 4*n + 8*n + buf(8), 4*n + 4*n},
		{"import numpy as np\nx = np.ones((1000, 1000), dtype=np.int32)\ny = x + np.int64(1)\n", 4*n + 8*n + buf(8), 4*n + 4*n},
		{"import numpy as np\nx = np.ones((1000, 1000), dtype=np.uint8)\ny = x * np.uint16(2)\n", n + 2*n + buf(2), n + n},
	} {
		for _, v := range []struct {
			version npapi.NumPyVersion
			want    int64
		}{{npapi.NumPy2, c.v2}, {npapi.NumPy1, c.v1}} {
			rs, err := EstimateSource("p.py", []byte(c.src), Options{NumPyVersion: v.version})
			if err != nil {
				t.Fatal(err)
			}
			if got := rs[0].PeakBytes; got != v.want {
				t.Errorf("numpy-version %s: %q: peak %d B, want %d", v.version, c.src, got, v.want)
			}
		}
	}
}

// The setting reaches the estimate from [tool.arraylint.memory] and the flags, flags first, and
// a bad value is an error that names it.
func TestNumPyVersionSetting(t *testing.T) {
	f, err := pyparse.Parse([]byte("import numpy as np\n"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		config, flag string
		want         npapi.NumPyVersion
	}{
		{"", "", npapi.NumPy2},
		{"1.26", "", npapi.NumPy1},
		{"1", "2.x", npapi.NumPy2},
		{"2", "1.x", npapi.NumPy1},
	} {
		var config Settings
		if c.config != "" {
			if config, err = SectionSettings(map[string]any{"numpy-version": c.config}); err != nil {
				t.Fatal(err)
			}
		}
		vals, _, err := ParseFlags(map[string]string{"numpy-version": c.flag}, InMem)
		if err != nil {
			t.Fatal(err)
		}
		opts, err := Resolve(f, "p.py", Settings{NumPyVersion: vals.NumPy}, config)
		if err != nil || opts.NumPyVersion != c.want {
			t.Errorf("config %q, flag %q: %v, %v; want %v", c.config, c.flag, opts.NumPyVersion, err, c.want)
		}
	}
	if _, _, err := ParseFlags(map[string]string{"numpy-version": "3"}, InCheck); err == nil {
		t.Error("--numpy-version 3 accepted")
	}
	if key, err := CheckSection(map[string]any{"numpy-version": "1.y"}); err == nil || key != "numpy-version" {
		t.Errorf("numpy-version = \"1.y\": key %q, %v", key, err)
	}
	if _, err := SectionSettings(map[string]any{"numpy-version": 1.26}); err != nil {
		t.Errorf("numpy-version = 1.26 (a TOML float): %v", err)
	}
}
