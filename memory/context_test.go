package memory

import (
	"context"
	"errors"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

// TestEstimateStopsWhenCancelled checks that Options.Context stops the estimate between scopes.
func TestEstimateStopsWhenCancelled(t *testing.T) {
	f, err := pyparse.Parse([]byte("import numpy as np\n\ndef f():\n    a = np.zeros(10)\n    return a\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	reps, err := Estimate(f, Options{Path: "a.py", Context: ctx})
	if err != nil || len(reps) != 2 {
		t.Fatalf("live context: %d reports, %v; want the module's and f's", len(reps), err)
	}
	cancel()
	if reps, err := Estimate(f, Options{Path: "a.py", Context: ctx}); !errors.Is(err, context.Canceled) || reps != nil {
		t.Errorf("cancelled context: %d reports, %v; want context.Canceled", len(reps), err)
	}
}
