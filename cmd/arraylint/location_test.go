package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// locationProject writes, under dir, a project whose findings depend on a module it follows:
// main.py's arrays come from helper.make, 3.2 GB each, over the configured 1 GiB.
func locationProject(t *testing.T, dir string) {
	t.Helper()
	files := map[string]string{
		"pyproject.toml": "[tool.arraylint]\nselect = [\"ALL\"]\n\n[tool.arraylint.memory]\nhbm = \"1GiB\"\n",
		"helper.py":      "import numpy as np\n\n\ndef make(n):\n    return np.ones((n, n))\n",
		"main.py":        "import numpy as np\n\nfrom helper import make\n\nN = 20000\na = make(N)\na = a * 2.0\nb = np.sqrt(a)\n",
	}
	for name, src := range files {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// locationCheck runs `arraylint check ARGS` without the cache and returns its standard output
// with dir written as <dir>.
func locationCheck(t *testing.T, dir string, args ...string) string {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(k string) string {
		if k == "ARRAYLINT_NO_CACHE" {
			return "1"
		}
		return ""
	}}
	if code := run(context.Background(), e, append([]string{"check"}, args...)); code != exitOK && code != exitFindings {
		t.Fatalf("check %v: status %d: %s", args, code, errb.String())
	}
	s := out.String()
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		s = strings.ReplaceAll(s, real, "<dir>")
	}
	return strings.ReplaceAll(s, dir, "<dir>")
}

// The same text gives the same findings wherever it sits, when its settings are equal: the
// project modules the analysis follows are part of the settings (--show-settings' project-root,
// here each copy's own directory) and nothing else of the location counts. A configuration
// given with --config elsewhere makes other settings, and --show-settings says so.
func TestSameTextTwoLocations(t *testing.T) {
	a := filepath.Join(t.TempDir(), "a")
	b := filepath.Join(t.TempDir(), "deeper", "b")
	locationProject(t, a)
	locationProject(t, b)

	findingsA := locationCheck(t, a, "--output-format", "json", filepath.Join(a, "main.py"))
	findingsB := locationCheck(t, b, "--output-format", "json", filepath.Join(b, "main.py"))
	if findingsA != findingsB {
		t.Errorf("the same text and settings at two places gave\n%s\nand\n%s", findingsA, findingsB)
	}
	if !strings.Contains(findingsA, `"AL101"`) {
		t.Errorf("no AL101: the test no longer depends on the followed module:\n%s", findingsA)
	}
	settingsA := locationCheck(t, a, "--show-settings", filepath.Join(a, "main.py"))
	settingsB := locationCheck(t, b, "--show-settings", filepath.Join(b, "main.py"))
	if settingsA != settingsB {
		t.Errorf("settings differ:\n%s\nand\n%s", settingsA, settingsB)
	}
	if !strings.Contains(settingsA, "project-root = \"<dir>\"  # imported modules under it are followed\n") {
		t.Errorf("--show-settings does not show the followed project root:\n%s", settingsA)
	}

	// b's file under a's configuration: another project root, shown as such.
	other := locationCheck(t, b, "--config", filepath.Join(a, "pyproject.toml"), "--show-settings", filepath.Join(b, "main.py"))
	if strings.Contains(other, "project-root = \"<dir>\"") {
		t.Errorf("--config elsewhere: project-root still b's own:\n%s", other)
	}
}
