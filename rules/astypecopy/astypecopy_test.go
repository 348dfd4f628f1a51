package astypecopy_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/astypecopy"
)

func TestAstypeCopy(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), astypecopy.Rule, "basic", "negative", "aliased", "library")
}
