package memory

import (
	"testing"

	"github.com/arraylint/arraylint/arraymodel/absint"
)

func TestArrayModuleFromItsArguments(t *testing.T) {
	src := `import cupy
import array_api_compat


def known(n):
    x = cupy.ones(n)
    xp = cupy.get_array_module(x)
    return xp.zeros((n, 2))


def unknown_arg(x):
    xp = cupy.get_array_module(x)
    return xp.zeros((1000, 1000))


def compat(x):
    ns = array_api_compat.array_namespace(x)
    return ns.ones((1000, 1000), dtype=ns.float32)
`
	rs := estimate(t, src, Options{Assume: map[string]int64{"n": 1000}})
	byScope := map[string]*Report{}
	for _, r := range rs {
		byScope[r.Scope] = r
	}
	if r := byScope["known"]; r.PeakBytes != 24_000 || len(r.Unknown) != 0 || len(r.Symbols) != 1 {
		t.Errorf("known: peak %d, unknown %v, symbols %+v; want 24000 (x and the zeros), nothing unknown, only n", r.PeakBytes, r.Unknown, r.Symbols)
	}
	r := byScope["unknown_arg"]
	if r.PeakBytes != 8_000_000 || len(r.Symbols) != 1 || r.Symbols[0] != (Symbol{Name: "xp", Value: "cupy", Source: absint.SourceConvention, Line: 12}) {
		t.Errorf("unknown_arg: peak %d, symbols %+v; want 8000000 with xp = cupy by convention (line 12)", r.PeakBytes, r.Symbols)
	}
	r = byScope["compat"]
	if r.PeakBytes != 4_000_000 || len(r.Symbols) != 1 || r.Symbols[0].Value != "numpy" || r.Symbols[0].Name != "ns" {
		t.Errorf("compat: peak %d, symbols %+v; want 4000000 with ns = numpy by convention", r.PeakBytes, r.Symbols)
	}
}
