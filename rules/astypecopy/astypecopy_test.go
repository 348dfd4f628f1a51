package astypecopy_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/astypecopy"
)

func TestAstypeCopy(t *testing.T) {
	// the positive fixtures are written for scale (scale = "large"); the negative ones run
	// under the default, where a NumPy module's arrays of unknown size are held back
	analysistest.RunWithConfig(t, analysistest.TestData(), astypecopy.Rule, "scale = \"large\"\n", true, "basic", "aliased", "negativejax32")
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), astypecopy.Rule, "negative", "library", "modulevalue", "twostep")
	// callers stating sizes in the project's other modules: judged where scale counts unknown
	// sizes as large
	analysistest.RunWithConfig(t, analysistest.TestData(), astypecopy.Rule, "scale = \"large\"\n", true, "projectcallers")
}
