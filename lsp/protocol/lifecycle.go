package protocol

import "encoding/json"

// InitializeParams is the parameter of the initialize request.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#initialize
type InitializeParams struct {
	ProcessID             *int32             `json:"processId"`
	ClientInfo            *ClientInfo        `json:"clientInfo,omitempty"`
	RootPath              *string            `json:"rootPath,omitempty"`
	RootURI               *DocumentURI       `json:"rootUri"`
	InitializationOptions json.RawMessage    `json:"initializationOptions,omitempty"`
	Capabilities          ClientCapabilities `json:"capabilities"`
	Trace                 TraceValue         `json:"trace,omitempty"`
	WorkspaceFolders      []WorkspaceFolder  `json:"workspaceFolders,omitempty"`
}

// ClientInfo names the client.
type ClientInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// WorkspaceFolder is a root folder of the workspace.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#workspaceFolder
type WorkspaceFolder struct {
	URI  DocumentURI `json:"uri"`
	Name string      `json:"name"`
}

// ClientCapabilities is the subset of client capabilities the server reads.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#clientCapabilities
type ClientCapabilities struct {
	Workspace    *WorkspaceClientCapabilities    `json:"workspace,omitempty"`
	TextDocument *TextDocumentClientCapabilities `json:"textDocument,omitempty"`
	General      *GeneralClientCapabilities      `json:"general,omitempty"`
}

// GeneralClientCapabilities holds capabilities not tied to a feature.
type GeneralClientCapabilities struct {
	// PositionEncodings lists the encodings the client supports, most preferred first (3.17).
	PositionEncodings []PositionEncodingKind `json:"positionEncodings,omitempty"`
}

// WorkspaceClientCapabilities holds workspace-level client capabilities.
type WorkspaceClientCapabilities struct {
	Configuration          bool                                   `json:"configuration,omitempty"`
	WorkspaceFolders       bool                                   `json:"workspaceFolders,omitempty"`
	DidChangeWatchedFiles  *DynamicRegistrationCapabilities       `json:"didChangeWatchedFiles,omitempty"`
	DidChangeConfiguration *DynamicRegistrationCapabilities       `json:"didChangeConfiguration,omitempty"`
	WorkspaceEdit          *WorkspaceEditClientCapabilities       `json:"workspaceEdit,omitempty"`
	Diagnostics            *DiagnosticWorkspaceClientCapabilities `json:"diagnostics,omitempty"`
	InlayHint              *InlayHintWorkspaceClientCapabilities  `json:"inlayHint,omitempty"`
}

// DynamicRegistrationCapabilities says whether a feature supports client/registerCapability.
type DynamicRegistrationCapabilities struct {
	DynamicRegistration bool `json:"dynamicRegistration,omitempty"`
}

// WorkspaceEditClientCapabilities says which WorkspaceEdit forms the client applies.
type WorkspaceEditClientCapabilities struct {
	DocumentChanges bool `json:"documentChanges,omitempty"`
}

// DiagnosticWorkspaceClientCapabilities says whether the client honours workspace/diagnostic/refresh.
type DiagnosticWorkspaceClientCapabilities struct {
	RefreshSupport bool `json:"refreshSupport,omitempty"`
}

// InlayHintWorkspaceClientCapabilities says whether the client honours workspace/inlayHint/refresh.
type InlayHintWorkspaceClientCapabilities struct {
	RefreshSupport bool `json:"refreshSupport,omitempty"`
}

// TextDocumentClientCapabilities holds the per-feature client capabilities the server reads.
type TextDocumentClientCapabilities struct {
	PublishDiagnostics *PublishDiagnosticsClientCapabilities `json:"publishDiagnostics,omitempty"`
	Diagnostic         *DiagnosticClientCapabilities         `json:"diagnostic,omitempty"`
	CodeAction         *CodeActionClientCapabilities         `json:"codeAction,omitempty"`
	Hover              *HoverClientCapabilities              `json:"hover,omitempty"`
	InlayHint          *DynamicRegistrationCapabilities      `json:"inlayHint,omitempty"`
}

// PublishDiagnosticsClientCapabilities describes the client's handling of pushed diagnostics.
type PublishDiagnosticsClientCapabilities struct {
	RelatedInformation     bool `json:"relatedInformation,omitempty"`
	VersionSupport         bool `json:"versionSupport,omitempty"`
	CodeDescriptionSupport bool `json:"codeDescriptionSupport,omitempty"`
	DataSupport            bool `json:"dataSupport,omitempty"`
}

