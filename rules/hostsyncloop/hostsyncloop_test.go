package hostsyncloop_test

import (
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/rules/hostsyncloop"
)

func TestHostSyncLoop(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), hostsyncloop.Rule, "basic", "negative", "aliased")
}
