package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// DefaultSlowDelay is how long after the last edit the slow (memory) rules run, as gopls's
// DiagnosticsDelay: typing produces per-file findings at once and the estimate when it pauses.
const DefaultSlowDelay = time.Second

// DefaultDocsBase prefixes a rule's relative docs path (docs/rules/AL304.md) to make the
// codeDescription link of its diagnostics: the printers' base, analyzer.DocsBase.
const DefaultDocsBase = analyzer.DocsBase

// Options configures a Server.
type Options struct {
	// Rules are the rules to run (usually rules/all.Rules; tests pass their own).
	Rules []*analyzer.Rule
	// SlowRule reports whether a rule is slow and runs only after SlowDelay. Nil means the memory
	// category (AL1xx).
	SlowRule func(*analyzer.Rule) bool
	// SlowDelay is the debounce before slow rules run; 0 means DefaultSlowDelay.
	SlowDelay time.Duration
	// DocsBase prefixes rule documentation paths; "" means DefaultDocsBase.
	DocsBase string
	// Version is reported in serverInfo.
	Version string
}

// serverState is where the server is in the LSP lifecycle.
type serverState int

const (
	stateNew         serverState = iota // before initialize: requests get -32002
	stateInitialized                    // initialize answered
	stateShutdown                       // shutdown answered: requests get InvalidRequest
)

// Server is an arraylint language server. Create it with NewServer and run it with Serve; one
// Server serves one connection.
type Server struct {
	opts    Options
	fast    *driver.Runner // the rules run at once on every change
	full    *driver.Runner // every rule, run after the delay when slow rules exist
	hasSlow bool
	// incremental says whether the fast rules may run incrementally (incremental.go): none of
	// them is a memory rule, whose estimate covers the whole file.
	incremental bool

	conn *jsonrpc2.Conn
	exit chan int // receives the exit code when the client sends exit

	mu       sync.Mutex
	state    serverState
	client   clientFeatures
	trace    protocol.TraceValue
	roots    []string // workspace folder paths
	docs     map[protocol.DocumentURI]*document
	configs  *driver.ConfigCache
	settings userSettings
	// configErrShown records configuration errors already shown, so one bad file is shown once.
	configErrShown map[string]bool

	// notebooks are the open notebooks (notebook.go), guarded by mu; each also has a document
	// in docs.
	notebooks map[protocol.DocumentURI]*openNotebook

	handlers map[string]handlerFunc // the methods served: a copy of the package's table

	caches map[string]*driver.Cache // check's content caches by directory (diskcache.go), guarded by mu

	publishMu sync.Mutex    // orders publishDiagnostics notifications
	sem       chan struct{} // bounds concurrent analyses
}

// clientFeatures are the client capabilities the server acts on.
type clientFeatures struct {
	encoding         protocol.PositionEncodingKind
	pull             bool // textDocument/diagnostic: the client pulls, so the server does not push
	diagRefresh      bool // workspace/diagnostic/refresh
	documentChanges  bool // versioned WorkspaceEdits
	markdownHover    bool
	watchFilesDynamo bool // client/registerCapability for didChangeWatchedFiles
}

