package lsp

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/notebook"
	"github.com/arraylint/arraylint/rules/all"
)

const testNotebookURI = protocol.DocumentURI("file:///tmp/arraylint-lsp-test/heat.ipynb")

func cellURI(i int) protocol.DocumentURI {
	return protocol.DocumentURI(fmt.Sprintf("vscode-notebook-cell:/tmp/arraylint-lsp-test/heat.ipynb#cell%d", i))
}

// openHeat opens testdata/notebooks/heat.ipynb through notebookDocument/didOpen, each cell a
// text document at version 1, and returns the cells' texts.
func openHeat(t *testing.T, c *client) []string {
	t.Helper()
	data, err := os.ReadFile("../testdata/notebooks/heat.ipynb")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	p := protocol.DidOpenNotebookDocumentParams{NotebookDocument: protocol.NotebookDocument{
		URI: testNotebookURI, NotebookType: "jupyter-notebook", Version: 1}}
	var texts []string
	for i, cell := range nb.Cells {
		kind, lang := protocol.CellCode, "python"
		if cell.Type != "code" {
			kind, lang = protocol.CellMarkup, "markdown"
		}
		p.NotebookDocument.Cells = append(p.NotebookDocument.Cells, protocol.NotebookCell{Kind: kind, Document: cellURI(i + 1)})
		p.CellTextDocuments = append(p.CellTextDocuments, protocol.TextDocumentItem{URI: cellURI(i + 1), LanguageID: lang, Version: 1, Text: cell.Source})
		texts = append(texts, cell.Source)
	}
	c.notify(protocol.MethodNotebookDidOpen, p)
	return texts
}

