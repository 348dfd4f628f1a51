package tracedshape

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/arraylint/arraylint/rules/internal/jaxoracle"
)

const setup = `
import numpy as np
import jax.numpy as jnp
x = jnp.arange(6.0) - 2
xs = x.reshape(2, 3)
`

// TestFixturesUnderJAX runs every function of the fixtures under JAX: each one the rule reports
// raises the error its message names when JAX traces it, and each negative one runs.
func TestFixturesUnderJAX(t *testing.T) {
	cases := []struct {
		file string
		want map[string]string
	}{
		{"basic/basic.py", map[string]string{
			"nonzero_mean(x)":             "ConcretizationTypeError",
			"masked_sum(x)":               "NonConcreteBooleanIndexError",
			"others(x, 1)":                "ConcretizationTypeError",
			"scan_rows(xs)":               "NonConcreteBooleanIndexError",
			"grad_step(jnp.ones(6), x)":   "ConcretizationTypeError",
			"per_row(xs)":                 "ConcretizationTypeError",
			"constant_inside(x)":          "ConcretizationTypeError",
			"uses_helper(x)":              "ConcretizationTypeError",
			"masked_sum.__wrapped__(x)":   "ok", // the same code eagerly runs
			"nonzero_mean.__wrapped__(x)": "ok",
		}},
		{"aliased/aliased.py", map[string]string{
			"f(x)": "ConcretizationTypeError", "g_jit(x)": "NonConcreteBooleanIndexError",
			"h(x)": "ConcretizationTypeError",
		}},
		{"negative/negative.py", map[string]string{
			"sized(x)": "ok", "static_mask(jnp.arange(3.0))": "ok", "static_arg_mask(x, 3)": "ok",
			"eager(x)": "ok", "batched_const(xs)": "ok", "numpy_only(np.arange(3))": "ok",
			"host_numpy(x)": "ok", "shapes(x)": "ok", "not_mask(x, None)": "ok", "eager_caller(x)": "ok",
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := filepath.Join("testdata", "src", filepath.FromSlash(c.file))
			var exprs []string
			for e := range c.want {
				exprs = append(exprs, e)
			}
			slices.Sort(exprs)
			jaxoracle.Check(t, jaxoracle.Eval(t, path, setup, exprs), c.want)
		})
	}
}

// TestSizedTableUnderJAX checks every function of the sized table: under jit it raises
// ConcretizationTypeError (or a subclass: compress and extract raise TracerBoolConversionError)
// without size= and traces with it.
func TestSizedTableUnderJAX(t *testing.T) {
	args := map[string]string{
		"compress": "a > 0, a", "extract": "a > 0, a", "setdiff1d": "a, a[:2]",
		"union1d": "a, a[:2]", "intersect1d": "a, a[:2]",
	}
	var exprs []string
	want := map[string]string{}
	for api := range sized {
		a := args[api]
		if a == "" {
			a = "a"
		}
		without := "jax.jit(lambda a: jnp." + api + "(" + a + "))(x)"
		// with size= it traces; lowering is enough to show it and skips the compile
		with := "jax.jit(lambda a: jnp." + api + "(" + a + ", size=3)).lower(x) is not None"
		exprs = append(exprs, without, with)
		want[without], want[with] = "ConcretizationTypeError", "True"
	}
	slices.Sort(exprs)
	dir := t.TempDir()
	mod := filepath.Join(dir, "table.py")
	if err := os.WriteFile(mod, []byte("import jax\nimport jax.numpy as jnp\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	jaxoracle.Check(t, jaxoracle.Eval(t, mod, setup, exprs), want)
}
