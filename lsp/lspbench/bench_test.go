package lspbench

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// server is a running `arraylint server` process and a client connection to it.
type server struct {
	cmd  *exec.Cmd
	conn *jsonrpc2.Conn

	mu        sync.Mutex
	published map[protocol.DocumentURI]int32 // latest published version per document
	count     int                            // publications received
	waiters   map[protocol.DocumentURI]chan struct{}
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// binary builds cmd/arraylint once per test process.
func binary(tb testing.TB) string {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "arraylint-lspbench")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "arraylint")
		out, err := exec.Command("go", "build", "-o", binPath, "github.com/arraylint/arraylint/cmd/arraylint").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		tb.Fatal(buildErr)
	}
	return binPath
}

func startServer(tb testing.TB, root string) *server {
	tb.Helper()
	cmd := exec.Command(binary(tb), "server")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		tb.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		tb.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	s := &server{cmd: cmd, published: map[protocol.DocumentURI]int32{}, waiters: map[protocol.DocumentURI]chan struct{}{}}
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStreamRW(bufio.NewReader(stdout), stdin), jsonrpc2.HandlerFunc(s.handle), nil)
	go s.conn.Run(context.Background())
	tb.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = s.conn.Call(ctx, protocol.MethodShutdown, nil, nil)
		_ = s.conn.Notify(protocol.MethodExit, nil)
		stdin.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	var res protocol.InitializeResult
	p := protocol.InitializeParams{WorkspaceFolders: []protocol.WorkspaceFolder{{URI: fileURI(root), Name: "bench"}}}
	if err := s.conn.Call(context.Background(), protocol.MethodInitialize, p, &res); err != nil {
		tb.Fatal(err)
	}
	if err := s.conn.Notify(protocol.MethodInitialized, struct{}{}); err != nil {
		tb.Fatal(err)
	}
	return s
}

func (s *server) handle(ctx context.Context, req *jsonrpc2.Request, reply jsonrpc2.Replier) {
	defer reply(nil, nil)
	if req.Method != protocol.MethodPublishDiagnostics {
		return
	}
	var p protocol.PublishDiagnosticsParams
	if json.Unmarshal(req.Params, &p) != nil || p.Version == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.count++
	if *p.Version > s.published[p.URI] {
		s.published[p.URI] = *p.Version
	}
	if ch := s.waiters[p.URI]; ch != nil {
		close(ch)
		delete(s.waiters, p.URI)
	}
}

// waitVersion waits until diagnostics for version v (or later) of uri have been published.
func (s *server) waitVersion(tb testing.TB, uri protocol.DocumentURI, v int32) {
	deadline := time.After(60 * time.Second)
	for {
		s.mu.Lock()
		if s.published[uri] >= v {
			s.mu.Unlock()
			return
		}
		ch := s.waiters[uri]
		if ch == nil {
			ch = make(chan struct{})
			s.waiters[uri] = ch
		}
		s.mu.Unlock()
		select {
		case <-ch:
		case <-deadline:
			tb.Fatalf("no diagnostics for %s version %d", uri, v)
		}
	}
}

func (s *server) open(tb testing.TB, uri protocol.DocumentURI, text string) {
	err := s.conn.Notify(protocol.MethodDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: uri, LanguageID: "python", Version: 1, Text: text}})
	if err != nil {
		tb.Fatal(err)
	}
}

func fileURI(path string) protocol.DocumentURI {
	return protocol.DocumentURI("file://" + filepath.ToSlash(path))
}

// program returns a Python module of about `lines` lines of NumPy code, with findings for several
// rules, where line 8k+5 of block k holds the literal that edits change.
func program(lines int) string {
	var b strings.Builder
	b.WriteString("import numpy as np\n\n")
	for k := 0; b.Len() == 0 || strings.Count(b.String(), "\n") < lines-8; k++ {
		fmt.Fprintf(&b, "def step_%d(x, n):\n", k)
		b.WriteString("    a = np.zeros((n, 64), dtype=np.float32)\n")
		b.WriteString("    b = np.ones(n).astype(np.float32)\n")
		b.WriteString("    for j in range(n):\n")
		b.WriteString("        a[j] = x[j] * 2.0\n")
		b.WriteString("    c = a.sum(axis=0) + b.mean()\n")
		b.WriteString("    return c\n\n")
	}
	return b.String()
}

