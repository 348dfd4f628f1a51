package analyzer

import "testing"

func TestTestCode(t *testing.T) {
	for _, c := range []struct {
		path string
		want bool
	}{
		{"pkg/tests/test_mod.py", true},
		{"pkg/tests/helpers.py", true},
		{"pkg/mod_test.py", true},
		{"conftest.py", true},
		{"pkg/util/testing.py", true},
		{"pkg/utils/_testing.py", true},
		{"pkg/testsuite.py", false},
		{"pkg/attest/mod.py", false},
		{"golden_tests/TestFinBond.py", true},
		{"pkg/unit_test/mod.py", true},
		{"pkg/tests_gpu/mod.py", true},
		{"pkg/Testing.py", false},
		{"pkg/Tester.py", false},
		{"pkg/contests/mod.py", false},
	} {
		if got := TestCode(c.path); got != c.want {
			t.Errorf("TestCode(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}
