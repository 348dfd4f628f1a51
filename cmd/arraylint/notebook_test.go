package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// heatNotebook is the notebook of the notebook tests: a stencil cell under `%%time`, a plotting
// cell with an image output, `!pip`, `%matplotlib`, `x = !ls`, `obj?` and `%timeit`.
const heatNotebook = "../../testdata/notebooks/heat.ipynb"

func runNB(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	code := run(context.Background(), e, args)
	return code, out.String(), errb.String()
}

// copyNotebook copies the heat notebook into a new directory and returns its path there.
func copyNotebook(t *testing.T) (string, []byte) {
	t.Helper()
	data, err := os.ReadFile(heatNotebook)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "heat.ipynb")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p, data
}

// TestNotebookFormats: the stencil's finding is in cell 4, line 4, column 5 of that cell, in the
// text, concise, JSON and SARIF formats, and the magics give no syntax error.
func TestNotebookFormats(t *testing.T) {
	code, out, errs := runNB(t, "check", "--no-color", heatNotebook)
	if code != exitFindings || !strings.Contains(out, "heat.ipynb:cell 4:4:5: AL304") || strings.Contains(out, "AL901") {
		t.Fatalf("text: exit %d, stderr %q:\n%s", code, errs, out)
	}
	// The text format shows the cell's own line, not the JSON file's.
	if !strings.Contains(out, "4 |     lap = lap * 0.5 + u[:-2, 1:-1]") {
		t.Errorf("text: no source line of cell 4:\n%s", out)
	}
	_, out, _ = runNB(t, "check", "--output-format", "concise", "--no-color", heatNotebook)
	if !strings.HasPrefix(out, heatNotebook+":cell 4:4:5: AL304") {
		t.Errorf("concise:\n%s", out)
	}

	_, out, _ = runNB(t, "check", "--output-format", "json", heatNotebook)
	var js []struct {
		Code     string `json:"code"`
		Cell     int    `json:"cell"`
		Location struct {
			Row, Column int
		} `json:"location"`
		Fix *struct {
			Edits []struct {
				Cell int `json:"cell"`
			} `json:"edits"`
		} `json:"fix"`
	}
	if err := json.Unmarshal([]byte(out), &js); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if len(js) != 1 || js[0].Code != "AL304" || js[0].Cell != 4 || js[0].Location.Row != 4 || js[0].Location.Column != 5 ||
		js[0].Fix == nil || js[0].Fix.Edits[0].Cell != 4 {
		t.Errorf("json: %+v", js)
	}

	_, out, _ = runNB(t, "check", "--output-format", "sarif", heatNotebook)
	var sarif struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						Region struct {
							StartLine, StartColumn int
							Properties             struct{ Cell int }
						}
					}
				}
				Fixes []any
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &sarif); err != nil {
		t.Fatalf("sarif: %v", err)
	}
	res := sarif.Runs[0].Results
	if len(res) != 1 {
		t.Fatalf("sarif: %d results", len(res))
	}
	r := res[0].Locations[0].PhysicalLocation.Region
	if res[0].RuleID != "AL304" || r.StartLine != 4 || r.StartColumn != 5 || r.Properties.Cell != 4 || res[0].Fixes != nil {
		t.Errorf("sarif: %+v (a notebook finding's region counts in its cell, and carries no file edit)", res[0])
	}
}

// TestNotebookFix: --fix changes only the stencil cell's source; everything else in the file is
// the same bytes, and nbformat accepts the result.
func TestNotebookFix(t *testing.T) {
	p, before := copyNotebook(t)
	code, out, errs := runNB(t, "check", "--fix", "--no-color", p)
	if code != exitOK || !strings.Contains(out, "Fixed 1 finding") {
		t.Fatalf("exit %d, stderr %q:\n%s", code, errs, out)
	}
	after, _ := os.ReadFile(p)
	bl, al := strings.SplitAfter(string(before), "\n"), strings.SplitAfter(string(after), "\n")
	pre := 0
	for pre < len(bl) && pre < len(al) && bl[pre] == al[pre] {
		pre++
	}
	post := 0
	for post < len(bl)-pre && post < len(al)-pre && bl[len(bl)-1-post] == al[len(al)-1-post] {
		post++
	}
	removed, added := bl[pre:len(bl)-post], al[pre:len(al)-post]
	if len(removed) != 1 || !strings.Contains(removed[0], "lap = lap * 0.5 + u[:-2, 1:-1] + u[2:, 1:-1]") || len(added) != 6 {
		t.Fatalf("the fix changed lines %q into %q", removed, added)
	}
	for _, l := range added {
		if !strings.HasPrefix(l, `    "    lap `) || !strings.HasSuffix(l, "\\n\",\n") {
			t.Errorf("added line %q is not a source line in the file's layout", l)
		}
	}
	// Outputs, metadata and the other cells are the same values.
	var vb, va map[string]any
	json.Unmarshal(before, &vb)
	if err := json.Unmarshal(after, &va); err != nil {
		t.Fatalf("fixed notebook is not JSON: %v", err)
	}
	cb, ca := vb["cells"].([]any), va["cells"].([]any)
	for i := range cb {
		b, a := cb[i].(map[string]any), ca[i].(map[string]any)
		if i == 3 {
			delete(b, "source")
			delete(a, "source")
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("cell %d changed beyond its source", i+1)
		}
	}
	if !reflect.DeepEqual(va["metadata"], vb["metadata"]) {
		t.Error("metadata changed")
	}

	py := requireNbformat(t)
	cmd := exec.Command(py, "-c", "import sys, nbformat; nbformat.validate(nbformat.read(sys.argv[1], as_version=4)); print('valid')", p)
	if b, err := cmd.CombinedOutput(); err != nil || strings.TrimSpace(string(b)) != "valid" {
		t.Errorf("nbformat rejects the fixed notebook: %v\n%s", err, b)
	}
}

