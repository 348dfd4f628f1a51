package printers

import (
	"encoding/xml"
	"fmt"
	"io"

	"github.com/arraylint/arraylint/analyzer"
)

// junitPrinter writes a JUnit XML report for test dashboards (GitLab, Jenkins, Azure): one test
// suite "arraylint", one test case per checked file (Options.Files, plus any file a finding names)
// and a <failure> per finding, so a clean file shows as a passing test; the attributes tests
// and failures count test cases (files), as JUnit does.
type junitPrinter struct {
	files []string
}

type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string         `xml:"name,attr"`
	ClassName string         `xml:"classname,attr"`
	Failures  []junitFailure `xml:"failure"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// Print writes findings in the junit format.
func (p junitPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	suite := junitSuite{Name: "arraylint"}
	index := map[string]int{}
	add := func(path string) int {
		i, ok := index[path]
		if !ok {
			i = len(suite.Cases)
			index[path] = i
			suite.Cases = append(suite.Cases, junitCase{Name: path, ClassName: "arraylint"})
		}
		return i
	}
	for _, path := range p.files {
		add(path)
	}
	for _, f := range findings {
		i := add(f.Path)
		loc := where(f.Path, f.Cell, f.Line, f.Col)
		suite.Cases[i].Failures = append(suite.Cases[i].Failures, junitFailure{
			Message: fmt.Sprintf("%s%d:%d: %s %s", cellPrefix(f.Cell), f.Line, f.Col, f.Code, f.Message),
			Type:    f.Code, Text: fmt.Sprintf("%s: %s %s\nSee %s", loc, f.Code, f.Message, docsLink(f.URL))})
	}
	suite.Tests = len(suite.Cases)
	for _, c := range suite.Cases {
		if len(c.Failures) > 0 {
			suite.Failures++
		}
	}
	return writeXML(w, junitSuites{Name: "arraylint", Tests: suite.Tests, Failures: suite.Failures, Suites: []junitSuite{suite}})
}
