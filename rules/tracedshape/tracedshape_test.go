package tracedshape_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/tracedshape"
)

func TestTracedShape(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), tracedshape.Rule, "basic", "negative", "aliased")
}