// TestNotebookDiagnostics: a notebook opened with notebookDocument/didOpen gets its findings on
// its cells' documents, in cell positions, with no syntax error for its magics; a cell edit
// updates them, a removed cell's are cleared, and so are all on close.
func TestNotebookDiagnostics(t *testing.T) {
	c := start(t, Options{Rules: all.Rules, SlowDelay: time.Millisecond})
	res := c.initialize(protocol.ClientCapabilities{}, "")
	if res.Capabilities.NotebookDocumentSync == nil || len(res.Capabilities.NotebookDocumentSync.NotebookSelector) == 0 {
		t.Fatal("no notebookDocumentSync capability")
	}
	texts := openHeat(t, c)
	// The stencil, cell 4, line 4 (0-based 3), column 4: AL304.
	got := c.waitDiags(cellURI(4), 1, func(d []protocol.Diagnostic) bool { return len(d) > 0 })
	if strings.Join(codes(got.Diagnostics), ",") != "AL304" {
		t.Fatalf("cell 4: %v", codes(got.Diagnostics))
	}
	if r := got.Diagnostics[0].Range; r.Start != (protocol.Position{Line: 3, Character: 4}) {
		t.Errorf("cell 4 AL304 at %+v, want line 3 character 4 of the cell", r.Start)
	}
	// Its quick fixes: the fix, in the cell's positions, and a noqa on the cell's line.
	var actions []protocol.CodeAction
	if err := c.call(protocol.MethodCodeAction, protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: cellURI(4)}, Range: got.Diagnostics[0].Range,
		Context: protocol.CodeActionContext{Diagnostics: got.Diagnostics, Only: []protocol.CodeActionKind{protocol.QuickFix}},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 2 || actions[0].Edit == nil || len(actions[0].Edit.Changes[cellURI(4)]) != 1 ||
		actions[0].Edit.Changes[cellURI(4)][0].Range.Start != (protocol.Position{Line: 3, Character: 4}) {
		t.Errorf("cell 4 code actions: %+v", actions)
	} else if fixed := applyEdits(t, texts[3], actions[0].Edit.Changes[cellURI(4)], protocol.UTF16); !strings.Contains(fixed, "    lap += u[1:-1, :-2]\n") {
		t.Errorf("cell 4 after the fix:\n%s", fixed)
	}
	// Fix all, asked for by kind in cell 4: the stencil's fix as one edit of the cell.
	if err := c.call(protocol.MethodCodeAction, protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: cellURI(4)},
		Context:      protocol.CodeActionContext{Only: []protocol.CodeActionKind{protocol.SourceFixAllAL}},
	}, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Edit == nil || len(actions[0].Edit.Changes[cellURI(4)]) != 1 {
		t.Errorf("cell 4 fix-all: %+v", actions)
	} else if fixed := applyEdits(t, texts[3], actions[0].Edit.Changes[cellURI(4)], protocol.UTF16); !strings.Contains(fixed, "    lap -= 4 * u[1:-1, 1:-1]\n") {
		t.Errorf("cell 4 after fix-all:\n%s", fixed)
	}

	// Hovers: on `u` in cell 3 (allocated there), and on a line of the stencil.
	var h protocol.Hover
	if err := c.call(protocol.MethodHover, protocol.HoverParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: cellURI(3)}, Position: protocol.Position{Line: 2, Character: 0}}, &h); err != nil {
		t.Fatal(err)
	}
	if v := h.Contents.Value; !strings.Contains(v, "u: float64[2,000 × 2,000]") || !strings.Contains(v, "allocated at line 3 of cell 3") ||
		h.Range == nil || h.Range.Start != (protocol.Position{Line: 2, Character: 0}) {
		t.Errorf("hover on u in cell 3: %q at %+v", v, h.Range)
	}
	if err := c.call(protocol.MethodHover, protocol.HoverParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: cellURI(4)}, Position: protocol.Position{Line: 3, Character: 60}}, &h); err != nil {
		t.Fatal(err)
	}
	if v := h.Contents.Value; !strings.Contains(v, "Line 4 of cell 4: ") || !strings.Contains(v, "peak of the module ≥ 122.0 MiB at line 4 of cell 4") {
		t.Errorf("hover on the stencil line: %q", v)
	}
	// Inlay hints: the 61.0 MiB of `u` and `lap` at the end of cell 3's line 3, the stencil's in cell 4.
	var hints []protocol.InlayHint
	all := protocol.Range{End: protocol.Position{Line: 99}}
	if err := c.call(protocol.MethodInlayHint, protocol.InlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: cellURI(3)}, Range: all}, &hints); err != nil {
		t.Fatal(err)
	}
	if len(hints) != 1 || hints[0].Position != (protocol.Position{Line: 2, Character: 51}) || hints[0].Label != "61.0 MiB" ||
		!strings.Contains(hints[0].Tooltip, "allocated at line 3 of cell 3") {
		t.Errorf("cell 3 inlay hints: %+v", hints)
	}
	if err := c.call(protocol.MethodInlayHint, protocol.InlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: cellURI(4)}, Range: all}, &hints); err != nil {
		t.Fatal(err)
	}
	if len(hints) == 0 || hints[0].Position.Line != 3 {
		t.Errorf("cell 4 inlay hints: %+v", hints)
	}
	for _, i := range []int{2, 3, 5, 6, 7} {
		if d := c.waitDiags(cellURI(i), 1, nil); len(d.Diagnostics) != 0 {
			t.Errorf("cell %d (magics, shell escapes, help, display): %v", i, codes(d.Diagnostics))
		}
	}
	if len(c.published(cellURI(1))) != 0 {
		t.Error("diagnostics published on the markdown cell")
	}

	// Edit cell 6: a loop holding the stencil line, inserted after its first line, gives cell 6
	// the same finding at its line 2 (0-based).
	from := strings.Index(texts[3], "    lap =")
	line := texts[3][from : strings.Index(texts[3][from:], "\n")+from]
	c.notify(protocol.MethodNotebookDidChange, protocol.DidChangeNotebookDocumentParams{
		NotebookDocument: protocol.VersionedNotebookDocumentIdentifier{URI: testNotebookURI, Version: 2},
		Change: protocol.NotebookDocumentChangeEvent{Cells: &protocol.NotebookDocumentCellChanges{
			TextContent: []protocol.NotebookCellTextContent{{
				Document: protocol.VersionedTextDocumentIdentifier{URI: cellURI(6), Version: 2},
				Changes: []protocol.TextDocumentContentChangeEvent{{
					Range: &protocol.Range{Start: protocol.Position{Line: 1, Character: 0}, End: protocol.Position{Line: 1, Character: 0}},
					Text:  "for _ in range(steps):\n" + line + "\n",
				}},
			}},
		}},
	})
	got = c.waitDiags(cellURI(6), 2, func(d []protocol.Diagnostic) bool { return len(d) > 0 })
	if strings.Join(codes(got.Diagnostics), ",") != "AL304" || got.Diagnostics[0].Range.Start != (protocol.Position{Line: 2, Character: 4}) {
		t.Errorf("cell 6 after the edit: %+v", got.Diagnostics)
	}

	// Remove cell 6: its diagnostics are cleared.
	mark := c.mark()
	c.notify(protocol.MethodNotebookDidChange, protocol.DidChangeNotebookDocumentParams{
		NotebookDocument: protocol.VersionedNotebookDocumentIdentifier{URI: testNotebookURI, Version: 3},
		Change: protocol.NotebookDocumentChangeEvent{Cells: &protocol.NotebookDocumentCellChanges{
			Structure: &protocol.NotebookCellsStructure{
				Array:    protocol.NotebookCellArrayChange{Start: 5, DeleteCount: 1},
				DidClose: []protocol.TextDocumentIdentifier{{URI: cellURI(6)}},
			},
		}},
	})
	c.waitFor("cell 6 cleared", mark, func(m message) bool {
		return m.method == protocol.MethodPublishDiagnostics && strings.Contains(string(m.params), string(cellURI(6))) &&
			strings.Contains(string(m.params), `"diagnostics":[]`)
	})

	mark = c.mark()
	c.notify(protocol.MethodNotebookDidClose, protocol.DidCloseNotebookDocumentParams{NotebookDocument: protocol.NotebookDocumentIdentifier{URI: testNotebookURI}})
	c.waitFor("cell 4 cleared", mark, func(m message) bool {
		return m.method == protocol.MethodPublishDiagnostics && strings.Contains(string(m.params), string(cellURI(4))) &&
			strings.Contains(string(m.params), `"diagnostics":[]`)
	})
}
