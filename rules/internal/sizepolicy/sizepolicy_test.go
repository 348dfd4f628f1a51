package sizepolicy

import "testing"

// defaults are the options' defaults; withTests is check-tests on.
var (
	defaults  = Checked{DataSized: true}
	withTests = Checked{Tests: true, DataSized: true}
)

func TestQuiet(t *testing.T) {
	known := func(n int64) Size { return Size{Bytes: n, Known: true} }
	scales, plain := Size{Scales: true}, Size{}
	for _, c := range []struct {
		path string
		s    Size
		want bool
	}{
		{"pkg/mod.py", known(100), true},                                  // known small
		{"pkg/mod.py", known(2 << 20), false},                             // known large
		{"pkg/mod.py", Size{Bytes: 100, Known: true, Scales: true}, true}, // known small wins
		{"pkg/mod.py", scales, false},                                     // scales with the data: reported
		{"pkg/mod.py", plain, true},                                       // unknown, nothing says large: quiet
		{"pkg/tests/test_mod.py", scales, true},                           // test code: quiet
		{"pkg/tests/helpers.py", scales, true},                            // under tests/
		{"pkg/mod_test.py", scales, true},                                 // *_test.py
		{"conftest.py", scales, true},                                     // pytest configuration
		{"pkg/tests/test_big.py", known(2 << 20), true},                   // known large in a test: quiet too
		{"pkg/util/testing.py", scales, true},                             // a module of test helpers
		{"pkg/utils/_testing.py", scales, true},                           // (sklearn.utils._testing)
		{"pkg/testsuite.py", scales, false},                               // not a test name
		{"pkg/attest/mod.py", scales, false},                              // a directory that only ends in "test"
		{"golden_tests/TestFinBond.py", scales, true},                     // unittest's TestThing.py, under *_tests
		{"pkg/unit_test/mod.py", scales, true},                            // *_test
		{"pkg/tests_gpu/mod.py", scales, true},                            // tests_*
		{"pkg/Testing.py", scales, false},                                 // not TestThing
		{"pkg/Tester.py", scales, false},                                  // nor Tester
		{"pkg/contests/mod.py", scales, false},                            // a directory that only ends in "tests"
	} {
		if got := Quiet(c.path, c.s, 1<<20, defaults); got != c.want {
			t.Errorf("Quiet(%q, %+v) = %v, want %v", c.path, c.s, got, c.want)
		}
	}
}

func TestQuietCheckingTests(t *testing.T) {
	if Quiet("pkg/tests/test_mod.py", Size{Scales: true}, 1<<20, withTests) {
		t.Errorf("check-tests: an input-sized array in a test is quiet")
	}
	if !Quiet("pkg/tests/test_mod.py", Size{Bytes: 100, Known: true}, 1<<20, withTests) {
		t.Errorf("check-tests: a known-small array in a test is reported")
	}
}

func TestMinBytesZeroReportsEverything(t *testing.T) {
	if Quiet("pkg/mod.py", Size{}, 0, defaults) || Quiet("pkg/mod.py", Size{Bytes: 8, Known: true}, 0, defaults) {
		t.Errorf("min-bytes 0: an array of unknown or small size is quiet")
	}
}

func TestDataSizedOff(t *testing.T) {
	known := Checked{}
	if !Quiet("pkg/mod.py", Size{Scales: true}, 1<<20, known) {
		t.Errorf("data-sized = false: an input-sized array is reported")
	}
	if Quiet("pkg/mod.py", Size{Bytes: 2 << 20, Known: true, Scales: true}, 1<<20, known) {
		t.Errorf("data-sized = false: a known-large array is quiet")
	}
	if Quiet("pkg/mod.py", Size{Scales: true}, 0, known) {
		t.Errorf("data-sized = false with min-bytes 0: an input-sized array is quiet (min-bytes 0 reports every array)")
	}
}