// NewServer returns a server running opts.Rules; it fails when the rules' analyzer graph is
// invalid.
func NewServer(opts Options) (*Server, error) {
	if opts.SlowDelay <= 0 {
		opts.SlowDelay = DefaultSlowDelay
	}
	if opts.DocsBase == "" {
		opts.DocsBase = DefaultDocsBase
	}
	if opts.SlowRule == nil {
		opts.SlowRule = func(r *analyzer.Rule) bool { return analyzer.CategoryOf(r.Spec.Code) == "memory" }
	}
	s := &Server{
		opts:           opts,
		exit:           make(chan int, 1),
		docs:           make(map[protocol.DocumentURI]*document),
		configs:        &driver.ConfigCache{},
		configErrShown: make(map[string]bool),
		trace:          protocol.TraceOff,
		sem:            make(chan struct{}, runtime.GOMAXPROCS(0)),
		handlers:       maps.Clone(handlers),
	}
	var fastRules []*analyzer.Rule
	for _, r := range opts.Rules {
		if opts.SlowRule(r) {
			s.hasSlow = true
		} else {
			fastRules = append(fastRules, r)
		}
	}
	s.incremental = !slices.ContainsFunc(fastRules, func(r *analyzer.Rule) bool { return analyzer.CategoryOf(r.Spec.Code) == "memory" })
	var err error
	if s.full, err = driver.NewRunner(opts.Rules); err != nil {
		return nil, fmt.Errorf("start server: %w", err)
	}
	s.fast = s.full
	if s.hasSlow {
		if s.fast, err = driver.NewRunner(fastRules); err != nil {
			return nil, fmt.Errorf("start server: %w", err)
		}
	}
	return s, nil
}

// Serve speaks LSP over r and w until the client sends exit or closes r, and returns the
// process exit code: 0 after shutdown then exit, 1 otherwise.
func (s *Server) Serve(ctx context.Context, r io.Reader, w io.Writer) int {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.conn = jsonrpc2.NewConn(jsonrpc2.NewStreamRW(r, w), jsonrpc2.HandlerFunc(s.handle), func(err error) {
		s.logf(protocol.MessageError, "%v", err)
	})
	done := make(chan error, 1)
	go func() { done <- s.conn.Run(ctx) }()
	var code int
	select {
	case code = <-s.exit:
	case err := <-done:
		if err != nil {
			s.logf(protocol.MessageError, "closing the connection: %v", err)
		}
		code = 1 // the client went away without exit
	case <-ctx.Done():
		code = 1
	}
	s.closeAll()
	return code
}

// closeAll stops every document's analysis.
func (s *Server) closeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		d.stop()
	}
}

// handle dispatches one message according to the lifecycle state.
func (s *Server) handle(ctx context.Context, req *jsonrpc2.Request, reply jsonrpc2.Replier) {
	s.mu.Lock()
	state, trace := s.state, s.trace
	s.mu.Unlock()
	if trace != protocol.TraceOff && state != stateNew {
		s.logTrace(req)
	}
	if req.Method == protocol.MethodExit {
		s.handleExit()
		return
	}
	switch {
	case state == stateNew && req.Method != protocol.MethodInitialize:
		reply(nil, fmt.Errorf("handle %s: %w", req.Method, jsonrpc2.ErrServerNotInitialized))
		return
	case state == stateInitialized && req.Method == protocol.MethodInitialize:
		reply(nil, jsonrpc2.Errorf(jsonrpc2.CodeInvalidRequest, "handle initialize: server is already initialized"))
		return
	case state == stateShutdown:
		reply(nil, jsonrpc2.Errorf(jsonrpc2.CodeInvalidRequest, "handle %s: server is shut down", req.Method))
		return
	}
	h, ok := s.handlers[req.Method]
	if !ok {
		if !req.IsNotification() {
			reply(nil, jsonrpc2.Errorf(jsonrpc2.CodeMethodNotFound, "handle %s: method not found", req.Method))
		} else if !strings.HasPrefix(req.Method, "$/") {
			s.logf(protocol.MessageLog, "ignored notification %s", req.Method)
		}
		return
	}
	h(s, ctx, req, reply)
}

// handlerFunc handles one method.
type handlerFunc func(s *Server, ctx context.Context, req *jsonrpc2.Request, reply jsonrpc2.Replier)

