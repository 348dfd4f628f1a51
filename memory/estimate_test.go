package memory

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
)

func estimate(t *testing.T, src string, opts Options) []*Report {
	t.Helper()
	rs, err := EstimateSource("test.py", []byte(src), opts)
	if err != nil {
		t.Fatal(err)
	}
	return rs
}

func TestBackendDetection(t *testing.T) {
	cases := map[string]string{
		"import numpy as np\n":       BackendNumPy,
		"import cupy as cp\n":        BackendCuPy,
		"import cupynumeric as np\n": BackendLegate,
		"import jax.numpy as jnp\n":  BackendJAX,
		"x = 1\n":                    BackendNumPy,
		"try:\n import cupy as xp\nexcept ImportError:\n import numpy as xp\n": BackendCuPy,
	}
	for src, want := range cases {
		if got := estimate(t, src, Options{})[0].Backend; got != want {
			t.Errorf("%q: backend %s, want %s", src, got, want)
		}
	}
	if _, err := EstimateSource("x.py", []byte("x = 1\n"), Options{Backend: "tpu"}); err == nil {
		t.Error("unknown backend accepted")
	}
}

// CuPy does not elide temporaries: a + b + c holds two temporaries.
func TestCuPyNoElision(t *testing.T) {
	src := "import cupy as cp\nN = 1_000_000\na = cp.ones(N)\nb = cp.ones(N)\nc = cp.ones(N)\nd = a + b + c\n"
	if got := estimate(t, src, Options{})[0].PeakBytes; got != 40_000_000 {
		t.Errorf("cupy peak = %d, want 40000000 (no elision)", got)
	}
	np := strings.ReplaceAll(strings.ReplaceAll(src, "cupy as cp", "numpy as np"), "cp.", "np.")
	if got := estimate(t, np, Options{})[0].PeakBytes; got != 32_000_000 {
		t.Errorf("numpy peak = %d, want 32000000 (a + b reused in place)", got)
	}
}

// Inside jax.jit, an elementwise chain fuses and dead locals are freed after their last use.
func TestJITFusionAndLastUse(t *testing.T) {
	src := `import jax
import jax.numpy as jnp

@jax.jit
def f():
    x = jnp.ones((1000, 1000))
    y = jnp.exp(x) * 2 + 1
    z = y.sum(axis=0)
    w = jnp.zeros((1000, 1000))
    return z, w
`
	rs := estimate(t, src, Options{Function: "f"})
	if len(rs) != 1 || rs[0].Scope != "f" || !rs[0].JIT {
		t.Fatalf("reports = %+v", rs)
	}
	// XLA fuses the fill, exp, * 2 + 1 and the sum into one loop: only the outputs z (4 KB) and
	// w (4 MB) are written (memory_analysis() on the CPU, jax 0.10.2: argument 0, output
	// 4,004,016, temp 0).
	if got := rs[0].PeakBytes; got != 4_004_000 {
		t.Errorf("jit peak = %d, want 4004000", got)
	}
	eager := strings.Replace(src, "@jax.jit\n", "", 1)
	if got := estimate(t, eager, Options{Function: "f"})[0].PeakBytes; got <= 4_004_000 {
		t.Errorf("eager peak = %d, want more than the jitted 4004000", got)
	}
}

func TestUnknownAndAssume(t *testing.T) {
	src := "import numpy as np\nimport sys\nN = int(sys.argv[1])\na = np.zeros(N)\nm = a > 0\nidx = np.nonzero(m)\n"
	r := estimate(t, src, Options{})[0]
	if r.PeakBytes != 0 || len(r.Unknown) == 0 {
		t.Fatalf("unknown N: peak %d, unknown %+v; want 0 and unknown entries", r.PeakBytes, r.Unknown)
	}
	if r.Unknown[0].Line != 4 {
		t.Errorf("first unknown at line %d, want 4", r.Unknown[0].Line)
	}
	r = estimate(t, src, Options{Assume: map[string]int64{"N": 1000}})[0]
	if r.PeakBytes != 9000 {
		t.Errorf("N=1000: peak %d, want 9000 (a 8000 + mask 1000)", r.PeakBytes)
	}
	var bounded bool
	for _, u := range r.Unknown {
		if u.Line == 6 && u.BoundBytes != nil && *u.BoundBytes == 8000 {
			bounded = true
		}
	}
	if !bounded {
		t.Errorf("nonzero should be an unknown bounded by 8000 bytes: %+v", r.Unknown)
	}
	r = estimate(t, "# arraylint: assume N=2_000\n"+src, Options{})[0]
	if r.PeakBytes != 18000 {
		t.Errorf("assume comment N=2000: peak %d, want 18000", r.PeakBytes)
	}
	// A malformed assume comment is left out of the estimate and reported by CommentProblems
	// (AL903 in check, an error in mem).
	bad := []byte("# arraylint: assume N\n")
	if _, err := EstimateSource("x.py", bad, Options{}); err != nil {
		t.Errorf("malformed assume comment: %v, want it left out", err)
	}
	if f, err := pyparse.Parse(bad); err != nil || len(CommentProblems(f)) != 1 {
		t.Errorf("malformed assume comment not reported: %v %v", err, CommentProblems(f))
	}
}

