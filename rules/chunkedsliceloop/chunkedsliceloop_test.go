package chunkedsliceloop_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/chunkedsliceloop"
)

func TestChunkedSliceLoop(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), chunkedsliceloop.Rule, "basic", "negative", "aliased")
}
