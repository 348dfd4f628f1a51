package analyzer

import (
	"path/filepath"
	"strings"
	"unicode"
)

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
