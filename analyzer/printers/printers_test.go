package printers

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func loadFindings(t *testing.T) []analyzer.Finding {
	t.Helper()
	data, err := os.ReadFile("testdata/in-findings.json")
	if err != nil {
		t.Fatal(err)
	}
	var fs []analyzer.Finding
	if err := json.Unmarshal(data, &fs); err != nil {
		t.Fatal(err)
	}
	return fs
}

func source(path string) []byte {
	data, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		return nil
	}
	return data
}

func render(t *testing.T, format string, opts Options) []byte {
	t.Helper()
	p, err := New(format, opts)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := p.Print(&buf, loadFindings(t)); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestGolden(t *testing.T) {
	for _, format := range Formats {
		t.Run(format, func(t *testing.T) {
			got := render(t, format, Options{Source: source, Rules: driver.ToolRules(), Version: "0.1.0-test",
				Files: []string{"src/clean.py", "src/example.py"}})
			if format == "sarif" {
				got = withoutMarkdown(t, got) // rule docs change on their own; TestSARIFHelp checks them
			}
			golden := filepath.Join("testdata", "out."+format)
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s output differs from %s (go test -update rewrites it):\n%s", format, golden, got)
			}
		})
	}
}

// withoutMarkdown drops every "markdown" member of a JSON document.
func withoutMarkdown(t *testing.T, data []byte) []byte {
	t.Helper()
	var doc any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var strip func(v any)
	strip = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			delete(v, "markdown")
			for _, e := range v {
				strip(e)
			}
		case []any:
			for _, e := range v {
				strip(e)
			}
		}
	}
	strip(doc)
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

func TestSARIFHelp(t *testing.T) {
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID      string
						HelpURI string
						Help    struct{ Text, Markdown string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(render(t, "sarif", Options{Rules: driver.ToolRules()}), &log); err != nil {
		t.Fatal(err)
	}
	rules := log.Runs[0].Tool.Driver.Rules
	if len(rules) != len(driver.ToolRules()) {
		t.Fatalf("%d rules in the SARIF driver, want %d", len(rules), len(driver.ToolRules()))
	}
	for _, r := range rules {
		want := strings.TrimSpace(analyzer.Lookup(r.ID).Spec.Doc)
		url := "https://github.com/arraylint/arraylint/blob/main/docs/rules/" + r.ID + ".md"
		if r.Help.Markdown != want || r.Help.Text != "See "+url || r.HelpURI != url {
			t.Errorf("%s: help = %q / %.40q…, helpUri %q", r.ID, r.Help.Text, r.Help.Markdown, r.HelpURI)
		}
	}
}

func TestTextColorOnlyWhenAsked(t *testing.T) {
	plain := render(t, "text", Options{Source: source})
	if bytes.Contains(plain, []byte("\x1b[")) {
		t.Error("plain text output has escape codes")
	}
	colored := render(t, "text", Options{Source: source, Color: true})
	if !bytes.Contains(colored, []byte("\x1b[")) {
		t.Error("colour output has no escape codes")
	}
}

func TestUnknownFormat(t *testing.T) {
	if _, err := New("xml", Options{}); err == nil || !strings.Contains(err.Error(), "xml") {
		t.Errorf("unknown format: %v", err)
	}
}

// TestJSONRoundTripsRuffFields checks the fields tools reading Ruff's JSON rely on.
func TestJSONRoundTripsRuffFields(t *testing.T) {
	var out []map[string]any
	if err := json.Unmarshal(render(t, "json", Options{}), &out); err != nil {
		t.Fatal(err)
	}
	first := out[0]
	for _, k := range []string{"code", "name", "message", "severity", "filename", "location", "end_location", "fix", "related", "url"} {
		if _, ok := first[k]; !ok {
			t.Errorf("JSON finding lacks %q", k)
		}
	}
	loc := first["location"].(map[string]any)
	if loc["row"] != 4.0 || loc["column"] != 5.0 {
		t.Errorf("location = %v", loc)
	}
	if out[2]["fix"] != nil {
		t.Errorf("finding without fix has fix %v, want null", out[2]["fix"])
	}
}

// TestSARIFSchema validates the SARIF output against the official 2.1.0 schema with Python's
// jsonschema.
func TestSARIFSchema(t *testing.T) {
	schema, err := filepath.Abs("../../../shared/schemas/sarif-schema-2.1.0.json")
	if err == nil {
		_, err = os.Stat(schema)
	}
	if err != nil {
		requireTool(t, "the SARIF schema in ../shared/schemas")
	}
	python := ""
	for _, p := range []string{"python3", "/usr/bin/python3"} {
		if exec.Command(p, "-c", "import jsonschema").Run() == nil {
			python = p
			break
		}
	}
	if python == "" {
		requireTool(t, "python3 with jsonschema (apt-get install python3-jsonschema)")
	}
	out := filepath.Join(t.TempDir(), "out.sarif")
	if err := os.WriteFile(out, render(t, "sarif", Options{Source: source, Rules: driver.ToolRules()}), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, "-c", `import json, sys, jsonschema
schema = json.load(open(sys.argv[1])); doc = json.load(open(sys.argv[2]))
jsonschema.validate(doc, schema)`, schema, out)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("SARIF output does not validate: %v\n%s", err, msg)
	}
}

func requireTool(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("ARRAYLINT_REQUIRE_TOOLS") == "1" {
		t.Fatalf("%s is required (ARRAYLINT_REQUIRE_TOOLS=1)", what)
	}
	t.Skipf("%s is not available", what)
}

// TestJSONLinesMatchesJSON checks that json-lines holds the objects of json, one per line.
func TestJSONLinesMatchesJSON(t *testing.T) {
	var array []json.RawMessage
	if err := json.Unmarshal(render(t, "json", Options{}), &array); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(render(t, "json-lines", Options{})), "\n"), "\n")
	if len(lines) != len(array) || len(array) == 0 {
		t.Fatalf("%d lines for %d findings", len(lines), len(array))
	}
	for i, l := range lines {
		var a, b any
		if err := json.Unmarshal([]byte(l), &a); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		if err := json.Unmarshal(array[i], &b); err != nil {
			t.Fatal(err)
		}
		if ja, jb := mustJSON(t, a), mustJSON(t, b); ja != jb {
			t.Errorf("line %d is %s, json has %s", i+1, ja, jb)
		}
	}
	p, _ := New("json-lines", Options{})
	var buf bytes.Buffer
	if err := p.Print(&buf, nil); err != nil || buf.Len() != 0 {
		t.Errorf("no findings: %q, %v; want no output", buf.String(), err)
	}
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestJSONScale checks that a sized rule's finding says in JSON which scale applied, and that
// other findings carry no scale field.
func TestJSONScale(t *testing.T) {
	p, err := New("json", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	fs := []analyzer.Finding{
		{Path: "a.py", Line: 1, Col: 1, EndLine: 1, EndCol: 2, Code: "AL303", Name: "astype-copy", Message: "m", Scale: "large"},
		{Path: "a.py", Line: 2, Col: 1, EndLine: 2, EndCol: 2, Code: "AL901", Name: "syntax-error", Message: "m"},
	}
	if err := p.Print(&buf, fs); err != nil {
		t.Fatal(err)
	}
	var out []map[string]any
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if out[0]["scale"] != "large" {
		t.Errorf("scale = %v, want large", out[0]["scale"])
	}
	if _, ok := out[1]["scale"]; ok {
		t.Errorf("a finding without a scale has a scale field")
	}
}
