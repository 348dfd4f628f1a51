package arrays

import (
	"testing"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
)

// The rules see JAX's dtypes as the memory estimate does: 32-bit without x64, 64-bit with it.
func TestJAXDTypeFollowsX64(t *testing.T) {
	cases := []struct {
		src  string
		want npapi.DType
	}{
		{"import jax.numpy as jnp\nx = jnp.zeros((4, 4))\n", npapi.Float32},
		{"import jax.numpy as jnp\nx = jnp.zeros((4, 4), dtype=jnp.float64)\n", npapi.Float32},
		{"import jax\nimport jax.numpy as jnp\njax.config.update('jax_enable_x64', True)\nx = jnp.zeros((4, 4))\n", npapi.Float64},
		{"import jax.numpy as jnp\nx = jnp.arange(16)\n", npapi.Int32},
		{"import jax\nimport jax.numpy as jnp\njax.config.update('jax_enable_x64', True)\nx = jnp.arange(16)\n", npapi.Int64},
	}
	for _, c := range cases {
		f, info := analyze(t, c.src)
		a := mustArray(t, info, lastName(f, "x"), c.src)
		if a.DType != c.want {
			t.Errorf("%q: dtype %s, want %s", c.src, a.DType, c.want)
		}
	}
}

// The rules size arrays from argparse defaults as the memory estimate does.
func TestArgparseNamespace(t *testing.T) {
	src := "import argparse\nimport numpy as np\np = argparse.ArgumentParser()\np.add_argument('--n', type=int, default=1000)\nargs = p.parse_args()\nx = np.zeros(args.n)\n"
	f, info := analyze(t, src)
	a := mustArray(t, info, lastName(f, "x"), src)
	if n, ok := a.NBytes(); !ok || n != 8000 {
		t.Errorf("x: %v bytes (known %v), want 8000", n, ok)
	}
}

// The rules see a NumPy scalar's promotion as the numpy-version setting says: NEP 50 under 2
// (float32 array * np.float64 is float64), value-based casting under 1 (float32).
func TestNumPyVersionDTypes(t *testing.T) {
	src := "import numpy as np\nx = np.ones(10, dtype=np.float32)\ny = x * np.float64(2.0)\nz = x * 2.0\n"
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		v    npapi.NumPyVersion
		y, z npapi.DType
	}{{npapi.NumPy2, npapi.Float64, npapi.Float32}, {npapi.NumPy1, npapi.Float32, npapi.Float32}} {
		info := AnalyzeUnder(f, imports.Build(f.Module), nil, c.v)
		if y := mustArray(t, info, lastName(f, "y"), "y"); y.DType != c.y {
			t.Errorf("numpy-version %s: y is %s, want %s", c.v, y.DType, c.y)
		}
		if z := mustArray(t, info, lastName(f, "z"), "z"); z.DType != c.z {
			t.Errorf("numpy-version %s: z is %s, want %s", c.v, z.DType, c.z)
		}
	}
}
