package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runMemCmd(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runMemEnv(t, map[string]string{}, args...)
}

func runMemEnv(t *testing.T, vars map[string]string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string { return vars[k] }}
	code := run(context.Background(), e, append([]string{"mem"}, args...))
	return code, out.String(), errb.String()
}

const seedOOM = "../../memory/testdata/seed/oom.py"

func TestMemLegateSeed(t *testing.T) {
	code, out, errs := runMemCmd(t, seedOOM, "--backend", "legate", "--sysmem", "40", "--format", "json")
	if code != exitFindings {
		t.Fatalf("exit %d (stderr %q), want %d: the allocation at line 16 does not fit", code, errs, exitFindings)
	}
	var reports []struct {
		Scope string `json:"scope"`
		OOM   *struct {
			Line         int   `json:"line"`
			RequestBytes int64 `json:"request_bytes"`
			HeldBytes    int64 `json:"held_bytes"`
			PoolBytes    int64 `json:"pool_bytes"`
		} `json:"oom"`
	}
	if err := json.Unmarshal([]byte(out), &reports); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if len(reports) != 1 || reports[0].Scope != "<module>" || reports[0].OOM == nil {
		t.Fatalf("reports = %+v", reports)
	}
	if o := reports[0].OOM; o.Line != 16 || o.RequestBytes != 8388608 || o.HeldBytes != 33554400 || o.PoolBytes != 41943040 {
		t.Errorf("oom = %+v", *o)
	}
	// LEGATE_CONFIG in the environment sizes the pools as it does for legate itself.
	if code, _, errs := runMemEnv(t, map[string]string{"LEGATE_CONFIG": "--cpus 1 --gpus 0 --sysmem 40"}, seedOOM); code != exitFindings {
		t.Errorf("LEGATE_CONFIG --sysmem 40: exit %d (%s), want %d", code, errs, exitFindings)
	}
	// A smaller per-instance overhead makes the fifth instance fit exactly.
	if code, _, _ := runMemCmd(t, seedOOM, "--sysmem", "40", "--legate-overhead", "0", "--legate-alignment", "16"); code != exitOK {
		t.Errorf("--legate-overhead 0: exit %d, want 0 (payloads alone fit 40 MiB)", code)
	}
	// Fix Path A: a bigger pool fits (exit 0); the flag string works like the flags.
	if code, _, errs := runMemCmd(t, seedOOM, "--backend", "legate", "--legate-config", "--cpus 1 --sysmem 128"); code != exitOK {
		t.Errorf("--sysmem 128: exit %d (%s)", code, errs)
	}
}

func TestMemFormatsAndFlags(t *testing.T) {
	prog := "../../testdata/mem/22_function.py"
	code, out, _ := runMemCmd(t, prog)
	if code != exitOK || !strings.Contains(out, "<module>") || !strings.Contains(out, "normalize") || !strings.Contains(out, "memory vs program order") {
		t.Errorf("text: exit %d\n%s", code, out)
	}
	code, out, _ = runMemCmd(t, prog, "--function", "normalize", "--format", "json", "--assume", "N=10")
	if code != exitOK || strings.Count(out, `"scope"`) != 1 || !strings.Contains(out, `"scope": "normalize"`) {
		t.Errorf("--function: exit %d\n%s", code, out)
	}
	html := filepath.Join(t.TempDir(), "r.html")
	if code, _, errs := runMemCmd(t, prog, "--format", "html", "-o", html, "--target", "l4"); code != exitOK {
		t.Fatalf("html: exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(html)
	if err != nil || !bytes.Contains(data, []byte(`id="peak-marker-0"`)) {
		t.Errorf("html report: %v", err)
	}
	code, out, _ = runMemCmd(t, "--list-targets")
	if code != exitOK || !strings.Contains(out, "tpu-v5e") || !strings.Contains(out, "17,179,869,184") {
		t.Errorf("--list-targets: %d\n%s", code, out)
	}
	for _, bad := range [][]string{{}, {prog, prog}, {prog, "--format", "xml"}, {prog, "--target", "v100"},
		{prog, "--backend", "tpu"}, {prog, "--hbm", "lots"}, {"no/such/file.py"}, {prog, "--function", "nope"},
		{prog, "--assume", "N"}} {
		if code, _, errs := runMemCmd(t, bad...); code != exitError || !strings.HasPrefix(errs, "arraylint mem: ") && !strings.Contains(errs, "invalid value") {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 with an error", bad, code, errs)
		}
	}
}

func TestMemConfigSection(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "p.py")
	src := "import numpy as np\nimport sys\nN = int(sys.argv[1])\nx = np.ones(N)\ny = x * 2\n"
	if err := os.WriteFile(prog, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := "[tool.arraylint.memory]\nhbm = \"12MB\"\n\n[tool.arraylint.memory.assume]\nN = 1_000_000\n"
	if err := os.WriteFile(filepath.Join(dir, "pyproject.toml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runMemCmd(t, prog, "--format", "json")
	if code != exitFindings || !strings.Contains(out, `"peak_bytes": 16000000`) || !strings.Contains(out, `"target_bytes": 12000000`) {
		t.Errorf("config section: exit %d (%s)\n%s", code, errs, out)
	}
	// A flag overrides the configuration.
	if code, _, _ := runMemCmd(t, prog, "--hbm", "1GiB"); code != exitOK {
		t.Errorf("--hbm 1GiB over the configured 12MB: exit %d", code)
	}
}
