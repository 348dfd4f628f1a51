package allocexceeds_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/allocexceeds"
)

func TestAL102(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), allocexceeds.Rule, "basic", "aliased")
}
