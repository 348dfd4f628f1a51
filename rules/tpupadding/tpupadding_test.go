package tpupadding_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/tpupadding"
)

func TestTPUPadding(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), tpupadding.Rule, "basic", "negative", "aliased")
}
