package slicethenfull_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/slicethenfull"
)

func TestSliceThenFull(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), slicethenfull.Rule, "basic", "negative", "aliased")
}
