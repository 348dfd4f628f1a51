// Package sizepolicy holds the size rule the array anti-pattern rules share: a finding about
// memory or speed is worth making only on an array that is large or may be, in code whose speed
// matters. An array whose size is a known constant below the rule's min-bytes is quiet; one whose
// size is unknown is reported. Test code is quiet: its arrays are fixtures chosen small, and a
// test's allocations are not what a user waits for (reviewed on real code, every finding in a test
// module was one a maintainer would not take).
package sizepolicy

import (
	"path/filepath"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"golang.org/x/tools/go/analysis"
)

// CheckTests is the rule option that turns the test-code exemption off (each rule using this
// policy lists CheckTests.Option among its options). bench/fixcheck.sh sets it, with min-bytes 0,
// to try every fix the rules can make against real test suites.
var CheckTests = analyzer.NewOption[bool]("check-tests", false,
	"also check test code (test_*.py, *_test.py, conftest.py, files under test/tests/testing) and benchmarks")

// Quiet reports whether a finding on an array of n bytes (known says whether n is known) in the
// file at path stays quiet under min-bytes min; tests says whether test code is checked too.
func Quiet(path string, n int64, known bool, min int64, tests bool) bool {
	if !tests && TestCode(path) {
		return true
	}
	return known && n < min
}

// QuietFor is Quiet with the pass's check-tests option.
func QuietFor(pass *analysis.Pass, path string, n int64, known bool, min int64) bool {
	return Quiet(path, n, known, min, CheckTests.Value(pass))
}

// TestCode reports whether path is test code as pytest and unittest lay it out: a file named
// test_*.py, *_test.py or conftest.py, or a file under a directory named test, tests or testing;
// or benchmark code (a directory named benchmarks or asv_bench), whose arrays are parameters of
// the measurement and whose own allocations are part of what it measures.
func TestCode(path string) bool {
	base := filepath.Base(path)
	if strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") || base == "conftest.py" {
		return true
	}
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		switch dir {
		case "test", "tests", "testing", "benchmarks", "asv_bench":
			return true
		}
	}
	return false
}
