package lsp

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// Initialize answers the initialize request: it negotiates the position encoding (UTF-8 when
// the client offers it, else UTF-16), records the client features the server acts on and the
// workspace folders, and announces the server's capabilities.
func (s *Server) Initialize(ctx context.Context, p *protocol.InitializeParams) (*protocol.InitializeResult, error) {
	var cf clientFeatures
	cf.encoding = protocol.UTF16
	caps := p.Capabilities
	if caps.General != nil && slices.Contains(caps.General.PositionEncodings, protocol.UTF8) {
		cf.encoding = protocol.UTF8
	}
	if td := caps.TextDocument; td != nil {
		cf.pull = td.Diagnostic != nil
		if td.Hover != nil && slices.Contains(td.Hover.ContentFormat, protocol.Markdown) {
			cf.markdownHover = true
		}
	}
	if ws := caps.Workspace; ws != nil {
		cf.diagRefresh = ws.Diagnostics != nil && ws.Diagnostics.RefreshSupport
		cf.documentChanges = ws.WorkspaceEdit != nil && ws.WorkspaceEdit.DocumentChanges
		cf.watchFilesDynamo = ws.DidChangeWatchedFiles != nil && ws.DidChangeWatchedFiles.DynamicRegistration
	}
	var roots []string
	for _, f := range p.WorkspaceFolders {
		if path, ok := uriToPath(f.URI); ok {
			roots = append(roots, path)
		}
	}
	if len(roots) == 0 && p.RootURI != nil {
		if path, ok := uriToPath(*p.RootURI); ok {
			roots = append(roots, path)
		}
	}
	if len(roots) == 0 && p.RootPath != nil && *p.RootPath != "" {
		roots = append(roots, *p.RootPath)
	}

	// initializationOptions may carry the same settings as didChangeConfiguration (Helix sends
	// its `config` table there).
	set, hasSet, setErr := readSettings(p.InitializationOptions)
	var configs *driver.ConfigCache
	if hasSet {
		configs, setErr = newConfigCache(set)
	}

	s.mu.Lock()
	if hasSet {
		s.settings = set
		if configs != nil {
			s.configs = configs
		}
	}
	s.client = cf
	s.roots = roots
	if p.Trace != "" {
		s.trace = p.Trace
	}
	s.state = stateInitialized
	s.mu.Unlock()

	res := &protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			PositionEncoding: cf.encoding,
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.SyncIncremental,
				Save:      &protocol.SaveOptions{IncludeText: false},
			},
			HoverProvider: true,
			CodeActionProvider: &protocol.CodeActionOptions{
				CodeActionKinds: []protocol.CodeActionKind{protocol.QuickFix, protocol.SourceFixAllAL},
			},
			InlayHintProvider: &protocol.InlayHintOptions{},
		},
		ServerInfo: &protocol.ServerInfo{Name: "arraylint", Version: s.opts.Version},
	}
	if setErr != nil {
		s.showf(protocol.MessageError, "arraylint: %v", setErr)
	}
	res.Capabilities.NotebookDocumentSync = notebookSync() // notebook.go
	if cf.pull {
		res.Capabilities.DiagnosticProvider = &protocol.DiagnosticOptions{Identifier: "arraylint"}
	}
	return res, nil
}

// Initialized handles the initialized notification: it asks a client that supports dynamic
// registration to watch the configuration files.
func (s *Server) Initialized(ctx context.Context, _ *struct{}) error {
	s.mu.Lock()
	dynamic := s.client.watchFilesDynamo
	s.mu.Unlock()
	if !dynamic {
		return nil
	}
	var watchers []protocol.FileSystemWatcher // the files DidChangeWatchedFiles reloads on
	for _, name := range driver.ConfigFileNames {
		watchers = append(watchers, protocol.FileSystemWatcher{GlobPattern: "**/" + name})
	}
	go func() { // the response arrives on the read goroutine: never wait for it there
		params := protocol.RegistrationParams{Registrations: []protocol.Registration{{
			ID:              "arraylint-config-files",
			Method:          protocol.MethodDidChangeWatchedFiles,
			RegisterOptions: &protocol.DidChangeWatchedFilesRegistrationOptions{Watchers: watchers},
		}}}
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), time.Minute)
		defer cancel()
		if err := s.conn.Call(cctx, protocol.MethodRegisterCapability, params, nil); err != nil {
			s.logf(protocol.MessageWarning, "register config file watchers: %v", err)
		}
	}()
	return nil
}

// Shutdown answers the shutdown request: analysis stops and later requests get InvalidRequest.
func (s *Server) Shutdown(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.state = stateShutdown
	for _, d := range s.docs {
		d.stop()
	}
	return nil
}

// handleExit handles the exit notification: Serve returns 0 after shutdown and 1 otherwise.
func (s *Server) handleExit() {
	s.mu.Lock()
	code := 1
	if s.state == stateShutdown {
		code = 0
	}
	s.mu.Unlock()
	select {
	case s.exit <- code:
	default:
	}
}

// SetTrace handles $/setTrace.
func (s *Server) SetTrace(ctx context.Context, p *protocol.SetTraceParams) error {
	switch p.Value {
	case protocol.TraceOff, protocol.TraceMessages, protocol.TraceVerbose:
	default:
		return fmt.Errorf("set trace %q: want off, messages or verbose", p.Value)
	}
	s.mu.Lock()
	s.trace = p.Value
	s.mu.Unlock()
	return nil
}
