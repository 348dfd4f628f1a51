package astjson_test

// This file defines TestConformance: pyparse against CPython's own AST over a whole Python
// installation, streamed file by file.

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

var (
	conformanceMode = flag.String("conformance", "sample",
		"TestConformance corpus: sample (a fixed 1/20 of the files), full, or off")
	conformanceDir = flag.String("conformance.dir", "",
		"TestConformance: check every .py file under this directory instead of the python3 installation")
	conformancePython = flag.String("conformance.python", "",
		"TestConformance: run the oracle with this interpreter instead of python3 (3.12 and later are compared with CompareNewer)")
)

// sampleEvery is the sampling period of -conformance=sample: a file is in the sample when the FNV
// hash of its path relative to the corpus root is divisible by it.
const sampleEvery = 20

// parseTimeout is how long one file may take before the test reports the parser as hung.
const parseTimeout = 60 * time.Second

// exclusions lists corpus files (paths relative to the corpus root, with '/') that are not
// compared, each with its reason. Keep it short: every entry is a known gap.
var exclusions = map[string]string{}

// result is our side for one file: its JSON line, or a panic message.
type result struct {
	doc   []byte
	panic string
}

func TestConformance(t *testing.T) {
	if testing.Short() && *conformanceMode == "sample" {
		t.Skip("-short skips the CPython AST conformance sample; .ci/run runs it (go test ./...) and the whole corpus (.ci/heavy.d/10-conformance.sh)")
	}
	if *conformanceMode == "off" {
		t.Skip("-conformance=off")
	}
	if *conformanceMode != "sample" && *conformanceMode != "full" {
		t.Fatalf("-conformance=%q: want sample, full or off", *conformanceMode)
	}
	python, script := oracleScript(t)
	if *conformancePython != "" {
		python = *conformancePython
	}
	newer := false
	if out, err := exec.Command(python, "-c", "import sys; print(sys.version_info >= (3, 12))").Output(); err != nil {
		t.Fatalf("run oracle interpreter %s: %v", python, err)
	} else {
		newer = strings.TrimSpace(string(out)) == "True"
	}
	if *conformanceMode == "sample" && !parserImplemented() {
		t.Skip("pyparse.Parse is still the placeholder that returns an empty module")
	}
	root := *conformanceDir
	if root == "" {
		out, err := exec.Command(python, "-c", `import sysconfig; print(sysconfig.get_paths()["stdlib"])`).Output()
		if err != nil {
			skipOrFail(t, fmt.Sprintf("ask python3 for its stdlib directory: %v", err))
		}
		root = strings.TrimSpace(string(out))
		if *conformancePython != "" {
			t.Fatal("-conformance.python needs -conformance.dir")
		}
	}
	files, err := corpusFiles(root, *conformanceMode == "sample")
	if err != nil {
		t.Fatal(err)
	}
	var excluded int
	kept := files[:0]
	for _, p := range files {
		if _, ok := exclusions[relSlash(root, p)]; ok {
			excluded++
			continue
		}
		kept = append(kept, p)
	}
	files = kept
	if len(files) == 0 {
		t.Fatalf("no .py files under %s", root)
	}
	t.Logf("corpus %s: %d files (%s), %d excluded", root, len(files), *conformanceMode, excluded)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := exec.CommandContext(ctx, python, script, "--stdin-list")
	cmd.Env = append(os.Environ(), "PYTHONWARNINGS=ignore")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr := &tailBuffer{max: 16 << 10}
	cmd.Stderr = stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start oracle: %v", err)
	}
	defer cmd.Wait()
	go func() {
		w := bufio.NewWriter(stdin)
		for _, p := range files {
			fmt.Fprintln(w, p)
		}
		w.Flush()
		stdin.Close()
	}()

	results := ourSide(ctx, files, 2)
	oracle := bufio.NewReaderSize(stdout, 1<<20)
	var (
		passed, failed int
		bothErr, same  int // files both reject, and those where the first errors share a line
		otherLine      []string
		hist           = map[string]int{}
		examples       []string
	)
	fail := func(p, key, msg string) {
		failed++
		hist[key]++
		if len(examples) < 30 {
			examples = append(examples, fmt.Sprintf("%s: %s", p, msg))
		}
	}
	for i, p := range files {
		want, err := oracle.ReadBytes('\n')
		if err != nil {
			t.Fatalf("read oracle output for file %d of %d (%s): %v\noracle stderr:\n%s", i+1, len(files), p, err, stderr)
		}
		var got result
		select {
		case got = <-results[i]:
		case <-time.After(parseTimeout):
			t.Fatalf("%s: pyparse did not finish in %v (hang?)", p, parseTimeout)
		}
		if !bytes.HasPrefix(want, []byte(`{"path": `+jsonString(p)+`, `)) {
			t.Fatalf("oracle output out of step: file %d is %s but the oracle wrote %.200s", i+1, p, want)
		}
		if got.panic != "" {
			fail(p, "panic", "panic: "+got.panic)
			continue
		}
		if wl, ok := errorLine(want); ok {
			if gl, ok := errorLine(got.doc); ok {
				bothErr++
				if wl == gl {
					same++
				} else if len(otherLine) < 10 {
					otherLine = append(otherLine, fmt.Sprintf("%s: CPython line %d, pyparse line %d", p, wl, gl))
				}
			}
		}
		if bytes.Equal(bytes.TrimRight(want, "\n"), pySeparators(got.doc)) {
			passed++
			continue
		}
		compare := astjson.Compare
		if newer {
			compare = astjson.CompareNewer
		}
		d, err := compare(want, got.doc)
		switch {
		case err != nil:
			fail(p, "invalid json", err.Error())
		case d != nil:
			fail(p, d.NormPath(), d.String())
		default:
			passed++
		}
	}
	t.Logf("%d passed, %d failed (%.2f%%)", passed, failed, 100*float64(passed)/float64(passed+failed))
	t.Logf("%d files rejected by both; first error on the same line as CPython's in %d", bothErr, same)
	for _, o := range otherLine {
		t.Log("  first error elsewhere: " + o)
	}
	if failed == 0 {
		return
	}
	var keys []string
	for k := range hist {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if hist[keys[i]] != hist[keys[j]] {
			return hist[keys[i]] > hist[keys[j]]
		}
		return keys[i] < keys[j]
	})
	var b strings.Builder
	b.WriteString("first differences by JSON path:\n")
	for _, k := range keys {
		fmt.Fprintf(&b, "%7d  %s\n", hist[k], k)
	}
	fmt.Fprintf(&b, "first %d failing files:\n", len(examples))
	for _, e := range examples {
		b.WriteString("  " + e + "\n")
	}
	t.Log(b.String())
	t.Errorf("%d of %d files differ from CPython", failed, passed+failed)
}

