package protocol

import "encoding/json"

// DidChangeConfigurationParams is the parameter of workspace/didChangeConfiguration. Settings
// is kept raw: arraylint reads an optional "arraylint" object from it.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#workspace_didChangeConfiguration
type DidChangeConfigurationParams struct {
	Settings json.RawMessage `json:"settings"`
}

// FileChangeType is the kind of a watched-file event.
type FileChangeType int

// The file change types.
const (
	FileCreated FileChangeType = 1
	FileChanged FileChangeType = 2
	FileDeleted FileChangeType = 3
)

// FileEvent is one watched-file event.
type FileEvent struct {
	URI  DocumentURI    `json:"uri"`
	Type FileChangeType `json:"type"`
}

// DidChangeWatchedFilesParams is the parameter of workspace/didChangeWatchedFiles.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#workspace_didChangeWatchedFiles
type DidChangeWatchedFilesParams struct {
	Changes []FileEvent `json:"changes"`
}

// Registration is one dynamically registered capability.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#client_registerCapability
type Registration struct {
	ID              string                                    `json:"id"`
	Method          string                                    `json:"method"`
	RegisterOptions *DidChangeWatchedFilesRegistrationOptions `json:"registerOptions,omitempty"`
}

// RegistrationParams is the parameter of client/registerCapability.
type RegistrationParams struct {
	Registrations []Registration `json:"registrations"`
}

// DidChangeWatchedFilesRegistrationOptions lists the files to watch.
type DidChangeWatchedFilesRegistrationOptions struct {
	Watchers []FileSystemWatcher `json:"watchers"`
}

// FileSystemWatcher is one glob to watch.
type FileSystemWatcher struct {
	GlobPattern string `json:"globPattern"`
}
