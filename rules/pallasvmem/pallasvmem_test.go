package pallasvmem_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/pallasvmem"
)

func TestPallasVMEM(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), pallasvmem.Rule, "basic", "negative", "aliased", "targeted")
}
