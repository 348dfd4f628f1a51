package lsp

import (
	"context"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// languageServer lists every LSP method the server implements, with its typed parameters and
// result. The assertion below makes a handler whose signature drifts a compile error (gopls keeps
// the same check); methods not listed here are answered with MethodNotFound by the dispatcher.
type languageServer interface {
	Initialize(context.Context, *protocol.InitializeParams) (*protocol.InitializeResult, error)
	Initialized(context.Context, *struct{}) error
	Shutdown(context.Context) error
	SetTrace(context.Context, *protocol.SetTraceParams) error
	DidOpen(context.Context, *protocol.DidOpenTextDocumentParams) error
	DidChange(context.Context, *protocol.DidChangeTextDocumentParams) error
	DidSave(context.Context, *protocol.DidSaveTextDocumentParams) error
	DidClose(context.Context, *protocol.DidCloseTextDocumentParams) error
	DidChangeConfiguration(context.Context, *protocol.DidChangeConfigurationParams) error
	DidChangeWatchedFiles(context.Context, *protocol.DidChangeWatchedFilesParams) error
	Diagnostic(context.Context, *protocol.DocumentDiagnosticParams) (*protocol.DocumentDiagnosticReport, error)
	CodeAction(context.Context, *protocol.CodeActionParams) ([]protocol.CodeAction, error)
	Hover(context.Context, *protocol.HoverParams) (*protocol.Hover, error)
	InlayHint(context.Context, *protocol.InlayHintParams) ([]protocol.InlayHint, error)
}

var _ languageServer = (*Server)(nil)
