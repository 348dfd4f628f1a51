package nonzeroscatter_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/nonzeroscatter"
)

func TestNonzeroScatter(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), nonzeroscatter.Rule, "basic", "negative", "aliased")
}
