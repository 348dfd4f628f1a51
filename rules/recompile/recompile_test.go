package recompile_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/recompile"
)

func TestRecompile(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), recompile.Rule, "basic", "negative", "aliased")
}