func TestLoopGrowth(t *testing.T) {
	src := "import numpy as np\nparts = []\nfor i in range(1000):\n    parts.append(np.ones(1000))\n"
	r := estimate(t, src, Options{})[0]
	if len(r.Growth) != 1 || r.Growth[0].BytesPerIteration != 8000 || r.Growth[0].Iterations == nil || *r.Growth[0].Iterations != 1000 {
		t.Fatalf("growth = %+v", r.Growth)
	}
	if r.PeakBytes != 8_000_000 {
		t.Errorf("peak = %d, want 1000 iterations × 8000", r.PeakBytes)
	}
	src = "import numpy as np\nparts = []\nwhile True:\n    parts.append(np.ones(1000))\n"
	r = estimate(t, src, Options{})[0]
	if len(r.Growth) != 1 || r.Growth[0].Iterations != nil {
		t.Errorf("while growth = %+v, want one entry with unknown iterations", r.Growth)
	}
}

// TestCountedWhileGrowth: a while loop whose counter steps by a constant on every pass runs as
// many passes as a range loop would, and its growth is extrapolated the same way; a loop that
// can end a pass early, or whose bound changes, keeps unknown iterations.
func TestCountedWhileGrowth(t *testing.T) {
	for _, c := range []struct {
		loop  string
		trips int64 // -1: unknown
	}{
		{"t = 0\nwhile t < 1000:\n    parts.append(np.ones(1000))\n    t += 1\n", 1000},
		{"t = 0\nwhile 999 >= t:\n    parts.append(np.ones(1000))\n    t = t + 1\n", 1000},
		{"t = 2000\nwhile t > 0:\n    parts.append(np.ones(1000))\n    t -= 2\n", 1000},
		{"t = 0\nwhile t != 3000:\n    parts.append(np.ones(1000))\n    t += 3\n", 1000},
		{"t = 0\nn = 1000\nwhile t < n:\n    parts.append(np.ones(1000))\n    t += 1\n    if len(parts) > 5:\n        break\n", -1},
		{"t = 0\nn = 1000\nwhile t < n:\n    parts.append(np.ones(1000))\n    t += 1\n    n -= 1\n", -1},
		{"t = 0\nwhile t < 1000:\n    parts.append(np.ones(1000))\n    if t % 2:\n        t += 1\n    t += 1\n", -1},
	} {
		src := "import numpy as np\nparts = []\n" + c.loop
		r := estimate(t, src, Options{})[0]
		if len(r.Growth) != 1 {
			t.Errorf("%q: growth = %+v, want one entry", c.loop, r.Growth)
			continue
		}
		got := int64(-1)
		if r.Growth[0].Iterations != nil {
			got = *r.Growth[0].Iterations
		}
		if got != c.trips {
			t.Errorf("%q: iterations %d, want %d", c.loop, got, c.trips)
		}
		if c.trips == 1000 && r.PeakBytes != 8_000_000 {
			t.Errorf("%q: peak %d, want 1000 passes × 8000", c.loop, r.PeakBytes)
		}
	}
}

