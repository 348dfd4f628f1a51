package unrolledloop_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/unrolledloop"
)

func TestUnrolledLoop(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), unrolledloop.Rule, "basic", "negative", "aliased")
}
