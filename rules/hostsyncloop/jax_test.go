package hostsyncloop

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
heavy = jax.jit(lambda a: jax.lax.fori_loop(0, 20, lambda i, a: jnp.tanh(a @ a), a)[0, 0])
big = jnp.ones((1000, 1000)) / 1000
small = jnp.ones((100, 100)) / 100
heavy(big).block_until_ready()  # compiled once, outside the checks
heavy(small).block_until_ready()

def dispatch_returns_early():
    r = heavy(big)  # 40 GFLOP: far longer than the call's return
    before = r.is_ready()
    r.block_until_ready()
    return before

def sync(conv):
    r = heavy(small)
    conv(r)
    return r.is_ready()  # only a conversion that waited leaves it ready for sure

p = jnp.ones(4)
batches = [jnp.ones(4)] * 3
`

// TestSyncsUnderJAX checks the behaviour the rule relies on: a jitted call returns before its
// result is computed, and each conversion the rule reports waits for it; and the fixtures run.
func TestSyncsUnderJAX(t *testing.T) {
	want := map[string]string{
		"dispatch_returns_early()":             "False",
		"sync(float)":                          "True",
		"sync(lambda r: r.item())":             "True",
		"sync(np.asarray)":                     "True",
		"sync(jax.device_get)":                 "True",
		"sync(print)":                          "True",
		"train(p, batches)":                    "ok",
		"train_metrics(p, batches)":            "ok",
		"while_loop(p, p, 2)":                  "ok",
		"logged_through_names(p, batches)":     "ok",
		"running_total(p, batches)":            "ok",
		"guard_not_limiting(p, batches, True)": "ok",
	}
	var exprs []string
	for e := range want {
		exprs = append(exprs, e)
	}
	slices.Sort(exprs)
	path := filepath.Join("testdata", "src", "basic", "basic.py")
	jaxoracle.Check(t, jaxoracle.Eval(t, path, setup, exprs), want)
}
