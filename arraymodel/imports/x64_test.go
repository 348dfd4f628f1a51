package imports

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

// TestBuildFindsX64: Build's one walk finds JAX's 64-bit mode wherever EnablesX64's walk of the
// whole tree does: at module level, in a function's body, default or decorator, a lambda, a
// comprehension, a class body, an f-string, a with statement or a match guard; and on every
// Python file of the repository's test data.
func TestBuildFindsX64(t *testing.T) {
	srcs := []string{
		"import jax\njax.config.update('jax_enable_x64', True)\n",
		"import jax\ndef f():\n    jax.config.update('jax_enable_x64', 1)\n",
		"import jax\ndef f(a=jax.config.update('jax_enable_x64', True)):\n    pass\n",
		"import jax\n@deco(jax.config.update('jax_enable_x64', True))\ndef f():\n    pass\n",
		"import jax\ng = lambda: jax.config.update('jax_enable_x64', 'true')\n",
		"import jax\nxs = [jax.config.update('jax_enable_x64', True) for _ in range(1)]\n",
		"import jax\nclass C:\n    jax.config.update('jax_enable_x64', True)\n",
		"import jax\nprint(f\"{jax.config.update('jax_enable_x64', True)}\")\n",
		"import jax\nfrom jax.experimental import enable_x64\nwith enable_x64():\n    pass\n",
		"import jax, os\nos.environ['JAX_ENABLE_X64'] = '1'\n",
		"import jax, os\nos.environ.setdefault('JAX_ENABLE_X64', 'yes')\n",
		"import jax\nmatch x:\n    case 1 if jax.config.update('jax_enable_x64', True):\n        pass\n",
		"import jax\njax.config.update('jax_enable_x64', False)\n",
		"import numpy\nimport os\nos.environ['JAX_ENABLE_X64'] = '1'\n",
	}
	err := filepath.WalkDir("../..", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "wt" || strings.HasPrefix(d.Name(), ".")) && path != "../.." {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".py") && strings.Contains(path, "testdata") {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			srcs = append(srcs, string(b))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) < 100 {
		t.Fatalf("only %d sources: the test data was not found", len(srcs))
	}
	on := 0
	for _, src := range srcs {
		f, err := pyparse.Parse([]byte(src))
		if err != nil {
			continue
		}
		info := Build(f.Module)
		want := info.Backends()&JAX != 0 && EnablesX64(f.Module)
		if info.X64 != want {
			t.Errorf("Build's X64 = %v, EnablesX64 = %v for:\n%s", info.X64, want, clipSrc(src))
		}
		if want {
			on++
		}
	}
	if on < 12 {
		t.Errorf("only %d sources turn x64 on: the crafted cases were not all recognised", on)
	}
}

func clipSrc(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
