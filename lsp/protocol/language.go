package protocol

import "encoding/json"

// CodeActionKind is a hierarchical code action kind.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#codeActionKind
type CodeActionKind string

// The code action kinds arraylint uses.
const (
	QuickFix       CodeActionKind = "quickfix"
	Source         CodeActionKind = "source"
	SourceFixAll   CodeActionKind = "source.fixAll"
	SourceFixAllAL CodeActionKind = "source.fixAll.arraylint"
)

// CodeActionParams is the parameter of textDocument/codeAction.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#textDocument_codeAction
type CodeActionParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
	Context      CodeActionContext      `json:"context"`
}

// CodeActionContext carries the diagnostics at the range and the requested kinds.
type CodeActionContext struct {
	Diagnostics []Diagnostic     `json:"diagnostics"`
	Only        []CodeActionKind `json:"only,omitempty"`
	TriggerKind int              `json:"triggerKind,omitempty"`
}

// CodeAction is a change the user can apply.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#codeAction
type CodeAction struct {
	Title       string          `json:"title"`
	Kind        CodeActionKind  `json:"kind,omitempty"`
	Diagnostics []Diagnostic    `json:"diagnostics,omitempty"`
	IsPreferred bool            `json:"isPreferred,omitempty"`
	Edit        *WorkspaceEdit  `json:"edit,omitempty"`
	Data        json.RawMessage `json:"data,omitempty"`
}

// HoverParams is the parameter of textDocument/hover.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#textDocument_hover
type HoverParams = TextDocumentPositionParams

// Hover is the result of textDocument/hover.
type Hover struct {
	Contents MarkupContent `json:"contents"`
	Range    *Range        `json:"range,omitempty"`
}

// InlayHintParams is the parameter of textDocument/inlayHint (3.17).
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#textDocument_inlayHint
type InlayHintParams struct {
	TextDocument TextDocumentIdentifier `json:"textDocument"`
	Range        Range                  `json:"range"`
}

// InlayHintKind classifies an inlay hint.
type InlayHintKind int

// The inlay hint kinds.
const (
	InlayHintType      InlayHintKind = 1
	InlayHintParameter InlayHintKind = 2
)

// InlayHint is a label shown inline at a position.
type InlayHint struct {
	Position     Position      `json:"position"`
	Label        string        `json:"label"`
	Kind         InlayHintKind `json:"kind,omitempty"`
	Tooltip      string        `json:"tooltip,omitempty"`
	PaddingLeft  bool          `json:"paddingLeft,omitempty"`
	PaddingRight bool          `json:"paddingRight,omitempty"`
}
