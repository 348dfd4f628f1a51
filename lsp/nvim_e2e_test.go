package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// nvimDiag is a diagnostic as Neovim stores it: 0-based line, 0-based byte column.
type nvimDiag struct {
	Code     string `json:"code"`
	Lnum     int    `json:"lnum"`
	Col      int    `json:"col"`
	EndLnum  int    `json:"end_lnum"`
	EndCol   int    `json:"end_col"`
	Severity int    `json:"severity"`
	Source   string `json:"source"`
	Message  string `json:"message"`
}

// nvimRecord is what testdata/nvim/e2e.lua writes.
type nvimRecord struct {
	Errors          []string   `json:"errors"`
	OffsetEncoding  string     `json:"offset_encoding"`
	Initial         []nvimDiag `json:"initial"`
	AfterEdit       []nvimDiag `json:"after_edit"`
	ActionTitles    []string   `json:"action_titles"`
	AfterActionText []string   `json:"after_action_text"`
	AfterAction     []nvimDiag `json:"after_action"`
	Stopped         bool       `json:"stopped"`
}

// requireTool skips the test when tool is missing, unless ARRAYLINT_REQUIRE_TOOLS=1 (CI) makes
// that a failure.
func requireTool(t *testing.T, tool, why string) string {
	t.Helper()
	path, err := exec.LookPath(tool)
	if err == nil {
		return path
	}
	if os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s is required (%s) but not installed: run .ci/deps.d/lsp.sh", tool, why)
	}
	t.Skipf("%s not installed (%s); install it with .ci/deps.d/lsp.sh", tool, why)
	return ""
}

// TestNeovimEndToEnd runs `arraylint server` under a headless Neovim: it opens a fixture, checks
// the diagnostics Neovim received, edits a line, checks the fresh diagnostics, applies a code
// action through Neovim's own code action path and checks the buffer.
func TestNeovimEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the Neovim end-to-end suite; .ci/run runs it in full (go test ./...)")
	}
	nvim := requireTool(t, "nvim", "the Neovim end-to-end test")
	ver, err := exec.Command(nvim, "--version").Output()
	if err != nil {
		t.Fatalf("nvim --version: %v", err)
	}
	m := regexp.MustCompile(`NVIM v(\d+)\.(\d+)`).FindSubmatch(ver)
	if m == nil {
		t.Fatalf("cannot read the version of nvim from %q", firstLine(ver))
	}
	major, _ := strconv.Atoi(string(m[1]))
	minor, _ := strconv.Atoi(string(m[2]))
	if major == 0 && minor < 7 {
		t.Skipf("%s: the test needs Neovim 0.7 or later (vim.lsp.start_client, vim.diagnostic, vim.ui.select)", firstLine(ver))
	}

	dir := t.TempDir()
	bin := filepath.Join(dir, "arraylint")
	build := exec.Command("go", "build", "-o", bin, "github.com/arraylint/arraylint/cmd/arraylint")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	work := filepath.Join(dir, "project")
	if err := os.MkdirAll(work, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"fixture.py", "pyproject.toml"} {
		data, err := os.ReadFile(filepath.Join("testdata", "nvim", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(work, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	script, err := filepath.Abs(filepath.Join("testdata", "nvim", "e2e.lua"))
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "record.json")

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-u", "NONE", "-c", "luafile "+script)
	cmd.Dir = work
	cmd.Env = append(os.Environ(),
		"ARRAYLINT_BIN="+bin,
		"ARRAYLINT_FIXTURE="+filepath.Join(work, "fixture.py"),
		"ARRAYLINT_OUT="+out,
		"ARRAYLINT_EDIT_LINE=5",
		"ARRAYLINT_EDIT_TEXT=z = np.arange(N).astype(np.float32)",
		"ARRAYLINT_ACTION_LINE=4",
		"ARRAYLINT_ACTION_COL=40",
		"ARRAYLINT_ACTION_TITLE=Create the array as `bool` directly",
	)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("nvim wrote no record: %v\nstderr: %s", err, stderr.String())
	}
	var rec nvimRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		t.Fatalf("decode record: %v\n%s", err, data)
	}
	if len(rec.Errors) > 0 {
		t.Fatalf("the Neovim script failed: %s\nrecord: %s", strings.Join(rec.Errors, "; "), data)
	}
	if rec.OffsetEncoding != "utf-16" {
		t.Errorf("offset encoding %q, want utf-16", rec.OffsetEncoding)
	}

	// Line 3 (0-based) is `label = "données 😀"; mask = np.zeros(N).astype(bool)`: the server
	// sends UTF-16 column 29, and Neovim's byte column 32 is right only if both sides agree on
	// the é (1 unit, 2 bytes) and the emoji (2 units, 4 bytes).
	al303 := nvimDiag{Code: "AL303", Lnum: 3, Col: 32, EndLnum: 3, EndCol: 56, Severity: 2, Source: "arraylint"}
	al902 := nvimDiag{Code: "AL902", Lnum: 5, Col: 16, EndLnum: 5, EndCol: 29, Severity: 2, Source: "arraylint"}
	checkDiags(t, "after open", rec.Initial, al303, al902)

	// Line 5 replaced: its noqa is gone (so is AL902) and it has its own AL303.
	al303b := nvimDiag{Code: "AL303", Lnum: 5, Col: 4, EndLnum: 5, EndCol: 35, Severity: 2, Source: "arraylint"}
	checkDiags(t, "after the edit", rec.AfterEdit, al303, al303b)

	if !contains(rec.ActionTitles, "Ignore AL303 on this line") {
		t.Errorf("code actions offered %q, want the noqa action too", rec.ActionTitles)
	}
	wantText := []string{
		"import numpy as np",
		"",
		"N = 10_000_000",
		`label = "données 😀"; mask = np.zeros(N, dtype=bool)`,
		"x = np.ones(N).astype(np.float32)  # noqa: AL303",
		"z = np.arange(N).astype(np.float32)",
	}
	if strings.Join(rec.AfterActionText, "\n") != strings.Join(wantText, "\n") {
		t.Errorf("buffer after the code action:\n%s\nwant:\n%s", strings.Join(rec.AfterActionText, "\n"), strings.Join(wantText, "\n"))
	}
	checkDiags(t, "after the code action", rec.AfterAction, al303b)
	if !rec.Stopped {
		t.Error("the server did not stop when Neovim asked")
	}
}

// checkDiags compares Neovim's diagnostics with want, ignoring messages.
func checkDiags(t *testing.T, when string, got []nvimDiag, want ...nvimDiag) {
	t.Helper()
	var g, w []string
	for _, d := range got {
		if d.Message == "" {
			t.Errorf("%s: %s has no message", when, d.Code)
		}
		d.Message = ""
		g = append(g, strconv.Quote(strings.TrimSpace(fmtDiag(d))))
	}
	for _, d := range want {
		w = append(w, strconv.Quote(fmtDiag(d)))
	}
	if strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("%s: Neovim has\n%s\nwant\n%s", when, strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

func fmtDiag(d nvimDiag) string {
	return d.Code + " " + strconv.Itoa(d.Lnum) + ":" + strconv.Itoa(d.Col) + "-" + strconv.Itoa(d.EndLnum) + ":" +
		strconv.Itoa(d.EndCol) + " severity " + strconv.Itoa(d.Severity) + " " + d.Source
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func firstLine(b []byte) string {
	s, _, _ := strings.Cut(string(b), "\n")
	return s
}
