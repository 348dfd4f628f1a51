package astjson_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

// BenchmarkEncode encodes the parse of a large stdlib module (the cost of `arraylint debug ast`
// beyond parsing).
func BenchmarkEncode(b *testing.B) {
	out, err := exec.Command("python3", "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
	if err != nil {
		b.Skipf("python3 unavailable: %v", err)
	}
	src, err := os.ReadFile(filepath.Join(strings.TrimSpace(string(out)), "_pydecimal.py"))
	if err != nil {
		b.Skip(err)
	}
	f, err := pyparse.Parse(src)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var buf []byte
	for b.Loop() {
		buf, err = astjson.Append(buf[:0], "_pydecimal.py", f, nil)
		if err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(buf))/float64(len(src)), "json-bytes/src-byte")
}
