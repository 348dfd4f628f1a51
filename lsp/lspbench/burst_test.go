package lspbench

import (
	"context"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// BenchmarkEditBurst types 40 edits into a 100,000-line file (3 MB) without waiting for
// diagnostics, as fast typing does, asking for the inlay hints of each version and cancelling
// that request at the next edit, as VS Code does; it reports the server's CPU time from the first edit until
// it is idle again (server-cpu-s), when the last version's diagnostics arrive (last-diags-s) and
// how long the server keeps a CPU busy after that (busy-after-s: the slow rules' run of the last
// version, after its delay, and any analysis of superseded versions still going on).
func BenchmarkEditBurst(b *testing.B) {
	root := b.TempDir()
	text := program(100_000)
	uri := fileURI(filepath.Join(root, "big.py"))
	s := startServer(b, root)
	s.open(b, uri, text)
	s.waitVersion(b, uri, 1)
	waitIdle(b, s)
	const edits = 40
	line := strings.Count(text, "\n") - 2
	version := int32(1)
	b.ResetTimer()
	for range b.N {
		cpu0, err := cpuTime(s.cmd.Process.Pid)
		if err != nil {
			b.Skip(err)
		}
		start := time.Now()
		var hints sync.WaitGroup
		cancelHints := func() {}
		for i := range edits {
			cancelHints()
			version++
			pos := protocol.Position{Line: uint32(line), Character: uint32(i)}
			err := s.conn.Notify(protocol.MethodDidChange, protocol.DidChangeTextDocumentParams{
				TextDocument:   protocol.VersionedTextDocumentIdentifier{URI: uri, Version: version},
				ContentChanges: []protocol.TextDocumentContentChangeEvent{{Range: &protocol.Range{Start: pos, End: pos}, Text: "x"}},
			})
			if err != nil {
				b.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			cancelHints = cancel
			hints.Go(func() {
				p := protocol.InlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri},
					Range: protocol.Range{End: protocol.Position{Line: uint32(line + 1)}}}
				_ = s.conn.Call(ctx, protocol.MethodInlayHint, p, nil) // cancelled, or answered
			})
		}
		s.waitVersion(b, uri, version)
		hints.Wait()
		last := time.Since(start)
		idle := waitIdle(b, s)
		cpu1, err := cpuTime(s.cmd.Process.Pid)
		if err != nil {
			b.Skip(err)
		}
		b.ReportMetric((cpu1 - cpu0).Seconds(), "server-cpu-s")
		b.ReportMetric(last.Seconds(), "last-diags-s")
		b.ReportMetric((idle.Sub(start) - last).Seconds(), "busy-after-s")
	}
	b.ReportMetric(0, "ns/op")
}

// waitIdle waits until the server has used no CPU for 1.5 s (longer than the delay before the
// slow rules run) and returns when it last did.
func waitIdle(b *testing.B, s *server) time.Time {
	prev, err := cpuTime(s.cmd.Process.Pid)
	if err != nil {
		b.Skip(err)
	}
	lastBusy := time.Now()
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); {
		time.Sleep(100 * time.Millisecond)
		cur, err := cpuTime(s.cmd.Process.Pid)
		if err != nil {
			b.Skip(err)
		}
		if cur != prev {
			prev, lastBusy = cur, time.Now()
		} else if time.Since(lastBusy) >= 1500*time.Millisecond {
			return lastBusy
		}
	}
	b.Fatal("the server was still busy two minutes after the last edit")
	return lastBusy
}