func TestFunctionScopes(t *testing.T) {
	src := "import numpy as np\nN = 1000\n\ndef f(n):\n    return np.ones(n) + 1\n\ndef g():\n    return np.ones(N)\n\nx = f(N)\n"
	rs := estimate(t, src, Options{})
	if len(rs) != 3 || rs[0].Scope != "<module>" || rs[1].Scope != "f" || rs[2].Scope != "g" {
		t.Fatalf("scopes = %v", rs)
	}
	// f's np.ones(n) + 1 is under 256 KiB: not elided, so the call holds 2 × 8000 bytes.
	if rs[0].PeakBytes != 16000 || rs[0].PeakLine != 10 {
		t.Errorf("module: peak %d at %d, want 16000 at line 10 (the call, inlined)", rs[0].PeakBytes, rs[0].PeakLine)
	}
	// f analysed alone takes n from its only call, f(N) at module level.
	if rs[1].PeakBytes != 16000 || len(rs[1].Symbols) != 1 || rs[1].Symbols[0] != (Symbol{Name: "n", Value: int64(1000), Source: absint.SourceCallSite, Line: 10}) {
		t.Errorf("f analysed alone: peak %d, symbols %+v; want 16000 with n = 1000 from the call on line 10", rs[1].PeakBytes, rs[1].Symbols)
	}
	if rs := estimate(t, src+"y = f(7)\n", Options{}); len(rs[1].Unknown) == 0 {
		t.Errorf("f called twice, analysed alone, has an unknown n: %+v", rs[1])
	}
	if rs[2].PeakBytes != 8000 {
		t.Errorf("g sees the module constant N: peak %d", rs[2].PeakBytes)
	}
	if _, err := EstimateSource("x.py", []byte(src), Options{Function: "h"}); err == nil {
		t.Error("missing --function accepted")
	}
}

func TestNoPanicOnOddInput(t *testing.T) {
	for _, src := range []string{"", "def (:\n", "import numpy as np\nx = np.zeros((-1, 3))\n",
		"import numpy as np\na = np.ones(10)\na[...] = a[::-1]\ndel a[0]\n",
		"import numpy as np\ndef r(x):\n    return r(x)\nr(np.ones(3))\n",
		"import numpy as np\nx = np.ones(2**70)\n", "import numpy as np\nfor x in np.ones((3, 4)):\n    y = x * 2\n"} {
		if _, err := EstimateSource("x.py", []byte(src), Options{}); err != nil {
			t.Errorf("%q: %v", src, err)
		}
	}
}

// An if whose condition is unknown: the body runs on the simulation, the else branch on a fork,
// and the peak is the larger of the two.
func TestIfBranches(t *testing.T) {
	src := `import numpy as np
import os
small = np.ones(1000)
if os.environ.get("SMALL"):
    x = np.ones(1000)
else:
    x = np.ones(1_000_000)
y = small + 1
`
	r := estimate(t, src, Options{})[0]
	if r.PeakBytes != 8_008_000 || r.PeakLine != 7 {
		t.Errorf("peak %d at line %d, want 8008000 at line 7 (the else branch)", r.PeakBytes, r.PeakLine)
	}
	var branch bool
	for _, b := range r.Buffers {
		if b.Alloc == -1 && b.Bytes == 8_000_000 {
			branch = true
		}
	}
	if !branch {
		t.Errorf("the else branch's buffer is not listed: %+v", r.Buffers)
	}
	// The state after the if is the body's: x is small, so y is the only new allocation.
	if last := r.Timeline[len(r.Timeline)-1]; last.Bytes != 24000 {
		t.Errorf("after the if: %d bytes live, want 24000", last.Bytes)
	}
	// A constant condition takes one branch only.
	src2 := "import numpy as np\nDEBUG = 0\nif DEBUG:\n    x = np.ones(1_000_000)\nelse:\n    x = np.ones(10)\n"
	if got := estimate(t, src2, Options{})[0].PeakBytes; got != 80 {
		t.Errorf("constant condition: peak %d, want 80", got)
	}
}

// The simulation and the rules' array inference (arraymodel/arrays) must agree on the size
// of every allocation both claim to know in the straight-line programs of testdata/mem.
func TestAgreesWithArrayInference(t *testing.T) {
	progs, _ := filepath.Glob("../testdata/mem/[0-9]*.py")
	checked := 0
	for _, p := range progs {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if kindOf(src) != "straight-line" {
			continue
		}
		f, err := pyparse.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		imp := imports.Build(f.Module)
		info := arrays.Analyze(f, imp)
		opts := &Options{Path: p, Legate: DefaultLegateModel}
		s := newSim(f, imp, BackendNumPy, opts, &fileIndex{}, &absint.Shared{})
		s.in.RunModule()
		for _, b := range s.h.bufs {
			if b.node == nil || !b.shape.Known {
				continue
			}
			a, ok := info.Array(b.node)
			if !ok || a.ViewOf != nil {
				continue
			}
			n, ok := a.NBytes()
			if !ok {
				continue
			}
			checked++
			if n != b.bytes {
				t.Errorf("%s:%d `%s`: simulation %d B, array inference %d B", filepath.Base(p), b.site, b.expr, b.bytes, n)
			}
		}
	}
	if checked < 30 {
		t.Errorf("only %d allocations compared", checked)
	}
	t.Logf("%d allocations compared", checked)
}

