package printers

import (
	"encoding/xml"
	"strings"
	"testing"
)

// TestCheckstyleXML parses the checkstyle output with encoding/xml.
func TestCheckstyleXML(t *testing.T) {
	var rep struct {
		XMLName xml.Name `xml:"checkstyle"`
		Files   []struct {
			Name   string `xml:"name,attr"`
			Errors []struct {
				Line     int    `xml:"line,attr"`
				Column   int    `xml:"column,attr"`
				Severity string `xml:"severity,attr"`
				Message  string `xml:"message,attr"`
				Source   string `xml:"source,attr"`
			} `xml:"error"`
		} `xml:"file"`
	}
	if err := xml.Unmarshal(render(t, "checkstyle", Options{}), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Files) != 2 || rep.Files[0].Name != "src/example.py" || len(rep.Files[0].Errors) != 3 ||
		rep.Files[1].Name != "missing/other.py" || len(rep.Files[1].Errors) != 1 {
		t.Fatalf("files = %+v", rep.Files)
	}
	e := rep.Files[0].Errors[0]
	if e.Line != 4 || e.Column != 5 || e.Severity != "warning" || e.Source != "arraylint.AL304" ||
		e.Message != "AL304 `x = x * k` allocates a second array while `x` is alive" {
		t.Errorf("first error = %+v", e)
	}
	if s := rep.Files[1].Errors[0].Severity; s != "error" {
		t.Errorf("AL900 severity %q, want error", s)
	}
}

// TestJUnitXML parses the junit output with encoding/xml: one test case per checked file, a
// failure per finding, and passing cases for clean files.
func TestJUnitXML(t *testing.T) {
	var rep struct {
		XMLName  xml.Name `xml:"testsuites"`
		Tests    int      `xml:"tests,attr"`
		Failures int      `xml:"failures,attr"`
		Suites   []struct {
			Name     string `xml:"name,attr"`
			Tests    int    `xml:"tests,attr"`
			Failures int    `xml:"failures,attr"`
			Cases    []struct {
				Name     string `xml:"name,attr"`
				Failures []struct {
					Message string `xml:"message,attr"`
					Type    string `xml:"type,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	out := render(t, "junit", Options{Files: []string{"src/clean.py", "src/example.py"}})
	if err := xml.Unmarshal(out, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Suites) != 1 || rep.Tests != 3 || rep.Failures != 2 {
		t.Fatalf("tests %d, failures %d, suites %d; want 3, 2, 1:\n%s", rep.Tests, rep.Failures, len(rep.Suites), out)
	}
	s := rep.Suites[0]
	if s.Name != "arraylint" || s.Tests != 3 || s.Failures != 2 || len(s.Cases) != 3 {
		t.Fatalf("suite %s: tests %d, failures %d, %d cases", s.Name, s.Tests, s.Failures, len(s.Cases))
	}
	want := map[string]int{"src/clean.py": 0, "src/example.py": 3, "missing/other.py": 1}
	for _, c := range s.Cases {
		if n, ok := want[c.Name]; !ok || n != len(c.Failures) {
			t.Errorf("test case %s has %d failures, want %d", c.Name, len(c.Failures), n)
		}
	}
	f := s.Cases[1].Failures[0]
	if f.Type != "AL304" || !strings.HasPrefix(f.Message, "4:5: AL304 ") || !strings.HasPrefix(f.Text, "src/example.py:4:5: AL304 ") {
		t.Errorf("first failure = %+v", f)
	}
}
