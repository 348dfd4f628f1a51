package memory

import "testing"

// TestTPUPadding: on a TPU target a JAX array takes its tiled size (f32 (65536, 100) pads to
// 128 lanes: 32 MiB instead of 25 MiB) and the report gives the padding at the peak; a GPU
// target, NumPy arrays and a second-to-last dimension below 8 add none.
func TestTPUPadding(t *testing.T) {
	src := []byte("import jax.numpy as jnp\na = jnp.zeros((65536, 100), dtype=jnp.float32)\nb = jnp.ones((4096, 4096), dtype=jnp.float32)\nc = jnp.zeros((1, 100000), dtype=jnp.float32)\n")
	for _, c := range []struct {
		target        string
		peak, padding int64
	}{
		{"tpu-v5e", 32*MiB + 64*MiB + 100096*4, 7*MiB + 96*4}, // c pads its lanes only: 96 elements
		{"tpu-v6e", 32*MiB + 64*MiB + 100096*4, 7*MiB + 96*4},
		{"h100", 65536*100*4 + 64*MiB + 100000*4, 0},
	} {
		rs, err := EstimateSource("pad.py", src, Options{Target: resolve(t, TargetOptions{Target: c.target})})
		if err != nil {
			t.Fatal(err)
		}
		r := rs[0]
		if r.PeakBytes != c.peak || r.PaddingBytes != c.padding {
			t.Errorf("%s: peak %d padding %d, want %d and %d", c.target, r.PeakBytes, r.PaddingBytes, c.peak, c.padding)
		}
	}
	np := []byte("import numpy as np\na = np.zeros((65536, 100), dtype=np.float32)\n")
	rs, err := EstimateSource("np.py", np, Options{Target: resolve(t, TargetOptions{Target: "tpu-v5e"})})
	if err != nil {
		t.Fatal(err)
	}
	if rs[0].PeakBytes != 65536*100*4 || rs[0].PaddingBytes != 0 {
		t.Errorf("numpy on a TPU target: peak %d padding %d, want the raw size and no padding", rs[0].PeakBytes, rs[0].PaddingBytes)
	}
}
