package memory

import (
	"os"
	"path/filepath"
	"testing"
)

func estimateFile(t *testing.T, path string, opts Options) []*Report {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := EstimateSource(path, src, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func resolve(t *testing.T, o TargetOptions) *Target {
	t.Helper()
	tg, err := o.Resolve()
	if err != nil {
		t.Fatal(err)
	}
	return tg
}

// TestSeedLegateOOM is issue 5's "Must show 1": the cuPyNumeric OOM guide's program under
// --backend legate --sysmem 40 fails at `d = c + 3` with the guide's exact figures.
func TestSeedLegateOOM(t *testing.T) {
	r := estimateFile(t, "testdata/seed/oom.py", Options{Backend: BackendLegate,
		Target: resolve(t, TargetOptions{SysMem: "40"})})[0]
	o := r.OOM
	if o == nil {
		t.Fatalf("no OOM reported; peak %d at line %d", r.PeakBytes, r.PeakLine)
	}
	if o.Line != 16 || o.Name != "d" || o.Pool != "SYSTEM_MEM" {
		t.Errorf("OOM at line %d for %q in %s, want line 16 (d = c + 3) in SYSTEM_MEM", o.Line, o.Name, o.Pool)
	}
	if o.RequestBytes != 8388608 || o.HeldBytes != 33554400 || o.PoolBytes != 41943040 {
		t.Errorf("OOM request/held/pool = %d/%d/%d, want 8388608/33554400/41943040", o.RequestBytes, o.HeldBytes, o.PoolBytes)
	}
	// Legate lists the stores newest first: c (line 13), b (line 7: full then sub-range), a (line 4).
	want := []OOMLive{
		{Name: "c", Line: 13, Bytes: 8388608, StoreLine: 13, Covering: "<0>..<1048575>"},
		{Name: "b", Line: 13, Bytes: 8388608, StoreLine: 7, Covering: "<0>..<1048575>"},
		{Name: "b", Line: 10, Bytes: 8388592, StoreLine: 7, Covering: "<1>..<1048574>"},
		{Name: "a", Line: 10, Bytes: 8388592, StoreLine: 4, Covering: "<0>..<1048573>"},
	}
	if len(o.Live) != len(want) {
		t.Fatalf("OOM live = %+v, want %+v", o.Live, want)
	}
	for i := range want {
		if o.Live[i] != want[i] {
			t.Errorf("OOM live[%d] = %+v, want %+v", i, o.Live[i], want[i])
		}
	}
	if r.Fits == nil || *r.Fits {
		t.Errorf("fits = %v, want false", r.Fits)
	}
}

// TestSeedLegateFixes: each of the guide's fixes is estimated to fit (Fix Path A: --sysmem 128;
// B: whole-array touch or stencil_hint, as written in float32 and on the original float64 sizes;
// C: drop a and write in place).
func TestSeedLegateFixes(t *testing.T) {
	cases := []struct {
		file, sysmem string
	}{
		{"oom.py", "128"},
		{"fix_b_touch.py", "40"},
		{"fix_b_touch_f64.py", "40"},
		{"fix_b_stencil.py", "40"},
		{"fix_b_stencil_f64.py", "40"},
		{"fix_c_inplace.py", "40"},
	}
	for _, c := range cases {
		r := estimateFile(t, filepath.Join("testdata/seed", c.file), Options{Backend: BackendLegate,
			Target: resolve(t, TargetOptions{SysMem: c.sysmem})})[0]
		if r.OOM != nil {
			t.Errorf("%s --sysmem %s: OOM at line %d (held %d, request %d)", c.file, c.sysmem, r.OOM.Line, r.OOM.HeldBytes, r.OOM.RequestBytes)
		}
		if r.Fits == nil || !*r.Fits {
			t.Errorf("%s --sysmem %s: fits = %v, want true", c.file, c.sysmem, r.Fits)
		}
		if r.PeakBytes == 0 {
			t.Errorf("%s: nothing allocated", c.file)
		}
	}
	// The float64 touch fix holds a, b (one full instance) and c when d is made: four instances.
	r := estimateFile(t, "testdata/seed/fix_b_touch_f64.py", Options{Backend: BackendLegate,
		Target: resolve(t, TargetOptions{SysMem: "40"})})[0]
	if want := int64(3*8388608 + 8388592); r.PeakBytes != want {
		t.Errorf("fix_b_touch_f64 peak = %d, want %d", r.PeakBytes, want)
	}
}

// TestSeedXProfOOM is issue 5's "Must show 2": the XProf guide's jitted bf16 327680² program
// allocates 214,748,364,800 bytes at once, more than a TPU v5e or an H100 holds.
func TestSeedXProfOOM(t *testing.T) {
	for _, target := range []string{"tpu-v5e", "h100"} {
		tg := resolve(t, TargetOptions{Target: target})
		rs := estimateFile(t, "testdata/seed/xprof_oom.py", Options{Target: tg})
		var fn *Report
		for _, r := range rs {
			if r.Scope == "oom" {
				fn = r
			}
		}
		if fn == nil {
			t.Fatalf("%s: no report for function oom: %+v", target, rs)
		}
		if fn.Backend != BackendJAX || !fn.JIT {
			t.Errorf("%s: backend %s jit %v, want jax jit", target, fn.Backend, fn.JIT)
		}
		if fn.Largest == nil || fn.Largest.Bytes != 214748364800 || fn.Largest.DType != "bfloat16" {
			t.Fatalf("%s: largest allocation %+v, want 214748364800 B bfloat16", target, fn.Largest)
		}
		if fn.OOM == nil || fn.OOM.RequestBytes != 214748364800 || fn.OOM.Line != 9 {
			t.Fatalf("%s: OOM %+v, want the 214748364800-byte allocation at line 9", target, fn.OOM)
		}
		if fn.OOM.PoolBytes != *fn.TargetBytes || fn.OOM.PoolBytes >= 214748364800 {
			t.Errorf("%s: pool %d, target %d", target, fn.OOM.PoolBytes, *fn.TargetBytes)
		}
		if target == "tpu-v5e" && fn.OOM.PoolBytes != 17179869184 {
			t.Errorf("tpu-v5e pool = %d, want 17179869184 (XProf: size=17179869184)", fn.OOM.PoolBytes)
		}
		// The module scope calls oom() under `if __name__ == "__main__"` and sees the same.
		if rs[0].Scope != "<module>" || rs[0].Largest == nil || rs[0].Largest.Bytes != 214748364800 {
			t.Errorf("%s: module scope largest %+v", target, rs[0].Largest)
		}
	}
}
