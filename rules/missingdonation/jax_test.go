package missingdonation

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/arraylint/arraylint/rules/internal/jaxoracle"
)

const setup = `
import jax
import jax.numpy as jnp
p = jnp.ones((256, 256))  # 262144 bytes
o = jnp.ones((256, 256))
b = jnp.ones(8)

def alias(f, *args, **kwargs):
    return f.lower(*args, **kwargs).compile().memory_analysis().alias_size_in_bytes

def fit_trainer():
    t = Trainer()
    t.params = p + 0
    t.fit([b, b])
    return t.params
`

// TestFixturesUnderJAX compiles the reported steps before and after the fix under JAX: XLA
// aliases no byte of the undonated step and exactly the donated arguments' bytes of the fixed
// one; the fixed training loops still run, and reading a donated argument again fails, which
// is why the fix is unsafe.
func TestFixturesUnderJAX(t *testing.T) {
	const mb = "262144" // one 256×256 float32 array
	cases := []struct {
		file string
		want map[string]string
	}{
		{"basic/basic.py", map[string]string{
			"alias(step, p, o, b)": "0", "alias(update, p, b)": "0", "alias(half, p, o, b)": mb,
			"alias(scale, p, 2)": "0", "alias(Trainer().train_step, p, b)": "0", "alias(train_step, p, b)": "0",
			"alias(kw_step, state=p, batch=b)": "0",
		}},
		{"basic/basic.py.unsafe.golden", map[string]string{
			"alias(step, p, o, b)": "524288", "alias(update, p, b)": mb, "alias(half, p, o, b)": "524288",
			"alias(scale, p, 2)": mb, "alias(Trainer().train_step, p, b)": mb,
			"train(p + 0, o + 0, [b, b, b])": "ok", "loop(p + 0, [b, b])": "ok",
			"train_half(p + 0, o + 0, [b, b])": "ok", "rescale(p + 0, [b, b], 2)": "ok", "fit_trainer()": "ok", "sized_state([b, b])": "ok", "alias(train_step, p, b)": mb, "rebind_name(p + 0, [b, b])": "ok",
			"(lambda q: [step(q, o + 0, b), q.sum()])(p + 0)": "RuntimeError",
			"alias(kw_step, state=p, batch=b)":                mb, "train_by_keyword(p + 0, [b, b])": "ok",
		}},
		{"aliased/aliased.py", map[string]string{"alias(sgd, p, p)": "0", "alias(sgd2, p, p)": "0"}},
		{"aliased/aliased.py.unsafe.golden", map[string]string{
			"alias(sgd, p, p)": mb, "alias(sgd2, p, p)": mb, "fit(p + 0, [p, p])": "ok",
		}},
		{"negative/negative.py", map[string]string{
			"alias(step, p, o, b)": "524288", "alias(step_named, p, o, b)": "524288",
			"train(p + 0, o + 0, [b, b])": "ok", "unrolled(p + 0, o + 0, p)": "ok",
		}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", "src", filepath.FromSlash(c.file)))
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(t.TempDir(), "fixture.py") // a golden needs a .py name to import
			if err := os.WriteFile(path, src, 0o644); err != nil {
				t.Fatal(err)
			}
			var exprs []string
			for e := range c.want {
				exprs = append(exprs, e)
			}
			slices.Sort(exprs)
			jaxoracle.Check(t, jaxoracle.Eval(t, path, setup, exprs), c.want)
		})
	}
}

// TestRelaidDonationUnusable checks under JAX, on two host devices, what the rule's layout test
// relies on: a donated argument whose output is sharded otherwise (a resharding identity) gets
// no buffer reused, while one whose sharding the step keeps is aliased in full per device.
func TestRelaidDonationUnusable(t *testing.T) {
	t.Setenv("XLA_FLAGS", "--xla_force_host_platform_device_count=2")
	path := filepath.Join(t.TempDir(), "relaid.py")
	src := `import jax
import jax.numpy as jnp
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(jax.devices(), ("dp",))
rep, shd = NamedSharding(mesh, P()), NamedSharding(mesh, P("dp"))
reshard = jax.jit(lambda x: x, in_shardings=rep, out_shardings=shd, donate_argnums=(0,))
same = jax.jit(lambda x: x * 2, in_shardings=shd, out_shardings=shd, donate_argnums=(0,))
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	const setup = `
import jax, jax.numpy as jnp
def alias(f, s):
    x = jax.device_put(jnp.ones((1024, 256)), s)  # 1 MiB; 512 KiB a device when split
    return f.lower(x).compile().memory_analysis().alias_size_in_bytes
`
	jaxoracle.Check(t, jaxoracle.Eval(t, path, setup, []string{"len(jax.devices())", "alias(reshard, rep)", "alias(same, shd)"}),
		map[string]string{"len(jax.devices())": "2", "alias(reshard, rep)": "0", "alias(same, shd)": "524288"})
}
