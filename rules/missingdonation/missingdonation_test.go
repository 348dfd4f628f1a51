package missingdonation_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/missingdonation"
)

func TestMissingDonation(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), missingdonation.Rule, "basic", "negative", "aliased")
}
