package memory

import (
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
)

// This file tests sizes past what int64 holds: they saturate and stay in the estimate.

// TestOverflowingSizesSaturate estimates allocations of 2^65 bytes and 10^36 elements: each is a
// live buffer of a saturated size ("more than 8 EiB"), the peak too, and neither is listed as an
// allocation of unknown size; two of them together stay saturated, never wrap.
func TestOverflowingSizesSaturate(t *testing.T) {
	for _, src := range []string{
		"import numpy as np\na = np.zeros((2**62,))\n",
		"import numpy as np\nb = np.zeros((10**9,)*4)\n",
		"import numpy as np\na = np.zeros((2**62,))\nb = np.zeros((2**62,))\nc = np.ones(3)\n",
	} {
		r := estimate(t, src, Options{})[0]
		if r.PeakBytes != npapi.Saturated {
			t.Errorf("%q: peak %d (%s), want saturated", src, r.PeakBytes, FormatBytes(r.PeakBytes))
		}
		if len(r.LiveAtPeak) == 0 || r.LiveAtPeak[0].Bytes != npapi.Saturated {
			t.Errorf("%q: live at the peak %+v, want the saturated array", src, r.LiveAtPeak)
		}
		if len(r.Unknown) > 0 {
			t.Errorf("%q: listed as unknown: %+v", src, r.Unknown)
		}
		if got := r.PeakText(); !strings.HasPrefix(got, "more than 8 EiB") {
			t.Errorf("%q: peak text %q", src, got)
		}
	}
}

// TestOverflowingPeakOverTarget checks that a saturated allocation does not fit a target.
func TestOverflowingPeakOverTarget(t *testing.T) {
	src := "# arraylint: target h100\nimport numpy as np\na = np.zeros((2**62,))\n"
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	opts, err := Resolve(f, "test.py", Settings{}, Settings{})
	if err != nil {
		t.Fatal(err)
	}
	rs, err := Estimate(f, opts)
	if err != nil {
		t.Fatal(err)
	}
	if r := rs[0]; r.Fits == nil || *r.Fits || r.OOM == nil {
		t.Errorf("2^65 bytes on an h100: fits %v, OOM %+v; want an OOM", r.Fits, r.OOM)
	}
}

func TestFormatBytesLargeUnits(t *testing.T) {
	for _, tt := range []struct {
		n    int64
		want string
	}{
		{TiB, "1.0 TiB"},
		{1023 * TiB, "1023.0 TiB"},
		{PiB, "1.0 PiB"},
		{7 * PiB, "7.0 PiB"},
		{EiB, "1.0 EiB"},
		{7*EiB + EiB/2, "7.5 EiB"},
		{npapi.Saturated, "more than 8 EiB"},
		{-PiB, "-1.0 PiB"},
	} {
		if got := FormatBytes(tt.n); got != tt.want {
			t.Errorf("FormatBytes(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}
