package memory

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update", false, "TestDocsGenerated: rewrite the generated sections of docs/memory.md")

// The target options and presets tables of docs/memory.md are generated from the tables here.
func TestDocsGenerated(t *testing.T) {
	path := filepath.Join("..", "docs", "memory.md")
	doc, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	want, err := SpliceDocs(doc)
	if err != nil {
		t.Fatal(err)
	}
	if *updateDocs {
		if err := os.WriteFile(path, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(doc, want) {
		t.Errorf("docs/memory.md is stale: run go generate ./memory (or go test ./memory -run TestDocsGenerated -update)")
	}
}

// Every option of the table is documented, and the docs name each where it is accepted.
func TestTargetOptionsTable(t *testing.T) {
	md := TargetOptionsMarkdown()
	seen := map[string]bool{}
	for _, o := range targetOptions {
		if seen[o.Name] {
			t.Errorf("option %s is in the table twice", o.Name)
		}
		seen[o.Name] = true
		if o.Doc == "" || o.set == nil || o.Places == 0 || !strings.Contains(o.Doc, "`") {
			t.Errorf("option %s: want a doc naming its value in back quotes, a setter and a place", o.Name)
		}
		if !strings.Contains(md, "`--"+o.Name+" ") {
			t.Errorf("option %s is missing from the generated docs", o.Name)
		}
	}
	for _, name := range SectionKeys() {
		if _, ok := LookupTargetOption(name, InConfig); !ok && name != "assume" {
			t.Errorf("section key %s is not a configuration option", name)
		}
	}
}

// Each place reads an option the same way: a flag's text and the configuration's TOML value give
// the same value, and both are checked by the option's one check.
func TestTargetOptionsParseAlike(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		toml       any
		bad        bool
	}{
		{"target", "h100", "h100", false},
		{"target", "h999", "h999", true},
		{"hbm", "16GiB", "16GiB", false},
		{"hbm", "-1GiB", "-1GiB", true},
		{"fraction", "0.5", 0.5, false},
		{"fraction", "2", int64(2), true},
		{"fraction", "0", 0.0, true},
		{"sysmem", "40", int64(40), false},
		{"sysmem", "lots", "lots", true},
		{"legate-config", "--sysmem 40", "--sysmem 40", false},
		{"legate-config", "--sysmem", "--sysmem", true},
		{"backend", "CuPy", "CuPy", false},
		{"backend", "torch", "torch", true},
	} {
		o, ok := LookupTargetOption(tc.name, InConfig|InCheck)
		if !ok {
			t.Fatalf("no option %s", tc.name)
		}
		fromFlag, flagErr := o.ParseString(tc.text)
		fromTOML, err := o.ParseConfig(tc.toml)
		if err == nil {
			err = o.Check(fromTOML)
		}
		keyErr := checkKey(tc.name, tc.toml)
		if (flagErr != nil) != tc.bad || (err != nil) != tc.bad || (keyErr != nil) != tc.bad {
			t.Errorf("%s %q: flag error %v, config error %v, section check %v; want bad = %t", tc.name, tc.text, flagErr, err, keyErr, tc.bad)
			continue
		}
		if !tc.bad && fromFlag != fromTOML {
			t.Errorf("%s: the flag gives %#v, the configuration %#v", tc.name, fromFlag, fromTOML)
		}
	}
}
