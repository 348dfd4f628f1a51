package profilerstartstop_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/profilerstartstop"
)

func TestProfilerStartStop(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), profilerstartstop.Rule, "basic", "negative", "aliased")
}
