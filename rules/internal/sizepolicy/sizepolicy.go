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
)

// Quiet reports whether a finding on an array of n bytes (known says whether n is known) in the
// file at path stays quiet under min-bytes min.
func Quiet(path string, n int64, known bool, min int64) bool {
	if TestCode(path) {
		return true
	}
	return known && n < min
}

// TestCode reports whether path is test code as pytest and unittest lay it out: a file named
// test_*.py, *_test.py or conftest.py, or a file under a directory named test, tests or testing.
func TestCode(path string) bool {
	base := filepath.Base(path)
	if strings.HasPrefix(base, "test_") || strings.HasSuffix(base, "_test.py") || base == "conftest.py" {
		return true
	}
	for _, dir := range strings.Split(filepath.ToSlash(filepath.Dir(path)), "/") {
		switch dir {
		case "test", "tests", "testing":
			return true
		}
	}
	return false
}
