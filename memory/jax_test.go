package memory

import "testing"

// JAX arrays are 32-bit unless the program turns on 64-bit mode; every way the source can do so
// doubles the float estimate.
func TestJAXDefaultDType(t *testing.T) {
	const body = "x = jnp.zeros((1024, 1024))\n"
	cases := []struct {
		name, src string
		want      int64
	}{
		{"default float32", "import jax.numpy as jnp\n" + body, 4_194_304},
		{"float64 asked for without x64", "import jax.numpy as jnp\nx = jnp.zeros((1024, 1024), dtype=jnp.float64)\n", 4_194_304},
		{"int arange is int32", "import jax.numpy as jnp\nx = jnp.arange(1024 * 1024)\n", 4_194_304},
		{"config.update", "import jax\nimport jax.numpy as jnp\njax.config.update(\"jax_enable_x64\", True)\n" + body, 8_388_608},
		{"from jax import config", "from jax import config\nimport jax.numpy as jnp\nconfig.update('jax_enable_x64', 1)\n" + body, 8_388_608},
		{"environ", "import os\nos.environ[\"JAX_ENABLE_X64\"] = \"1\"\nimport jax.numpy as jnp\n" + body, 8_388_608},
		{"setdefault", "import os\nos.environ.setdefault(\"JAX_ENABLE_X64\", \"true\")\nimport jax.numpy as jnp\n" + body, 8_388_608},
		{"x64 turned off", "import jax\nimport jax.numpy as jnp\njax.config.update(\"jax_enable_x64\", False)\n" + body, 4_194_304},
		{"numpy stays float64", "import numpy as np\nimport jax.numpy as jnp\nx = np.zeros((1024, 1024))\n", 8_388_608},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := estimate(t, c.src, Options{})[0]
			if r.PeakBytes != c.want {
				t.Errorf("peak %d B, want %d B", r.PeakBytes, c.want)
			}
		})
	}
}
