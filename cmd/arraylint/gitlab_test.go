package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// gitlabIssue is the part of a GitLab Code Quality issue the tests read.
type gitlabIssue struct {
	Description string `json:"description"`
	CheckName   string `json:"check_name"`
	Fingerprint string `json:"fingerprint"`
	Severity    string `json:"severity"`
	Location    struct {
		Path  string `json:"path"`
		Lines struct {
			Begin int `json:"begin"`
		} `json:"lines"`
	} `json:"location"`
}

// gitlabReport runs `arraylint check --output-format gitlab` on src saved as path and returns
// the report's issues.
func gitlabReport(t *testing.T, path string, src []byte) []gitlabIssue {
	t.Helper()
	out := checkOutput(t, map[string]string{path: string(src)}, "--output-format", "gitlab", path)
	var issues []gitlabIssue
	if err := json.Unmarshal(out, &issues); err != nil {
		t.Fatalf("gitlab report is not JSON: %v\n%s", err, out)
	}
	return issues
}

// TestGitLabFingerprints checks that fingerprints are unique within a report, also for identical
// findings, and survive lines inserted above the findings and a second run.
func TestGitLabFingerprints(t *testing.T) {
	body := `
def make():
    a = np.zeros(N).astype(np.int32)
    b = np.zeros(N).astype(np.int32)
    c = np.arange(N).astype(np.float32)
    return a, b, c
`
	before := []byte("import numpy as np\nN = 10_000_000\n" + body)
	after := []byte("import numpy as np\n# a comment\n\nN = 10_000_000\nM = 5\n" + body)
	old := gitlabReport(t, "src/f.py", before)
	if len(old) != 3 {
		t.Fatalf("%d issues, want 3 (two identical AL303 lines and one more): %+v", len(old), old)
	}
	seen := map[string]bool{}
	for _, is := range old {
		if seen[is.Fingerprint] {
			t.Errorf("fingerprint %s repeats within one report", is.Fingerprint)
		}
		seen[is.Fingerprint] = true
		if is.CheckName != "AL303" || is.Location.Path != "src/f.py" || is.Severity == "" || !strings.HasPrefix(is.Description, "AL303 (astype-copy): ") {
			t.Errorf("issue %+v", is)
		}
	}
	again := gitlabReport(t, "src/f.py", before)
	moved := gitlabReport(t, "src/f.py", after)
	if len(moved) != len(old) {
		t.Fatalf("%d issues after inserting lines, want %d", len(moved), len(old))
	}
	for i := range old {
		if again[i].Fingerprint != old[i].Fingerprint {
			t.Errorf("issue %d: fingerprint changed between two runs", i)
		}
		if moved[i].Location.Lines.Begin != old[i].Location.Lines.Begin+3 {
			t.Errorf("issue %d: line %d after inserting 3 lines above, was %d", i, moved[i].Location.Lines.Begin, old[i].Location.Lines.Begin)
		}
		if moved[i].Fingerprint != old[i].Fingerprint {
			t.Errorf("issue %d: fingerprint changed when lines were inserted above it", i)
		}
	}
	// The path, the rule and the flagged text each make a different finding.
	other := gitlabReport(t, "src/g.py", before)
	if other[0].Fingerprint == old[0].Fingerprint {
		t.Error("the same finding in another file has the same fingerprint")
	}
	edited := gitlabReport(t, "src/f.py", bytes.Replace(before, []byte("c = np.arange(N)"), []byte("c = np.arange(2 * N)"), 1))
	if edited[2].Fingerprint == old[2].Fingerprint || edited[0].Fingerprint != old[0].Fingerprint {
		t.Error("editing the flagged code of one finding must change its fingerprint and no other")
	}
}