func TestListComprehensionAndArrayOfArrays(t *testing.T) {
	src := "import numpy as np\nparts = [np.ones(1000) for i in range(100)]\nx = np.array(parts)\ni = 7\n"
	r := estimate(t, src, Options{})[0]
	if r.PeakBytes != 1_600_000 || r.PeakLine != 3 {
		t.Errorf("peak %d at %d, want 1600000 at line 3 (100 rows, then their 100×1000 copy)", r.PeakBytes, r.PeakLine)
	}
	src = "import numpy as np\nparts = [np.ones(1000) for i in range(1000)]\n"
	if got := estimate(t, src, Options{})[0].PeakBytes; got != 8_000_000 {
		t.Errorf("1000 elements: peak %d, want 8000000 (extrapolated past %d)", got, 64)
	}
	src = "import numpy as np\nimport os\nparts = [np.ones(1000) for a in os.listdir('.')]\n"
	if r := estimate(t, src, Options{})[0]; len(r.Unknown) != 1 {
		t.Errorf("unknown length: %+v", r.Unknown)
	}
}

func TestAnnotatedParameters(t *testing.T) {
	src := "import numpy as np\n\ndef f(x: np.ndarray, n: int, k=4):\n    y = x * 2\n    z = np.ones(k)\n    return y + z\n"
	r := estimate(t, src, Options{Function: "f"})[0]
	if r.PeakBytes != 32 {
		t.Errorf("peak %d, want 32 (np.ones(4) with the default k)", r.PeakBytes)
	}
	if len(r.Unknown) != 2 || r.Unknown[0].Line != 4 || r.Unknown[1].Line != 6 {
		t.Errorf("unknown = %+v, want lines 4 and 6 (derived from the array parameter x)", r.Unknown)
	}
}

func TestJAXEager(t *testing.T) {
	src := `import numpy as np
import jax
import jax.numpy as jnp

host = np.ones(1000)
dev = jax.device_put(host)
x = jnp.zeros((1000,), dtype=jnp.float32)
y = x.at[0].set(1.0)
z = y + y + y
`
	r := estimate(t, src, Options{})[0]
	if r.Backend != BackendJAX {
		t.Fatalf("backend %s", r.Backend)
	}
	// host 8000 (NumPy float64) + dev 4000 (device_put makes it float32 without x64) + x 4000 +
	// y 4000 + (y+y) 4000 + (…+y) 4000: JAX never reuses in place.
	if r.PeakBytes != 28000 || r.PeakLine != 9 {
		t.Errorf("peak %d at line %d, want 28000 at line 9", r.PeakBytes, r.PeakLine)
	}
}

// Sizes parsed from known strings: the re module's match on a known pattern and text, a match's
// groups, len() and list() of a string (cuPyNumeric's einsum example takes its operands' ranks
// from its subscripts with re.match).
func TestSizesFromStrings(t *testing.T) {
	src := `import re
import numpy as np

expr = "kac,kbc->kab"
m = re.match(r"([a-zA-Z]*),([a-zA-Z]*)->([a-zA-Z]*)", expr)
a_modes = list(m.group(1))
A = np.ones((50,) * len(a_modes), dtype=np.float32)
w, h = re.fullmatch(r"(\d+)x(\d+)", "640x480").groups()
img = np.zeros((int(h), int(w), 3), dtype=np.uint8)
none = re.match(r"\d+", "abc")
`
	r := estimate(t, src, Options{})[0]
	if r.PeakIsLowerBound || r.PeakBytes != 500_000+921_600 {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want 1421600", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
}

// A list repeated by a known count is a list of that length: a shape spelled `[size] * ndims`
// (benchpress's convolve reshapes its image with it); a list of arrays is not repeated.
func TestListRepetition(t *testing.T) {
	src := `import numpy as np

ndims = 2
image = np.ones(100 ** ndims).reshape([100] * ndims)
out = image + 1.0
grid = np.zeros([3] * 2)
`
	r := estimate(t, src, Options{})[0]
	if r.PeakIsLowerBound || r.PeakBytes != 80_000+80_000+72 {
		t.Errorf("peak %d (lower bound %v, unknown %+v), want 160072", r.PeakBytes, r.PeakIsLowerBound, r.Unknown)
	}
}