// handlers maps method names to handlers. Requests that may wait run in their own goroutine;
// notifications run in arrival order on the read goroutine, so a didChange is applied before any
// later request reads the document.
var handlers = map[string]handlerFunc{
	protocol.MethodInitialize:             syncRequest((*Server).Initialize),
	protocol.MethodInitialized:            notification((*Server).Initialized),
	protocol.MethodShutdown:               syncRequest(func(s *Server, ctx context.Context, _ *struct{}) (any, error) { return nil, s.Shutdown(ctx) }),
	protocol.MethodSetTrace:               notification((*Server).SetTrace),
	protocol.MethodDidOpen:                notification((*Server).DidOpen),
	protocol.MethodDidChange:              notification((*Server).DidChange),
	protocol.MethodDidSave:                notification((*Server).DidSave),
	protocol.MethodDidClose:               notification((*Server).DidClose),
	protocol.MethodDidChangeConfiguration: notification((*Server).DidChangeConfiguration),
	protocol.MethodDidChangeWatchedFiles:  notification((*Server).DidChangeWatchedFiles),
	protocol.MethodDiagnostic:             asyncRequest((*Server).Diagnostic),
	protocol.MethodCodeAction:             asyncRequest((*Server).CodeAction),
	protocol.MethodHover:                  asyncRequest((*Server).Hover),
	protocol.MethodInlayHint:              asyncRequest((*Server).InlayHint),
	protocol.MethodNotebookDidOpen:        notification((*Server).NotebookDidOpen),
	protocol.MethodNotebookDidChange:      notification((*Server).NotebookDidChange),
	protocol.MethodNotebookDidSave:        notification((*Server).NotebookDidSave),
	protocol.MethodNotebookDidClose:       notification((*Server).NotebookDidClose),
}

// decodeParams decodes a message's params into p; absent params decode as the zero value.
func decodeParams[P any](method string, raw json.RawMessage, p *P) error {
	if len(raw) == 0 || string(raw) == "null" {
		return nil
	}
	if err := json.Unmarshal(raw, p); err != nil {
		return fmt.Errorf("decode %s params: %v: %w", method, err, jsonrpc2.ErrInvalidParams)
	}
	return nil
}

// syncRequest adapts a typed request method that answers at once.
func syncRequest[P, R any](f func(*Server, context.Context, *P) (R, error)) handlerFunc {
	return func(s *Server, ctx context.Context, req *jsonrpc2.Request, reply jsonrpc2.Replier) {
		var p P
		if err := decodeParams(req.Method, req.Params, &p); err != nil {
			reply(nil, err)
			return
		}
		reply(f(s, ctx, &p))
	}
}

// asyncRequest adapts a typed request method that may wait: it runs in its own goroutine,
// recovers a panic into an error response, and answers RequestCancelled when cancelled.
func asyncRequest[P, R any](f func(*Server, context.Context, *P) (R, error)) handlerFunc {
	return func(s *Server, ctx context.Context, req *jsonrpc2.Request, reply jsonrpc2.Replier) {
		var p P
		if err := decodeParams(req.Method, req.Params, &p); err != nil {
			reply(nil, err)
			return
		}
		go func() {
			defer func() {
				if v := recover(); v != nil {
					s.reportPanic(req.Method, v)
					reply(nil, jsonrpc2.Errorf(jsonrpc2.CodeInternalError, "handle %s: internal error: %v", req.Method, v))
				}
			}()
			res, err := f(s, ctx, &p)
			if err == nil && ctx.Err() != nil {
				err = fmt.Errorf("handle %s: %w", req.Method, ctx.Err())
			}
			reply(res, err)
		}()
	}
}

// notification adapts a typed notification method; its error is logged, as a notification has
// no response.
func notification[P any](f func(*Server, context.Context, *P) error) handlerFunc {
	return func(s *Server, ctx context.Context, req *jsonrpc2.Request, reply jsonrpc2.Replier) {
		var p P
		err := decodeParams(req.Method, req.Params, &p)
		if err == nil {
			err = f(s, ctx, &p)
		}
		if err != nil {
			s.logf(protocol.MessageWarning, "%v", err)
		}
		if !req.IsNotification() { // a client that sent a notification method with an id
			reply(nil, err)
		}
	}
}