// requireNbformat returns a python3 that imports nbformat, skipping the test without one unless
// ARRAYLINT_REQUIRE_TOOLS=1 makes that a failure.
func requireNbformat(t *testing.T) string {
	t.Helper()
	for _, py := range []string{"/usr/bin/python3", "python3"} {
		if exec.Command(py, "-c", "import nbformat").Run() == nil {
			return py
		}
	}
	if os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" {
		t.Fatal("python3 with nbformat is required but not installed: run .ci/deps.d/notebook.sh")
	}
	t.Skip("python3 with nbformat not installed; install it with .ci/deps.d/notebook.sh")
	return ""
}

// TestNotebookDiffAndNoqa: --diff shows the cell's source lines; --add-noqa puts the directive on
// the cell's line and the notebook then checks clean.
func TestNotebookDiffAndNoqa(t *testing.T) {
	p, before := copyNotebook(t)
	code, out, _ := runNB(t, "check", "--diff", p)
	if code != exitFindings || !strings.Contains(out, "+    \"    lap += u[1:-1, :-2]\\n\",") {
		t.Errorf("diff: exit %d\n%s", code, out)
	}
	if now, _ := os.ReadFile(p); !bytes.Equal(now, before) {
		t.Fatal("--diff wrote the file")
	}
	code, out, errs := runNB(t, "check", "--add-noqa", p)
	if code != exitOK || !strings.Contains(out, "Added 1 noqa directive") {
		t.Fatalf("add-noqa: exit %d %q\n%s", code, errs, out)
	}
	after, _ := os.ReadFile(p)
	if !bytes.Contains(after, []byte(`4 * u[1:-1, 1:-1]  # noqa: AL304\n",`)) {
		t.Errorf("no directive on the stencil line:\n%s", after)
	}
	if code, out, _ := runNB(t, "check", p); code != exitOK {
		t.Errorf("after --add-noqa: exit %d\n%s", code, out)
	}
}

// TestNotebookInvalid: a notebook that is not JSON, or not nbformat 4, is one AL901 and --fix
// leaves it as it was.
func TestNotebookInvalid(t *testing.T) {
	dir := t.TempDir()
	for name, tc := range map[string]struct{ data, want string }{
		"broken.ipynb": {"{\n \"cells\": [\n  {\"cell_type\": \"code\",}\n ]\n}\n", "broken.ipynb:3:24: AL901 notebook is not valid JSON"},
		"old.ipynb":    {`{"nbformat": 3, "nbformat_minor": 0, "worksheets": []}`, "old.ipynb:1:1: AL901 notebook is not nbformat 4"},
	} {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(tc.data), 0o644)
		code, out, _ := runNB(t, "check", "--fix", "--output-format", "concise", "--no-color", p)
		if code != exitFindings || strings.Count(out, "AL901") != 1 || !strings.Contains(out, tc.want) {
			t.Errorf("%s: exit %d\n%s\nwant %q", name, code, out, tc.want)
		}
		if now, _ := os.ReadFile(p); string(now) != tc.data {
			t.Errorf("%s: changed by --fix", name)
		}
	}
}

// TestNotebookDiscovery: a directory walk checks notebooks by default; `include` and
// `extend-include` choose the files.
func TestNotebookDiscovery(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.py", "b.ipynb", "c.txt", "d.pyw"} {
		os.WriteFile(filepath.Join(dir, n), []byte(`{"nbformat": 4, "cells": []}`), 0o644)
	}
	files := func() string {
		_, out, errs := runNB(t, "check", "--show-files", dir)
		if errs != "" {
			t.Fatalf("stderr %q", errs)
		}
		return strings.ReplaceAll(strings.TrimSpace(out), dir+string(filepath.Separator), "")
	}
	if got := files(); got != "a.py\nb.ipynb" {
		t.Errorf("default: %q", got)
	}
	os.WriteFile(filepath.Join(dir, "arraylint.toml"), []byte("include = [\"*.py\"]\nextend-include = [\"*.pyw\"]\n"), 0o644)
	if got := files(); got != "a.py\nd.pyw" {
		t.Errorf("include/extend-include: %q", got)
	}
	os.WriteFile(filepath.Join(dir, "arraylint.toml"), []byte("include = 3\n"), 0o644)
	if code, _, errs := runNB(t, "check", dir); code != exitError || !strings.Contains(errs, "`include`") {
		t.Errorf("include = 3: exit %d, stderr %q", code, errs)
	}
}

