package missingdonation_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer/analysistest"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/rules/missingdonation"
)

// AL107 and the memory estimate agree on one program: the rule's finding names the bytes the
// estimate's XLA accounting says donation saves (4 MiB: the `params` an output of its shape could
// reuse), and with donate_argnums the estimate's program total drops by exactly those bytes.
func TestAgreesWithEstimate(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), missingdonation.Rule, "estimate")
	path := filepath.Join(analysistest.TestData(), "src", "estimate", "estimate.py")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	program := func(src string) memory.XLAProgram {
		t.Helper()
		rs, err := memory.EstimateSource("estimate.py", []byte(src), memory.Options{Backend: memory.BackendJAX})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range rs[0].XLA {
			if p.Func == "step" && p.Call > 0 {
				return p
			}
		}
		t.Fatalf("no XLA program of step: %+v", rs[0].XLA)
		return memory.XLAProgram{}
	}
	plain := program(string(src))
	if got := arrays.Bytes(plain.DonationSavesBytes); !strings.Contains(string(src), "`params` \\\\("+got+"\\\\)") {
		t.Errorf("the estimate's donation saves %s; the rule's finding (testdata) says otherwise", got)
	}
	donated := program("from functools import partial\n" +
		strings.Replace(string(src), "@jax.jit", "@partial(jax.jit, donate_argnums=(0,))", 1))
	if plain.TotalBytes-donated.TotalBytes != plain.DonationSavesBytes || donated.AliasBytes != plain.DonationSavesBytes {
		t.Errorf("total %d → %d B (aliased %d): want a drop of %d", plain.TotalBytes, donated.TotalBytes, donated.AliasBytes, plain.DonationSavesBytes)
	}
}
