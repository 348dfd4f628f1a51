package hostarraytodevice_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/hostarraytodevice"
)

func TestHostArrayToDevice(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), hostarraytodevice.Rule, "basic", "negative", "aliased")
}
