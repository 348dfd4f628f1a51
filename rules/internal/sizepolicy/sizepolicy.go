// Package sizepolicy holds the size rule the array anti-pattern rules share: a finding about
// memory or speed is worth making only on an array that is large, in code whose speed matters.
// An array whose size is known (a constant, or bound through an argparse default, an
// `# arraylint: assume` comment or --assume) speaks when it is at least the rule's min-bytes; an
// array whose size is not known speaks only when it scales with the data the code is given
// (arrays.Scales: an input, or sized by an input's leading length). An array sized by a plain
// integer (a parameter, a default, a count held in an attribute) is quiet: nothing says it is
// large, and on real code such arrays were histogram bins, polynomial terms and table axes
// (bench/precision.md). With min-bytes 0 every array speaks. Test code is quiet: its arrays are
// fixtures chosen small, and a test's allocations are not what a user waits for (reviewed on real
// code, every finding in a test module was one a maintainer would not take).
package sizepolicy

import (
	"path/filepath"
	"strings"
	"unicode"

	"github.com/arraylint/arraylint/analyzer"
	"golang.org/x/tools/go/analysis"
)

// CheckTests is the rule option that turns the test-code exemption off (each rule using this
// policy lists CheckTests.Option among its options). bench/fixcheck.sh sets it, with min-bytes 0,
// to try every fix the rules can make against real test suites.
var CheckTests = analyzer.NewOption[bool]("check-tests", false,
	"also check test code (test_*.py, *_test.py, conftest.py, files under test/tests/testing) and benchmarks")

// DataSized is the rule option that keeps arrays whose size is not known but scales with the
// data the code is given (arrays.Scales) among those a rule speaks on; false leaves only arrays
// known to be at least min-bytes, for code whose inputs are small by its domain (one spectrum,
// one value per channel), which nothing in the code says.
var DataSized = analyzer.NewOption[bool]("data-sized", true,
	"also report arrays whose size is not known but scales with the data the code is given (an input's extent); false reports only arrays known to be at least min-bytes")

// Checked is what a rule's options add to the arrays it speaks on: test code (CheckTests) and
// arrays sized by the data (DataSized).
type Checked struct {
	Tests, DataSized bool
}

// CheckedFor is what the pass's options check.
func CheckedFor(pass *analysis.Pass) Checked {
	return Checked{Tests: CheckTests.Value(pass), DataSized: DataSized.Value(pass)}
}

// Size is what a rule knows of the size of the array a finding is about.
type Size struct {
	Bytes  int64 // the size in bytes, when Known
	Known  bool
	Scales bool // the size comes from the data the code is given (arrays.Scales)
}

// Quiet reports whether a finding on an array of size s in the file at path stays quiet under
// min-bytes min; c says what is checked beyond known-large arrays outside test code.
func Quiet(path string, s Size, min int64, c Checked) bool {
	if !c.Tests && TestCode(path) {
		return true
	}
	switch {
	case min <= 0:
		return false
	case s.Known:
		return s.Bytes < min
	}
	return !s.Scales || !c.DataSized
}

// QuietFor is Quiet with the pass's options.
func QuietFor(pass *analysis.Pass, path string, s Size, min int64) bool {
	return Quiet(path, s, min, CheckedFor(pass))
}

// TestCode reports whether path is test code as pytest and unittest lay it out: a file named
// test_*.py, *_test.py, Test*.py or conftest.py, a module of test helpers (testing.py, _testing.py, as
// numpy.testing and sklearn.utils._testing), or a file under a directory named test, tests or
// testing, or *_tests, *_test, tests_*, test_* (golden_tests, unit_tests);
// or benchmark code (a directory named benchmarks or asv_bench), whose arrays are parameters of
// the measurement and whose own allocations are part of what it measures.
func TestCode(path string) bool {
	base := filepath.Base(path)
	switch {
	case strings.HasPrefix(base, "test_"), strings.HasSuffix(base, "_test.py"):
		return true
	case len(base) > 4 && strings.HasPrefix(base, "Test") && (base[4] == '_' || unicode.IsUpper(rune(base[4]))):
		return true // unittest's TestThing.py
	case base == "conftest.py", base == "testing.py", base == "_testing.py":
		return true
	}
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		switch {
		case dir == "test", dir == "tests", dir == "testing", dir == "benchmarks", dir == "asv_bench":
			return true
		case strings.HasSuffix(dir, "_tests"), strings.HasSuffix(dir, "_test"), strings.HasPrefix(dir, "tests_"), strings.HasPrefix(dir, "test_"):
			return true // golden_tests, unit_tests, tests_gpu
		}
	}
	return false
}
