package main

import (
	"os/exec"
	"strings"
	"testing"
)

// The wheels, the VS Code extension and `arraylint version` carry one version: the constant of
// version.go, which release/wheels.py (and through it release/vsix.py and the root
// pyproject.toml's backend) reads. A change to how the constant is written must keep it readable.
func TestReleaseReadsThisVersion(t *testing.T) {
	py := lookTool(t, "python3", "apt-get install python3")
	out, err := exec.Command(py, "../../release/wheels.py", "--print-version").CombinedOutput()
	if err != nil {
		t.Fatalf("release/wheels.py --print-version: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != version {
		t.Errorf("release/wheels.py reads version %q, arraylint version prints %q", got, version)
	}
}
