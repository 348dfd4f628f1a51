package recompile

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/arraylint/arraylint/rules/internal/jaxoracle"
)

const setup = `
import logging
import jax
import jax.numpy as jnp
jax.config.update("jax_log_compiles", True)
_msgs = []
class _Log(logging.Handler):
    def emit(self, record):
        _msgs.append(record.getMessage())
logging.getLogger("jax").addHandler(_Log())

def compiles(thunk, name):
    """How many times running thunk compiles jit(name), from JAX's compile log."""
    start = len(_msgs)
    thunk()
    return sum(m.startswith("Compiling jit(" + name + ")") for m in _msgs[start:])

x = jnp.arange(4.0)
m = jnp.ones((3, 3))
xs = [x, x, x, x]
`

// TestCompilesUnderJAX counts, from JAX's compile log, the compilations each fixture function
// makes: one per iteration (or per call) where the rule reports, at most one where it does not.
func TestCompilesUnderJAX(t *testing.T) {
	cases := []struct {
		file string
		want map[string]string
	}{
		{"basic/basic.py", map[string]string{
			`compiles(lambda: schedule(x, 5), "scale")`:                "5",
			`compiles(lambda: counter(x, 4), "shift")`:                 "4",
			`compiles(lambda: fresh_lambda(xs), "<lambda>")`:           "4",
			`compiles(lambda: fresh_partial(xs, 2.0), "multiply")`:     "4",
			`compiles(lambda: fresh_def(xs), "body")`:                  "4",
			`compiles(lambda: [per_call(m), per_call(m)], "<lambda>")`: "2",
			`compiles(lambda: generate(x, 4), "next_token")`:           "4",
		}},
		{"aliased/aliased.py", map[string]string{
			`compiles(lambda: grow(x, 4), "tile")`:     "3",
			`compiles(lambda: per_item(xs, x), "dot")`: "4",
		}},
		{"negative/negative.py", map[string]string{
			`compiles(lambda: traced_schedule(x, 5), "scale")`:      "1",
			`compiles(lambda: fixed_static(x, 5, 2), "power")`:      "1",
			`compiles(lambda: loop_stable(xs), "stable")`:           "0", // cached by jit_stable_in_loop, which runs first
			`compiles(lambda: jit_stable_in_loop(xs), "stable")`:    "1", // eight jax.jit(stable) calls
			`compiles(lambda: [sin2(v) for v in xs], "<lambda>")`:   "1",
			`compiles(lambda: generate_padded(x, 4), "next_token")`: "1",
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
