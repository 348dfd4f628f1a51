package missingdonation_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/missingdonation"
)

func TestMissingDonation(t *testing.T) {
	// the positive fixtures' state has no size the code states: they run with scale = "large",
	// where every array not known to be small counts; the default holds such state back unless
	// its size comes from a command-line option (sizepolicy)
	analysistest.RunWithConfig(t, analysistest.TestData(), missingdonation.Rule, "scale = \"large\"\n", true, "basic", "aliased", "sharded")
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), missingdonation.Rule, "negative")
}
