// Package lsp implements `arraylint server`, a Language Server Protocol 3.17 server that shows
// arraylint's findings as diagnostics while the user types, offers their fixes and suppressions
// as code actions, and shows array facts and live memory in hovers and inlay hints.
//
// # Layout
//
// One file per feature, as in gopls: lifecycle.go (initialize, shutdown, exit, $/setTrace),
// text.go (didOpen/didChange/didSave/didClose), overlay.go (immutable snapshots),
// diagnostics.go (analysis runs, push and pull), incremental.go (re-checking only what an edit
// can change), stale.go (hovers and hints from the last estimate), codeaction.go, hover.go, inlayhint.go,
// config.go (pyproject.toml and editor settings), mapper.go (offsets ⇄ LSP positions) and
// unimplemented.go (the compile-time list of handled methods). Protocol types live in
// lsp/protocol and the JSON-RPC transport in lsp/jsonrpc2.
//
// # Behaviour
//
// Every didChange makes a new immutable Snapshot of the document. Its analysis cancels the
// previous version's: the per-file rules run at once and are published, then after
// Options.SlowDelay (1 s, gopls's DiagnosticsDelay) every rule runs, the memory rules (AL1xx)
// included, and the complete set is published. Results are published only while their run is
// the document's current one, so versions never go backwards and a stale result is never shown.
// AL902 (unused noqa) waits for the complete run, since a noqa for a memory rule looks unused
// before it.
//
// The per-file rules run incrementally (incremental.go): after an edit only the top-level defs
// and classes whose text changed, and those connected to them by name, are analysed again, on
// the new text with every other def blanked out; the others' findings are reused, moved by the
// edit's byte delta. An edit to a module-level statement, or to a def that may feed a file-wide
// fact, and any text that does not parse, get a full check. The result is always that of a full
// check of the same text (TestIncrementalMatchesFullCheck replays 1,000 random edits). Hovers
// and inlay hints do not wait for a new version's memory estimate: the last estimated version
// answers on lines the edits left alone (stale.go), until the pause after typing.
//
// A didChange the server cannot apply (a range outside the text, a version not newer) leaves it
// without the editor's text: the document is out of sync until it is reopened or a change
// gives its whole text. Its diagnostics are cleared, the user is told (window/showMessage), and
// no diagnostic, fix, hover or hint is computed from the stale text. Fixes go out as versioned
// documentChanges when the client supports them, so an editor refuses a fix for a text it no
// longer has.
//
// A client that announces textDocument.diagnostic pulls: the server then does not push (VS Code
// would show both) and asks for a refresh after the delayed rules when the client supports it.
// Every other client (Neovim before 0.10, Helix, eglot) gets publishDiagnostics with the version.
//
// Positions are UTF-16 code units unless the client offers utf-8 in general.positionEncodings;
// Mapper converts with pyparse.LineIndex, which reads "\n", "\r\n" and a lone "\r" as CPython
// does.
//
// # Library choice
//
// The protocol layer is written here rather than taken from a module. The candidates, checked
// against what this server needs from LSP 3.17 (positionEncoding negotiation, pull diagnostics,
// inlay hints, codeAction data):
//
//   - go.lsp.dev/protocol v0.12.0 with go.lsp.dev/jsonrpc2 v0.10.0: types for LSP 3.15/3.16.
//     No PositionEncodingKind, no textDocument/diagnostic (DocumentDiagnosticParams/Report), no
//     inlayHint; it brings go.uber.org/zap, segmentio/encoding and go.lsp.dev/uri as dependencies.
//   - github.com/sourcegraph/go-lsp (untagged, last change 2024) with sourcegraph/jsonrpc2
//     v0.2.x: pre-3.15 types, none of the three 3.17 features, no codeAction data or resolve.
//
// Filling those gaps would have meant our own structs beside either library anyway, plus
// converting between the two. So lsp/protocol holds a small hand-written subset of 3.17 (each
// type links to its section of the specification; no map[string]any), and lsp/jsonrpc2 is a
// JSON-RPC 2.0 transport (about 600 lines) with Content-Length framing that does exactly what
// the server needs: ordered dispatch of notifications, replies from other goroutines,
// $/cancelRequest, server-to-client requests, and recovery from malformed messages without
// closing the stream.
package lsp
