package memory

import (
	"strings"
	"testing"
)

// TestMitigationsSeedOOM checks the guide's mitigations on its OOM program: in the guide's
// order, the pool size that fits (which then fits when given), stencil_hint with the offsets of
// b's sub-range, the releases, and downcasting last; offload_to only for an FBMEM failure.
func TestMitigationsSeedOOM(t *testing.T) {
	r := estimateFile(t, "testdata/seed/oom.py", Options{Backend: BackendLegate,
		Target: resolve(t, TargetOptions{SysMem: "40"})})[0]
	want := []string{
		"A. resize the pool: `--sysmem 41` (MiB per rank)",
		"B. prefetch `b`: `b.stencil_hint(low_offsets=(1,), high_offsets=(1,))` before line 10",
		"C. release between phases: `del b` after line 13",
		"C. release between phases: `del a` after line 10",
		"last resort: float32 instead of float64",
	}
	if len(r.Mitigations) != len(want) {
		t.Fatalf("mitigations:\n%s\nwant %d", strings.Join(r.Mitigations, "\n"), len(want))
	}
	for i, w := range want {
		if !strings.HasPrefix(r.Mitigations[i], w) {
			t.Errorf("mitigation %d = %q, want prefix %q", i, r.Mitigations[i], w)
		}
	}
	fitted := estimateFile(t, "testdata/seed/oom.py", Options{Backend: BackendLegate,
		Target: resolve(t, TargetOptions{SysMem: "41"})})[0]
	if fitted.OOM != nil || len(fitted.Mitigations) != 0 {
		t.Errorf("--sysmem 41 should fit with no mitigations: OOM %+v, %q", fitted.OOM, fitted.Mitigations)
	}
	var sb strings.Builder
	writeTextReport(&sb, r)
	text := sb.String()
	if !strings.Contains(text, "mitigations (cuPyNumeric OOM guide, in its order):\n    - A. resize") {
		t.Errorf("text report lacks the mitigations:\n%s", text)
	}
}

// TestMitigationsOffload: on a GPU pool, an array needed later but not at the failing line is
// offloaded (D), and float32 arrays get no downcast advice.
func TestMitigationsOffload(t *testing.T) {
	src := []byte(`import cupynumeric as np
x = np.ones((1 << 20,), dtype=np.float32)
x *= 2
y = np.ones((1 << 20,), dtype=np.float32)
z = y * 2
w = z + 1
print(x.sum())
`)
	rs, err := EstimateSource("off.py", src, Options{Backend: BackendLegate,
		Target: resolve(t, TargetOptions{FBMem: "14", SysMem: "100"})})
	if err != nil {
		t.Fatal(err)
	}
	r := rs[0]
	if r.OOM == nil || r.OOM.Line != 6 {
		t.Fatalf("want an OOM at line 6, got %+v", r.OOM)
	}
	var got []string
	for _, m := range r.Mitigations {
		got = append(got, m[:strings.IndexByte(m, ' ')])
	}
	if strings.Join(got, " ") != "A. C. D." {
		t.Errorf("mitigations %q, want A, C (y), D (x)", r.Mitigations)
	}
	if !strings.Contains(strings.Join(r.Mitigations, "\n"), "D. offload `x` to host memory: `offload_to(x, target=StoreTarget.SYSMEM)` before line 6") {
		t.Errorf("no offload of x: %q", r.Mitigations)
	}
}
