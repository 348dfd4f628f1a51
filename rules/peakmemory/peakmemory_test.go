package peakmemory_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/peakmemory"
)

func TestAL101(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), peakmemory.Rule, "basic", "aliased", "configured")
}