// ourSide parses and encodes files on workers goroutines, at most a small window ahead of the
// consumer; results[i] receives file i's result exactly once.
func ourSide(ctx context.Context, files []string, workers int) []chan result {
	results := make([]chan result, len(files))
	for i := range results {
		results[i] = make(chan result, 1)
	}
	window := make(chan struct{}, 4*workers) // bounds memory held by finished, unconsumed files
	next := make(chan int)
	go func() {
		defer close(next)
		for i := range files {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			next <- i
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] <- encodeFile(files[i])
				<-window
			}
		}()
	}
	return results
}

// encodeFile is our `arraylint debug ast` for one file, with panics caught.
func encodeFile(path string) (r result) {
	defer func() {
		if v := recover(); v != nil {
			r = result{panic: fmt.Sprint(v)}
		}
	}()
	src, err := os.ReadFile(path)
	if err != nil {
		return result{panic: err.Error()}
	}
	f, perr := pyparse.Parse(src)
	doc, err := astjson.Append(nil, path, f, perr)
	if err != nil {
		return result{panic: err.Error()}
	}
	return result{doc: doc}
}

// corpusFiles lists the .py files under root in sorted order, or the fixed sample of them.
func corpusFiles(root string, sample bool) ([]string, error) {
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && strings.HasSuffix(p, ".py") {
			if !sample || inSample(relSlash(root, p)) {
				files = append(files, p)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list corpus %s: %w", root, err)
	}
	sort.Strings(files)
	return files, nil
}

func inSample(rel string) bool {
	h := fnv.New32a()
	io.WriteString(h, rel)
	return h.Sum32()%sampleEvery == 0
}

func relSlash(root, p string) string {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(rel)
}

func jsonString(s string) string {
	doc, _ := astjson.Append(nil, s, &pyparse.File{Lines: pyparse.NewLineIndex(nil), Errors: []pyparse.Error{{}}}, nil)
	// doc is {"path":"<s>","error":…}: cut out the quoted path.
	end := bytes.Index(doc, []byte(`,"error":`))
	return string(doc[len(`{"path":`):end])
}

// errorLine returns the "line" of an error document ("line": null reads as 0), and whether doc is
// an error document at all.
func errorLine(doc []byte) (int, bool) {
	i := bytes.Index(doc, []byte(`"error":`))
	if i < 0 {
		return 0, false
	}
	rest := doc[i:]
	j := bytes.Index(rest, []byte(`"line":`))
	if j < 0 {
		return 0, true
	}
	rest = bytes.TrimLeft(rest[j+len(`"line":`):], " ")
	n := 0
	for _, c := range rest {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n, true
}

// pySeparators rewrites a compact JSON document with Python's json.dumps separators (", " and
// ": "), so that an identical document is byte-equal to the oracle's line.
func pySeparators(doc []byte) []byte {
	out := make([]byte, 0, len(doc)+len(doc)/4)
	inStr := false
	for i := 0; i < len(doc); i++ {
		c := doc[i]
		out = append(out, c)
		switch {
		case inStr && c == '\\':
			i++
			out = append(out, doc[i])
		case c == '"':
			inStr = !inStr
		case !inStr && (c == ',' || c == ':'):
			out = append(out, ' ')
		}
	}
	return out
}

// tailBuffer keeps the last max bytes written to it.
type tailBuffer struct {
	mu  sync.Mutex
	max int
	buf []byte
}

func (b *tailBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > b.max {
		b.buf = append(b.buf[:0], b.buf[len(b.buf)-b.max:]...)
	}
	return len(p), nil
}

func (b *tailBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
