package cost

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/memory"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/rules/all"
)

// sizes is the series of function counts: each twice the previous, so linear cost shows as a
// constant ns/function and quadratic cost as ns/function doubling from one size to the next.
var sizes = []int{10_000, 20_000, 40_000, 80_000, 160_000}

// BenchmarkCheckFunctions checks a module of n small functions with every rule under the default
// configuration, as `arraylint check FILE` does (no memory target), parse included.
func BenchmarkCheckFunctions(b *testing.B) { benchCheck(b, driver.Default("")) }

// BenchmarkCheckFunctionsTarget is BenchmarkCheckFunctions with a memory target
// (`check --target h100`): the memory estimate and the rules that read it (AL101–AL106) run too.
func BenchmarkCheckFunctionsTarget(b *testing.B) {
	benchCheck(b, driver.Default("").WithFlags(map[string]map[string]any{"memory": {"target": "h100"}}))
}

func benchCheck(b *testing.B, cfg *driver.Config) {
	rn, err := driver.NewRunner(all.Rules)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range sizes {
		src := Functions(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			cpu := CPUTime()
			for b.Loop() {
				fs, err := rn.Check(context.Background(), "gen.py", src, cfg)
				if err != nil {
					b.Fatal(err)
				}
				for _, f := range fs {
					if f.Code == driver.SyntaxError.Spec.Code || f.Code == driver.InternalError.Spec.Code {
						b.Fatalf("%s: %s", f.Code, f.Message)
					}
				}
			}
			report(b, n, cpu)
		})
	}
}

// BenchmarkEstimateFunctions runs the memory estimate (`arraylint mem`) on a module of n small
// functions, parse excluded: each function is one scope of its own.
func BenchmarkEstimateFunctions(b *testing.B) {
	target, err := memory.TargetOptions{Target: "h100"}.Resolve()
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range sizes {
		f, err := pyparse.Parse(Functions(n))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cpu := CPUTime()
			for b.Loop() {
				reps, err := memory.Estimate(f, memory.Options{Path: "gen.py", Target: target})
				if err != nil || len(reps) != n+1 {
					b.Fatalf("%d reports, %v; want %d", len(reps), err, n+1)
				}
			}
			report(b, n, cpu)
		})
	}
}

// TestGenerated checks the generators: Functions(n) parses without errors into n+1 statements,
// and Sized reaches its size.
func TestGenerated(t *testing.T) {
	f, err := pyparse.Parse(Functions(1000))
	if err != nil || len(f.Errors) != 0 || len(f.Module.Body) != 1001 {
		t.Fatalf("Functions(1000): %v, %v, %d statements", err, f.Errors, len(f.Module.Body))
	}
	if n := len(Functions(160_000)); n < 7_000_000 || n > driver.MaxFileSize {
		t.Errorf("Functions(160000) is %d bytes: the benchmark's file must stay under the %d-byte limit", n, driver.MaxFileSize)
	}
	if src := Sized(1 << 20); len(src) < 1<<20 || len(src) > 1<<20+64 {
		t.Errorf("Sized(1 MiB) is %d bytes", len(src))
	}
}

// report adds the wall and CPU time per function since cpu (CPUTime at the start), the figures
// to compare along sizes: near-constant means linear cost. CPU time includes the garbage
// collector's work on the other cores.
func report(b *testing.B, n int, cpu time.Duration) {
	per := float64(b.N) * float64(n)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/function")
	b.ReportMetric(float64((CPUTime()-cpu).Nanoseconds())/per, "cpu-ns/function")
}
