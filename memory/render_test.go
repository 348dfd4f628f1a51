package memory

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func seedReports(t *testing.T) []*Report {
	t.Helper()
	return estimateFile(t, "testdata/seed/oom.py", Options{Backend: BackendLegate,
		Target: resolve(t, TargetOptions{SysMem: "40"})})
}

func TestWriteJSONSchema(t *testing.T) {
	var b bytes.Buffer
	if err := WriteJSON(&b, seedReports(t)); err != nil {
		t.Fatal(err)
	}
	var got []map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0]["scope"] != "<module>" {
		t.Fatalf("want one module object, got %v", got)
	}
	for _, k := range []string{"backend", "peak_bytes", "peak_line", "target_bytes", "fits", "live_at_peak", "timeline", "unknown", "oom"} {
		if _, ok := got[0][k]; !ok {
			t.Errorf("missing field %q", k)
		}
	}
	oom := got[0]["oom"].(map[string]any)
	for _, k := range []string{"line", "request_bytes", "held_bytes", "pool_bytes", "live"} {
		if _, ok := oom[k]; !ok {
			t.Errorf("oom lacks %q", k)
		}
	}
	live := got[0]["live_at_peak"].([]any)[0].(map[string]any)
	for _, k := range []string{"name", "line", "bytes", "shape", "dtype"} {
		if _, ok := live[k]; !ok {
			t.Errorf("live_at_peak entry lacks %q", k)
		}
	}
	// Without a target, target_bytes and fits are null.
	b.Reset()
	rs := estimate(t, "import numpy as np\nx = np.ones(3)\n", Options{})
	if err := WriteJSON(&b, rs); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"target_bytes": null`) || !strings.Contains(b.String(), `"fits": null`) || !strings.Contains(b.String(), `"oom": null`) {
		t.Errorf("no-target JSON:\n%s", b.String())
	}
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := WriteText(&b, seedReports(t)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"peak 40.0 MiB", "DOES NOT FIT", "out of memory at line 16: `d` needs 8,388,608 B in SYSTEM_MEM",
		"33,554,400 of the available 41,943,040 B", "covering <1>..<1048574>", "▲ peak, line 16", "stencil_hint"} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
}

func TestWriteHTMLStatic(t *testing.T) {
	var b bytes.Buffer
	if err := WriteHTML(&b, seedReports(t)); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{`id="chart-0"`, `id="peak-marker-0"`, `data-line="16"`, `class="oom"`, "<script>"} {
		if !strings.Contains(out, want) {
			t.Errorf("html lacks %q", want)
		}
	}
	if n := strings.Count(out, `class="buffer`); n != 5 {
		t.Errorf("%d buffer cards, want 5 (a, b ×2, c, d)", n)
	}
	if regexp.MustCompile(`(?i)(src|href)="(https?:)?//`).MatchString(out) {
		t.Error("html references the network")
	}
}

// TestHTMLInChromium is issue 5's "Must show 4": the report renders in headless Chromium, with
// the chart, the peak marker and a lifetime bar per buffer wired to its card; the screenshot is
// kept in $ARRAYLINT_ARTIFACT_DIR when set.
func TestHTMLInChromium(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the Chromium rendering suite; .ci/run runs it in full (go test ./...)")
	}
	chromium, err := exec.LookPath("chromium")
	requireTool(t, err)
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	var b bytes.Buffer
	rs := append(seedReports(t), estimateFile(t, "../testdata/mem/04_del.py", Options{Target: resolve(t, TargetOptions{HBM: "40MB"})})...)
	if err := WriteHTML(&b, rs); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	flags := []string{"--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
		"--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--user-data-dir=" + filepath.Join(dir, "profile")}
	dom, err := exec.Command(chromium, append(flags, "--dump-dom", "file://"+page)...).Output()
	if err != nil {
		t.Fatalf("chromium --dump-dom: %v", err)
	}
	d := string(dom)
	for _, want := range []string{`<svg class="chart" id="chart-0"`, `id="peak-marker-0"`, `id="peak-marker-1"`, `id="timeline-0"`} {
		if !strings.Contains(d, want) {
			t.Errorf("rendered DOM lacks %q", want)
		}
	}
	if n := strings.Count(d, `data-wired="1"`); n < 5 {
		t.Errorf("%d buffer cards wired to lifetime bars by the page script, want at least 5", n)
	}
	if n := strings.Count(d, `class="life"`); n < 5 {
		t.Errorf("%d lifetime bars, want at least 5", n)
	}
	shot := filepath.Join(dir, "report.png")
	if art := os.Getenv("ARRAYLINT_ARTIFACT_DIR"); art != "" {
		if err := os.MkdirAll(art, 0o755); err != nil {
			t.Fatal(err)
		}
		shot = filepath.Join(art, "memory-report.png")
	}
	cmd := exec.Command(chromium, append(flags, "--screenshot="+shot, "--window-size=1000,1400", "file://"+page)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium --screenshot: %v\n%s", err, out)
	}
	png, err := os.ReadFile(shot)
	if err != nil || len(png) < 1000 || !bytes.HasPrefix(png, []byte("\x89PNG")) {
		t.Fatalf("screenshot %s: %d bytes, %v", shot, len(png), err)
	}
	t.Logf("screenshot: %s", shot)
}
