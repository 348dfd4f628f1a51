package pallasblockalignment_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/pallasblockalignment"
)

func TestPallasBlockAlignment(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), pallasblockalignment.Rule, "basic", "negative", "aliased")
}
