package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// This file tests, on a real server process, that the memory of a huge document returns to the
// operating system once it is closed.

// serverProcessEnv makes the test binary a language server on stdin and stdout (TestMain).
const serverProcessEnv = "ARRAYLINT_LSP_TEST_SERVER"

func TestMain(m *testing.M) {
	if os.Getenv(serverProcessEnv) == "1" {
		srv, err := NewServer(Options{Rules: testRules()})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(srv.Serve(context.Background(), os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// residentBytes returns the resident set size of process pid (Linux /proc).
func residentBytes(t *testing.T, pid int) int64 {
	t.Helper()
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatalf("parse VmRSS %q: %v", v, err)
			}
			return kb << 10
		}
	}
	t.Fatalf("no VmRSS in /proc/%d/status", pid)
	return 0
}

// TestClosedDocumentMemoryReturned opens a 100 MB document in a server process (refused: over the
// size limit), closes it, and checks that the process's resident memory is back within 100 MB of
// where it started. The server handles notifications in order, so the answer to a request sent
// after didClose marks the moment the close is done.
func TestClosedDocumentMemoryReturned(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc/PID/status")
	}
	if testing.Short() {
		t.Skip("-short skips the 100 MB document; .ci/run runs it in full (go test ./...)")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serverProcessEnv+"=1")
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()

	published := make(chan protocol.PublishDiagnosticsParams, 16)
	conn := jsonrpc2.NewConn(jsonrpc2.NewStreamRW(stdout, stdin), jsonrpc2.HandlerFunc(func(ctx context.Context, r *jsonrpc2.Request, reply jsonrpc2.Replier) {
		if r.Method == protocol.MethodPublishDiagnostics {
			var p protocol.PublishDiagnosticsParams
			if json.Unmarshal(r.Params, &p) == nil {
				select {
				case published <- p:
				default: // never block the client's read loop
				}
			}
		}
		reply(nil, nil)
	}), nil)
	go conn.Run(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	call := func(method string, params any) {
		t.Helper()
		if err := conn.Call(ctx, method, params, nil); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
	}
	call(protocol.MethodInitialize, protocol.InitializeParams{})
	if err := conn.Notify(protocol.MethodInitialized, struct{}{}); err != nil {
		t.Fatal(err)
	}
	hover := protocol.HoverParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}
	call(protocol.MethodHover, hover)
	start := residentBytes(t, cmd.Process.Pid)

	text := strings.Repeat("value = compute(1, 2, 3)\n", 100<<20/25)
	if err := conn.Notify(protocol.MethodDidOpen, protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{
		URI: testURI, LanguageID: "python", Version: 1, Text: text,
	}}); err != nil {
		t.Fatal(err)
	}
	text = ""
	for p := range published {
		if p.URI == testURI && len(p.Diagnostics) == 1 && strings.HasPrefix(p.Diagnostics[0].Message, "file not checked") {
			break
		}
	}
	open := residentBytes(t, cmd.Process.Pid)
	if err := conn.Notify(protocol.MethodDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}}); err != nil {
		t.Fatal(err)
	}
	call(protocol.MethodHover, hover)
	closed := residentBytes(t, cmd.Process.Pid)
	t.Logf("resident: %.0f MB at the start, %.0f MB with the 100 MB document open, %.0f MB after it is closed",
		float64(start)/1e6, float64(open)/1e6, float64(closed)/1e6)
	if closed-start > 100e6 {
		t.Errorf("resident memory %.0f MB after closing the document, %.0f MB over the %.0f MB at the start (allowed: 100 MB)",
			float64(closed)/1e6, float64(closed-start)/1e6, float64(start)/1e6)
	}
}
