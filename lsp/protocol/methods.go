package protocol

// Method names used by arraylint's server.
const (
	MethodInitialize             = "initialize"
	MethodInitialized            = "initialized"
	MethodShutdown               = "shutdown"
	MethodExit                   = "exit"
	MethodSetTrace               = "$/setTrace"
	MethodLogTrace               = "$/logTrace"
	MethodCancelRequest          = "$/cancelRequest"
	MethodDidOpen                = "textDocument/didOpen"
	MethodDidChange              = "textDocument/didChange"
	MethodDidSave                = "textDocument/didSave"
	MethodDidClose               = "textDocument/didClose"
	MethodPublishDiagnostics     = "textDocument/publishDiagnostics"
	MethodDiagnostic             = "textDocument/diagnostic"
	MethodCodeAction             = "textDocument/codeAction"
	MethodHover                  = "textDocument/hover"
	MethodInlayHint              = "textDocument/inlayHint"
	MethodDidChangeConfiguration = "workspace/didChangeConfiguration"
	MethodDidChangeWatchedFiles  = "workspace/didChangeWatchedFiles"
	MethodDiagnosticRefresh      = "workspace/diagnostic/refresh"
	MethodInlayHintRefresh       = "workspace/inlayHint/refresh"
	MethodRegisterCapability     = "client/registerCapability"
	MethodLogMessage             = "window/logMessage"
	MethodShowMessage            = "window/showMessage"
)
