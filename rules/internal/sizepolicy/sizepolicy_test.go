package sizepolicy

import "testing"

func TestQuiet(t *testing.T) {
	for _, c := range []struct {
		path  string
		n     int64
		known bool
		want  bool
	}{
		{"pkg/mod.py", 100, true, true},                // known small
		{"pkg/mod.py", 2 << 20, true, false},           // known large
		{"pkg/mod.py", 0, false, false},                // unknown, library code: reported
		{"pkg/tests/test_mod.py", 0, false, true},      // unknown, test code: quiet
		{"pkg/tests/helpers.py", 0, false, true},       // under tests/
		{"pkg/mod_test.py", 0, false, true},            // *_test.py
		{"conftest.py", 0, false, true},                // pytest configuration
		{"pkg/tests/test_big.py", 2 << 20, true, true}, // known large in a test: quiet too
		{"pkg/testsuite.py", 0, false, false},          // not a test name
		{"pkg/attest/mod.py", 0, false, false},         // a directory that only ends in "test"
	} {
		if got := Quiet(c.path, c.n, c.known, 1<<20, false); got != c.want {
			t.Errorf("Quiet(%q, %d, %v) = %v, want %v", c.path, c.n, c.known, got, c.want)
		}
	}
}

func TestQuietCheckingTests(t *testing.T) {
	if Quiet("pkg/tests/test_mod.py", 0, false, 1<<20, true) {
		t.Errorf("check-tests: an array of unknown size in a test is quiet")
	}
	if !Quiet("pkg/tests/test_mod.py", 100, true, 1<<20, true) {
		t.Errorf("check-tests: a known-small array in a test is reported")
	}
}