// percentile returns the p-th percentile (0..100) of sorted durations (nearest rank).
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted))*p/100+0.5) - 1
	return sorted[min(max(i, 0), len(sorted)-1)]
}

// BenchmarkEditLatency measures didChange → publishDiagnostics of that version on a 5,000-line
// file over 200 single-line edits, through the protocol, and reports p50 and p99 in ms.
func BenchmarkEditLatency(b *testing.B) {
	root := b.TempDir()
	text := program(5000)
	uri := fileURI(filepath.Join(root, "big.py"))
	s := startServer(b, root)
	s.open(b, uri, text)
	s.waitVersion(b, uri, 1)
	lines := strings.Split(text, "\n")
	var editable []int
	for i, l := range lines {
		if strings.Contains(l, "* 2.0") {
			editable = append(editable, i)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var lat []time.Duration
	version := int32(1)
	cpu0, cpuErr := cpuTime(s.cmd.Process.Pid)
	b.ResetTimer()
	for range b.N {
		for range 200 {
			line := editable[rng.IntN(len(editable))]
			col := strings.Index(lines[line], "* ") + 2 // the digit before ".0"
			version++
			start := time.Now()
			err := s.conn.Notify(protocol.MethodDidChange, protocol.DidChangeTextDocumentParams{
				TextDocument: protocol.VersionedTextDocumentIdentifier{URI: uri, Version: version},
				ContentChanges: []protocol.TextDocumentContentChangeEvent{{
					Range: &protocol.Range{Start: protocol.Position{Line: uint32(line), Character: uint32(col)},
						End: protocol.Position{Line: uint32(line), Character: uint32(col + 1)}},
					Text: strconv.Itoa(int(version % 10)),
				}},
			})
			if err != nil {
				b.Fatal(err)
			}
			s.waitVersion(b, uri, version)
			lat = append(lat, time.Since(start))
			lines[line] = lines[line][:col] + strconv.Itoa(int(version%10)) + lines[line][col+1:]
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(percentile(lat, 50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, 99).Microseconds())/1000, "p99-ms")
	// The server's CPU time per edit does not depend on what else the machine runs, unlike the
	// wall-clock percentiles.
	if cpu1, err := cpuTime(s.cmd.Process.Pid); err == nil && cpuErr == nil {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(len(lat)), "server-cpu-ms/edit")
	}
	b.ReportMetric(0, "ns/op")
}

// BenchmarkRSSOpen1000 opens 1,000 files of about 150 lines, waits for all their diagnostics
// (both rounds: per-file rules, then every rule), and reports the server's resident set size
// (VmRSS) in MB.
func BenchmarkRSSOpen1000(b *testing.B) {
	if _, err := os.Stat("/proc/self/status"); err != nil {
		b.Skip("needs /proc to read the server's RSS")
	}
	for range b.N {
		root := b.TempDir()
		s := startServer(b, root)
		for i := range 1000 {
			uri := fileURI(filepath.Join(root, fmt.Sprintf("pkg%d/m%d.py", i%10, i)))
			s.open(b, uri, strings.ReplaceAll(program(150), "step_", fmt.Sprintf("f%d_", i)))
		}
		for i := range 1000 {
			s.waitVersion(b, fileURI(filepath.Join(root, fmt.Sprintf("pkg%d/m%d.py", i%10, i))), 1)
		}
		// Each file is published twice: its per-file rules, then every rule after the delay.
		// Wait for the second round (or 60 s), then read the RSS.
		deadline := time.Now().Add(60 * time.Second)
		for time.Now().Before(deadline) {
			s.mu.Lock()
			n := s.count
			s.mu.Unlock()
			if n >= 2000 {
				break
			}
			time.Sleep(100 * time.Millisecond)
		}
		rss, err := vmRSS(s.cmd.Process.Pid)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(rss)/(1<<20), "rss-MB")
	}
	b.ReportMetric(0, "ns/op")
}

// vmRSS reads a process's resident set size in bytes from /proc.
func vmRSS(pid int) (int64, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("read RSS of %d: no VmRSS line", pid)
}

// cpuTime returns a process's user plus system CPU time from /proc (in clock ticks of 10 ms, the
// USER_HZ of Linux on every architecture Go supports).
func cpuTime(pid int) (time.Duration, error) {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name may hold spaces: fields start after its closing parenthesis.
	rest := string(data)
	if i := strings.LastIndexByte(rest, ')'); i >= 0 {
		rest = rest[i+1:]
	}
	f := strings.Fields(rest)
	if len(f) < 13 {
		return 0, fmt.Errorf("read CPU time of %d: short /proc stat", pid)
	}
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		return 0, fmt.Errorf("read CPU time of %d: malformed /proc stat", pid)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond, nil
}

// BenchmarkHoverAfterEdit measures textDocument/hover sent right after each of 100 single-line
// edits of the 5,000-line file (on the edited function's array), the way a user hovers while
// typing, and reports p50 and p99 in ms.
func BenchmarkHoverAfterEdit(b *testing.B) {
	root := b.TempDir()
	text := program(5000)
	uri := fileURI(filepath.Join(root, "big.py"))
	s := startServer(b, root)
	s.open(b, uri, text)
	s.waitVersion(b, uri, 1)
	lines := strings.Split(text, "\n")
	var editable []int
	for i, l := range lines {
		if strings.Contains(l, "* 2.0") {
			editable = append(editable, i)
		}
	}
	// A first hover, as a user's first look at the file, pays for the first estimate.
	if err := s.conn.Call(context.Background(), protocol.MethodHover, protocol.HoverParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: uint32(editable[0] - 3), Character: 4}}, nil); err != nil {
		b.Fatal(err)
	}
	// Wait for version 1's complete run (every rule, after the server's delay), so that its
	// cost is not counted below.
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		s.mu.Lock()
		n := s.count
		s.mu.Unlock()
		if n >= 2 {
			break
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	var lat []time.Duration
	version := int32(1)
	cpu0, cpuErr := cpuTime(s.cmd.Process.Pid)
	b.ResetTimer()
	for range b.N {
		for range 100 {
			line := editable[rng.IntN(len(editable))]
			col := strings.Index(lines[line], "* ") + 2
			version++
			err := s.conn.Notify(protocol.MethodDidChange, protocol.DidChangeTextDocumentParams{
				TextDocument: protocol.VersionedTextDocumentIdentifier{URI: uri, Version: version},
				ContentChanges: []protocol.TextDocumentContentChangeEvent{{
					Range: &protocol.Range{Start: protocol.Position{Line: uint32(line), Character: uint32(col)},
						End: protocol.Position{Line: uint32(line), Character: uint32(col + 1)}},
					Text: strconv.Itoa(int(version % 10)),
				}},
			})
			if err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			// The hover is on `a` of `a = np.zeros(...)`, three lines above the edit.
			var h json.RawMessage
			err = s.conn.Call(context.Background(), protocol.MethodHover, protocol.HoverParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: uint32(line - 3), Character: 4}}, &h)
			if err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
			if string(h) == "null" || len(h) == 0 {
				b.Fatalf("no hover on line %d", line-3)
			}
			s.waitVersion(b, uri, version)
			lines[line] = lines[line][:col] + strconv.Itoa(int(version%10)) + lines[line][col+1:]
		}
	}
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(percentile(lat, 50).Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(percentile(lat, 99).Microseconds())/1000, "p99-ms")
	// The server's CPU time for each edit and its hover together, independent of the load.
	if cpu1, err := cpuTime(s.cmd.Process.Pid); err == nil && cpuErr == nil {
		b.ReportMetric(float64((cpu1-cpu0).Microseconds())/1000/float64(len(lat)), "server-cpu-ms/edit+hover")
	}
	b.ReportMetric(0, "ns/op")
}
