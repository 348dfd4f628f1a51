package pyparse

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// benchFiles are big stdlib modules of varied style (docstrings, numbers, deep nesting).
var benchFiles = []string{"_pydecimal.py", "typing.py", "inspect.py", "argparse.py", "pydoc_data/topics.py", "test/test_descr.py"}

// loadBenchCorpus reads benchFiles from the python3 stdlib.
func loadBenchCorpus(b *testing.B) (srcs [][]byte, lines int) {
	b.Helper()
	out, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		b.Skip("python3 not found: the benchmark reads stdlib files")
	}
	root := strings.TrimSpace(string(out))
	for _, name := range benchFiles {
		src, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			b.Skipf("read %s: %v", name, err)
		}
		srcs = append(srcs, src)
		lines += bytes.Count(src, []byte("\n"))
	}
	return srcs, lines
}

func BenchmarkLex(b *testing.B) {
	srcs, lines := loadBenchCorpus(b)
	size := 0
	for _, s := range srcs {
		size += len(s)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		for _, src := range srcs {
			Lex(src)
		}
	}
	cpu := cpuTime() - cpu0
	b.ReportMetric(float64(lines)*float64(b.N)/b.Elapsed().Seconds(), "lines/s")
	// CPU time of the whole process (GC included): the rate one core sustains even when the
	// machine is shared and wall-clock time is not ours.
	if cpu > 0 {
		b.ReportMetric(float64(lines)*float64(b.N)/cpu.Seconds(), "lines/cpu-s")
	}
}
