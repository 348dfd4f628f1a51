package lspbench

import (
	"context"
	"net"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp"
	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/rules/all"
)

// BenchmarkEditInProcess is BenchmarkEditLatency with the server in the test process (over an
// in-memory pipe), so `-cpuprofile` sees the server's work. One op is one edit and its
// diagnostics.
func BenchmarkEditInProcess(b *testing.B) {
	srv, err := lsp.NewServer(lsp.Options{Rules: all.Rules})
	if err != nil {
		b.Fatal(err)
	}
	serverEnd, clientEnd := net.Pipe()
	defer clientEnd.Close()
	go srv.Serve(context.Background(), serverEnd, serverEnd)
	s := &server{published: map[protocol.DocumentURI]int32{}, waiters: map[protocol.DocumentURI]chan struct{}{}}
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStream(clientEnd), jsonrpc2.HandlerFunc(s.handle), nil)
	go s.conn.Run(context.Background())
	root := b.TempDir()
	if err := s.conn.Call(context.Background(), protocol.MethodInitialize, protocol.InitializeParams{}, nil); err != nil {
		b.Fatal(err)
	}
	text := program(5000)
	uri := fileURI(filepath.Join(root, "big.py"))
	s.open(b, uri, text)
	s.waitVersion(b, uri, 1)
	lines := strings.Split(text, "\n")
	line := 0
	for i, l := range lines {
		if strings.Contains(l, "* 2.0") {
			line = i
		}
	}
	col := strings.Index(lines[line], "* ") + 2
	version := int32(1)
	b.ResetTimer()
	for range b.N {
		version++
		s.conn.Notify(protocol.MethodDidChange, protocol.DidChangeTextDocumentParams{
			TextDocument: protocol.VersionedTextDocumentIdentifier{URI: uri, Version: version},
			ContentChanges: []protocol.TextDocumentContentChangeEvent{{
				Range: &protocol.Range{Start: protocol.Position{Line: uint32(line), Character: uint32(col)},
					End: protocol.Position{Line: uint32(line), Character: uint32(col + 1)}},
				Text: strconv.Itoa(int(version % 10)),
			}},
		})
		s.waitVersion(b, uri, version)
	}
}

// BenchmarkCheck5000 is the floor under the edit latency: parsing and checking the 5,000-line
// file with every rule, without the server. Edit latency minus this is the server's overhead.
func BenchmarkCheck5000(b *testing.B) {
	src := []byte(program(5000))
	rn, err := driver.NewRunner(all.Rules)
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for range b.N {
		if _, err := rn.Check(context.Background(), "/tmp/big.py", src, nil); err != nil {
			b.Fatal(err)
		}
	}
}
