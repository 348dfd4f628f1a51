package protocol

import "encoding/json"

// DiagnosticSeverity is a diagnostic's severity.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#diagnosticSeverity
type DiagnosticSeverity int

// The severities.
const (
	SeverityError       DiagnosticSeverity = 1
	SeverityWarning     DiagnosticSeverity = 2
	SeverityInformation DiagnosticSeverity = 3
	SeverityHint        DiagnosticSeverity = 4
)

// DiagnosticTag is extra information about a diagnostic.
type DiagnosticTag int

// The diagnostic tags.
const (
	TagUnnecessary DiagnosticTag = 1
	TagDeprecated  DiagnosticTag = 2
)

// Diagnostic is one finding shown in the editor.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#diagnostic
type Diagnostic struct {
	Range              Range                          `json:"range"`
	Severity           DiagnosticSeverity             `json:"severity,omitempty"`
	Code               string                         `json:"code,omitempty"`
	CodeDescription    *CodeDescription               `json:"codeDescription,omitempty"`
	Source             string                         `json:"source,omitempty"`
	Message            string                         `json:"message"`
	Tags               []DiagnosticTag                `json:"tags,omitempty"`
	RelatedInformation []DiagnosticRelatedInformation `json:"relatedInformation,omitempty"`
	Data               json.RawMessage                `json:"data,omitempty"`
}

// CodeDescription links a diagnostic's code to its documentation.
type CodeDescription struct {
	Href string `json:"href"`
}

// DiagnosticRelatedInformation points at a related location.
type DiagnosticRelatedInformation struct {
	Location Location `json:"location"`
	Message  string   `json:"message"`
}

// PublishDiagnosticsParams is the parameter of textDocument/publishDiagnostics.
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#textDocument_publishDiagnostics
type PublishDiagnosticsParams struct {
	URI         DocumentURI  `json:"uri"`
	Version     *int32       `json:"version,omitempty"`
	Diagnostics []Diagnostic `json:"diagnostics"`
}

// DocumentDiagnosticParams is the parameter of textDocument/diagnostic (pull model, 3.17).
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#textDocument_pullDiagnostics
type DocumentDiagnosticParams struct {
	TextDocument     TextDocumentIdentifier `json:"textDocument"`
	Identifier       string                 `json:"identifier,omitempty"`
	PreviousResultID string                 `json:"previousResultId,omitempty"`
}

// DocumentDiagnosticReportKind distinguishes full and unchanged reports.
type DocumentDiagnosticReportKind string

// The report kinds.
const (
	ReportFull      DocumentDiagnosticReportKind = "full"
	ReportUnchanged DocumentDiagnosticReportKind = "unchanged"
)

// DocumentDiagnosticReport is a full report (Items set) or an unchanged report (Items nil and
// omitted), the result of textDocument/diagnostic.
type DocumentDiagnosticReport struct {
	Kind     DocumentDiagnosticReportKind `json:"kind"`
	ResultID string                       `json:"resultId,omitempty"`
	Items    []Diagnostic                 `json:"items,omitempty"`
}

// MarshalJSON writes "items" always for a full report, as the specification requires.
func (r DocumentDiagnosticReport) MarshalJSON() ([]byte, error) {
	type plain DocumentDiagnosticReport
	if r.Kind != ReportFull {
		return json.Marshal(plain(r))
	}
	items := r.Items
	if items == nil {
		items = []Diagnostic{}
	}
	return json.Marshal(struct {
		Kind     DocumentDiagnosticReportKind `json:"kind"`
		ResultID string                       `json:"resultId,omitempty"`
		Items    []Diagnostic                 `json:"items"`
	}{r.Kind, r.ResultID, items})
}