// requirePython returns a python3 that imports module, skipping the test without one unless
// ARRAYLINT_REQUIRE_TOOLS=1 makes that a failure.
func requirePython(t *testing.T, module string) string {
	t.Helper()
	for _, py := range []string{os.Getenv("ARRAYLINT_PYTHON"), "/usr/bin/python3", "python3"} {
		if py != "" && exec.Command(py, "-c", "import "+module).Run() == nil {
			return py
		}
	}
	if os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" {
		t.Fatalf("python3 with %s is required but not installed: run .ci/deps.d/notebook.sh", module)
	}
	t.Skipf("python3 with %s not installed; install it with .ci/deps.d/notebook.sh", module)
	return ""
}

// TestNotebookMem: `mem` on the notebook names the stencil cell as the peak's, warns about the
// cell order, and agrees within 10% with the code cells run in order under tracemalloc
// (testdata/notebooks/measure.py, fed the program `debug notebook` prints).
func TestNotebookMem(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the NumPy notebook measurement; .ci/run runs it in full (go test ./...)")
	}
	code, out, errs := runNB(t, "mem", "--format", "json", heatNotebook)
	if code != exitOK && code != exitFindings {
		t.Fatalf("mem: exit %d: %s", code, errs)
	}
	var reports []struct {
		PeakBytes int64  `json:"peak_bytes"`
		PeakLine  int    `json:"peak_line"`
		PeakCell  int    `json:"peak_cell"`
		CellOrder string `json:"cell_order"`
		Timeline  []struct {
			Cell int `json:"cell"`
		} `json:"timeline"`
	}
	if err := json.Unmarshal([]byte(out), &reports); err != nil || len(reports) == 0 {
		t.Fatalf("mem json: %v\n%s", err, out)
	}
	r := reports[0]
	if r.PeakCell != 4 || r.PeakLine != 4 || !strings.Contains(r.CellOrder, "out of order") {
		t.Errorf("peak at cell %d line %d, note %q; want cell 4 line 4 and the cell-order warning", r.PeakCell, r.PeakLine, r.CellOrder)
	}
	if len(r.Timeline) == 0 || r.Timeline[0].Cell != 3 {
		t.Errorf("timeline not labelled by cell: %+v", r.Timeline)
	}
	_, text, _ := runNB(t, "mem", heatNotebook)
	if !strings.Contains(text, "at cell 4, line 4") {
		t.Errorf("text report does not name the cell:\n%s", text)
	}
	_, html, _ := runNB(t, "mem", "--format", "html", heatNotebook)
	if !strings.Contains(html, `data-peak-cell="4"`) || !strings.Contains(html, ">cell 4</text>") {
		t.Error("HTML report not labelled by cell")
	}

	py := requirePython(t, "numpy")
	_, prog, _ := runNB(t, "debug", "notebook", heatNotebook)
	cmd := exec.Command(py, "../../testdata/notebooks/measure.py")
	cmd.Stdin = strings.NewReader(prog)
	mout, err := cmd.Output()
	if err != nil {
		t.Fatalf("measure: %v", err)
	}
	var m struct {
		PeakBytes int64 `json:"peak_bytes"`
		PeakCell  int   `json:"peak_cell"`
	}
	if err := json.Unmarshal(mout, &m); err != nil {
		t.Fatalf("measure output %q: %v", mout, err)
	}
	rel := float64(r.PeakBytes-m.PeakBytes) / float64(m.PeakBytes)
	t.Logf("estimate %d B in cell %d, measured %d B in cell %d (%+.3f%%)", r.PeakBytes, r.PeakCell, m.PeakBytes, m.PeakCell, 100*rel)
	if m.PeakCell != r.PeakCell || rel > 0.10 || rel < -0.10 {
		t.Errorf("estimate %d B in cell %d, measured %d B in cell %d: want the same cell and within 10%%", r.PeakBytes, r.PeakCell, m.PeakBytes, m.PeakCell)
	}
}

// TestNotebookSyntaxError: a syntax error is reported in its cell, and the lines its message
// names are lines of cells, not of the joined program.
func TestNotebookSyntaxError(t *testing.T) {
	p := filepath.Join(t.TempDir(), "e.ipynb")
	os.WriteFile(p, []byte(`{"nbformat": 4, "cells": [{"cell_type": "code", "source": "x = 1\n"}, {"cell_type": "markdown", "source": "# if"}, {"cell_type": "code", "source": ["if x:\n", "y = 2\n"]}]}`), 0o644)
	_, out, _ := runNB(t, "check", "--output-format", "concise", "--no-color", p)
	if !strings.Contains(out, "e.ipynb:cell 3:2:1: AL901 expected an indented block after 'if' statement on line 1 of cell 3") {
		t.Errorf("got:\n%s", out)
	}
}
