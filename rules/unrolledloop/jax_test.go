package unrolledloop

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/arraylint/arraylint/rules/internal/jaxoracle"
)

const setup = `
import numpy as np
import jax
import jax.numpy as jnp
x = jnp.arange(6.0) - 2
xs = x.reshape(2, 3)

def hlo(f, *args):
    return len(f.lower(*args).as_text())

def fori_len(n):
    return hlo(jax.jit(lambda x: jax.lax.fori_loop(0, n, lambda _, x: x + 0.01 * jnp.sin(x), x)), x)
`

// TestFixturesUnderJAX runs the fixtures under JAX: the reported loops trace (or raise the error
// the message names), the program grows linearly with an unrolled loop's trip count and not
// with a fori_loop's, and the negative fixtures run.
func TestFixturesUnderJAX(t *testing.T) {
	cases := []struct {
		file string
		want map[string]string
	}{
		{"basic/basic.py", map[string]string{
			"integrate(x)":       "ok",
			"rows(x)":            "ok",
			"steps(x, 3)":        "ok",
			"traced_count(x, 3)": "TracerIntegerConversionError",
			"run(xs)":            "ok",
			"outer(x)":           "ok",
			"smooth(x)":          "ok",
			"sweep_once(x)":      "ok",
			"hlo(steps, x, 100) > 5 * hlo(steps, x, 10)": "True",
			// linear growth: 900 more trips add 10 times what 90 more trips add (within 10%)
			"abs((hlo(steps, x, 1000) - hlo(steps, x, 100)) / (hlo(steps, x, 100) - hlo(steps, x, 10)) - 10) < 1": "True",
			// a fori_loop's program does not grow with its trip count (only the constant's digits change)
			"abs(fori_len(10) - fori_len(10000)) < 16": "True",
		}},
		{"aliased/aliased.py", map[string]string{"f(x)": "ok", "g_jit(x)": "ok"}},
		{"negative/negative.py", map[string]string{
			"small(x)": "ok", "fori(x)": "ok", "Model(2).apply(jnp.ones(3))": "ok", "eager(x)": "ok",
			"batched(xs)": "ok", "over_params([(jnp.ones((6, 6)), jnp.ones(6))], x)": "ok",
			"range_shadow(lambda n: [0], x)": "ok", "per_axis(xs)": "ok", "smooth_eager(x)": "ok",
			"rational_series(x)": "ok", "use_half_window(x)": "ok", "bench(x)": "ok", "solve_twice(x)": "ok",
			"blocks([xs[0], xs[1], xs[0]])": "ok",
			// passed, the parameter is traced, and the branch on it raises
			"half_window(x, False)": "TracerBoolConversionError,ConcretizationTypeError,JAXTypeError,TypeError,Exception",
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
