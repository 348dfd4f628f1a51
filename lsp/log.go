package lsp

import (
	"fmt"
	"runtime/debug"
	"testing"

	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// logf sends a window/logMessage notification; it never blocks on the server lock.
func (s *Server) logf(typ protocol.MessageType, format string, args ...any) {
	if s.conn == nil {
		return
	}
	_ = s.conn.Notify(protocol.MethodLogMessage, protocol.LogMessageParams{Type: typ, Message: fmt.Sprintf(format, args...)})
}

// showf sends a window/showMessage notification, for problems the user must act on (a broken
// configuration file).
func (s *Server) showf(typ protocol.MessageType, format string, args ...any) {
	if s.conn == nil {
		return
	}
	_ = s.conn.Notify(protocol.MethodShowMessage, protocol.ShowMessageParams{Type: typ, Message: fmt.Sprintf(format, args...)})
}

// logTrace reports an incoming message through $/logTrace when tracing is on ($/setTrace).
func (s *Server) logTrace(req *jsonrpc2.Request) {
	p := protocol.LogTraceParams{Message: "received " + req.Method}
	if req.ID != nil {
		p.Message += " (id " + req.ID.String() + ")"
	}
	s.mu.Lock()
	verbose := s.trace == protocol.TraceVerbose
	s.mu.Unlock()
	if verbose {
		p.Verbose = truncateBytes(req.Params, 1000)
	}
	_ = s.conn.Notify(protocol.MethodLogTrace, p)
}

// reportPanic logs a recovered panic with its stack; the server keeps serving.
func (s *Server) reportPanic(where string, v any) {
	s.logf(protocol.MessageError, "internal error in %s: %v\n%s", where, v, debug.Stack())
}

// bugf reports a broken invariant (gopls's bug.Reportf): it panics under `go test`, so tests
// catch it, and logs in production, where the server must keep serving.
func (s *Server) bugf(format string, args ...any) {
	msg := fmt.Sprintf("bug: "+format, args...)
	if testing.Testing() {
		panic(msg)
	}
	s.logf(protocol.MessageError, "%s", msg)
}

func truncateBytes(b []byte, n int) string {
	if len(b) > n {
		return string(b[:n]) + "…"
	}
	return string(b)
}
