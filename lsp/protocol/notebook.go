package protocol

// This file defines the notebook document synchronisation of LSP 3.17.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#notebookDocument_synchronization

// Method names of notebook document synchronisation.
const (
	MethodNotebookDidOpen   = "notebookDocument/didOpen"
	MethodNotebookDidChange = "notebookDocument/didChange"
	MethodNotebookDidSave   = "notebookDocument/didSave"
	MethodNotebookDidClose  = "notebookDocument/didClose"
)

// NotebookCellKind is a cell's kind.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#notebookCellKind
type NotebookCellKind int

// The cell kinds.
const (
	CellMarkup NotebookCellKind = 1
	CellCode   NotebookCellKind = 2
)

// NotebookCell is one cell of a notebook; its text is the text document Document.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#notebookCell
type NotebookCell struct {
	Kind     NotebookCellKind `json:"kind"`
	Document DocumentURI      `json:"document"`
}

// NotebookDocument is a notebook as the client opens it.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#notebookDocument
type NotebookDocument struct {
	URI          DocumentURI    `json:"uri"`
	NotebookType string         `json:"notebookType"`
	Version      int32          `json:"version"`
	Cells        []NotebookCell `json:"cells"`
}

// DidOpenNotebookDocumentParams is the parameter of notebookDocument/didOpen.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#didOpenNotebookDocumentParams
type DidOpenNotebookDocumentParams struct {
	NotebookDocument  NotebookDocument   `json:"notebookDocument"`
	CellTextDocuments []TextDocumentItem `json:"cellTextDocuments"`
}

// VersionedNotebookDocumentIdentifier names a version of a notebook.
type VersionedNotebookDocumentIdentifier struct {
	Version int32       `json:"version"`
	URI     DocumentURI `json:"uri"`
}

// NotebookDocumentIdentifier names a notebook.
type NotebookDocumentIdentifier struct {
	URI DocumentURI `json:"uri"`
}

// NotebookCellArrayChange replaces DeleteCount cells from Start with Cells.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#notebookCellArrayChange
type NotebookCellArrayChange struct {
	Start       uint32         `json:"start"`
	DeleteCount uint32         `json:"deleteCount"`
	Cells       []NotebookCell `json:"cells,omitempty"`
}

// NotebookCellsStructure is a change of the cell list, with the cell documents it opens and
// closes.
type NotebookCellsStructure struct {
	Array    NotebookCellArrayChange  `json:"array"`
	DidOpen  []TextDocumentItem       `json:"didOpen,omitempty"`
	DidClose []TextDocumentIdentifier `json:"didClose,omitempty"`
}

// NotebookCellTextContent is an edit of one cell's text.
type NotebookCellTextContent struct {
	Document VersionedTextDocumentIdentifier  `json:"document"`
	Changes  []TextDocumentContentChangeEvent `json:"changes"`
}

// NotebookDocumentCellChanges are the changes of a notebook's cells.
type NotebookDocumentCellChanges struct {
	Structure   *NotebookCellsStructure   `json:"structure,omitempty"`
	Data        []NotebookCell            `json:"data,omitempty"`
	TextContent []NotebookCellTextContent `json:"textContent,omitempty"`
}

// NotebookDocumentChangeEvent is what changed in a notebook (metadata changes are ignored).
type NotebookDocumentChangeEvent struct {
	Cells *NotebookDocumentCellChanges `json:"cells,omitempty"`
}

// DidChangeNotebookDocumentParams is the parameter of notebookDocument/didChange.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#didChangeNotebookDocumentParams
type DidChangeNotebookDocumentParams struct {
	NotebookDocument VersionedNotebookDocumentIdentifier `json:"notebookDocument"`
	Change           NotebookDocumentChangeEvent         `json:"change"`
}

// DidSaveNotebookDocumentParams is the parameter of notebookDocument/didSave.
type DidSaveNotebookDocumentParams struct {
	NotebookDocument NotebookDocumentIdentifier `json:"notebookDocument"`
}

// DidCloseNotebookDocumentParams is the parameter of notebookDocument/didClose.
type DidCloseNotebookDocumentParams struct {
	NotebookDocument  NotebookDocumentIdentifier `json:"notebookDocument"`
	CellTextDocuments []TextDocumentIdentifier   `json:"cellTextDocuments"`
}

// NotebookDocumentSyncOptions is the server's notebookDocumentSync capability.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#notebookDocumentSyncOptions
type NotebookDocumentSyncOptions struct {
	NotebookSelector []NotebookSelector `json:"notebookSelector"`
	Save             bool               `json:"save,omitempty"`
}

// NotebookSelector selects notebooks by type and their cells by language.
type NotebookSelector struct {
	Notebook *NotebookDocumentFilter `json:"notebook,omitempty"`
	Cells    []NotebookCellLanguage  `json:"cells,omitempty"`
}

// NotebookDocumentFilter selects notebooks.
type NotebookDocumentFilter struct {
	NotebookType string `json:"notebookType,omitempty"`
	Pattern      string `json:"pattern,omitempty"`
}

// NotebookCellLanguage selects cells by language.
type NotebookCellLanguage struct {
	Language string `json:"language"`
}