// DiagnosticClientCapabilities is present when the client pulls diagnostics (3.17).
type DiagnosticClientCapabilities struct {
	DynamicRegistration    bool `json:"dynamicRegistration,omitempty"`
	RelatedDocumentSupport bool `json:"relatedDocumentSupport,omitempty"`
}

// CodeActionClientCapabilities describes the client's code action support.
type CodeActionClientCapabilities struct {
	CodeActionLiteralSupport *struct {
		CodeActionKind struct {
			ValueSet []CodeActionKind `json:"valueSet"`
		} `json:"codeActionKind"`
	} `json:"codeActionLiteralSupport,omitempty"`
	IsPreferredSupport bool `json:"isPreferredSupport,omitempty"`
	DataSupport        bool `json:"dataSupport,omitempty"`
	ResolveSupport     *struct {
		Properties []string `json:"properties"`
	} `json:"resolveSupport,omitempty"`
}

// HoverClientCapabilities lists the formats the client renders in hovers.
type HoverClientCapabilities struct {
	ContentFormat []MarkupKind `json:"contentFormat,omitempty"`
}

// InitializeResult is the result of initialize.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#initializeResult
type InitializeResult struct {
	Capabilities ServerCapabilities `json:"capabilities"`
	ServerInfo   *ServerInfo        `json:"serverInfo,omitempty"`
}

// ServerInfo names the server.
type ServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

// ServerCapabilities is the subset of server capabilities arraylint announces.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#serverCapabilities
type ServerCapabilities struct {
	PositionEncoding   PositionEncodingKind     `json:"positionEncoding,omitempty"`
	TextDocumentSync   *TextDocumentSyncOptions `json:"textDocumentSync,omitempty"`
	HoverProvider      bool                     `json:"hoverProvider,omitempty"`
	CodeActionProvider *CodeActionOptions       `json:"codeActionProvider,omitempty"`
	DiagnosticProvider *DiagnosticOptions       `json:"diagnosticProvider,omitempty"`
	InlayHintProvider  *InlayHintOptions        `json:"inlayHintProvider,omitempty"`
	// NotebookDocumentSync announces the notebooks the server follows (LSP 3.17).
	NotebookDocumentSync *NotebookDocumentSyncOptions `json:"notebookDocumentSync,omitempty"`
}

// TextDocumentSyncKind says how document changes are sent.
type TextDocumentSyncKind int

// The sync kinds.
const (
	SyncNone        TextDocumentSyncKind = 0
	SyncFull        TextDocumentSyncKind = 1
	SyncIncremental TextDocumentSyncKind = 2
)

// TextDocumentSyncOptions describes the document synchronisation the server wants.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#textDocument_synchronization
type TextDocumentSyncOptions struct {
	OpenClose bool                 `json:"openClose"`
	Change    TextDocumentSyncKind `json:"change"`
	Save      *SaveOptions         `json:"save,omitempty"`
}

// SaveOptions says whether didSave carries the text.
type SaveOptions struct {
	IncludeText bool `json:"includeText"`
}

// CodeActionOptions lists the code action kinds the server returns.
type CodeActionOptions struct {
	CodeActionKinds []CodeActionKind `json:"codeActionKinds,omitempty"`
	ResolveProvider bool             `json:"resolveProvider,omitempty"`
}

// DiagnosticOptions announces pull diagnostics (3.17).
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#diagnosticOptions
type DiagnosticOptions struct {
	Identifier            string `json:"identifier,omitempty"`
	InterFileDependencies bool   `json:"interFileDependencies"`
	WorkspaceDiagnostics  bool   `json:"workspaceDiagnostics"`
}

// InlayHintOptions announces inlay hints (3.17).
type InlayHintOptions struct {
	ResolveProvider bool `json:"resolveProvider,omitempty"`
}

// TraceValue is the server's trace level.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#traceValue
type TraceValue string

// The trace levels.
const (
	TraceOff      TraceValue = "off"
	TraceMessages TraceValue = "messages"
	TraceVerbose  TraceValue = "verbose"
)

// SetTraceParams is the parameter of $/setTrace.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#setTrace
type SetTraceParams struct {
	Value TraceValue `json:"value"`
}

// LogTraceParams is the parameter of $/logTrace.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#logTrace
type LogTraceParams struct {
	Message string `json:"message"`
	Verbose string `json:"verbose,omitempty"`
}
