package lsp

import (
	"strings"
	"testing"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// actionEdits returns the edits of a code action for testURI, from either WorkspaceEdit form.
func actionEdits(t *testing.T, a protocol.CodeAction) []protocol.TextEdit {
	t.Helper()
	if a.Edit == nil {
		t.Fatalf("action %q has no edit", a.Title)
	}
	if len(a.Edit.DocumentChanges) > 0 {
		return a.Edit.DocumentChanges[0].Edits
	}
	return a.Edit.Changes[testURI]
}

func findAction(actions []protocol.CodeAction, title string) *protocol.CodeAction {
	for i := range actions {
		if actions[i].Title == title {
			return &actions[i]
		}
	}
	return nil
}

func titles(actions []protocol.CodeAction) []string {
	var out []string
	for _, a := range actions {
		out = append(out, a.Title)
	}
	return out
}

func TestCodeActions(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{}, "")
	src := "é = 1; a = np.zeros(3)\nb = a.copy()  # noqa: AL393\nc = a.copy()  # noqa\ns = \"\"\"np.zeros\n\"\"\"\n"
	c.open(testURI, 1, src)
	pub := c.waitDiags(testURI, 1, nil)
	if got := strings.Join(codes(pub.Diagnostics), ","); got != "AL391,AL392,AL902,AL391" {
		t.Fatalf("codes = %s", got)
	}
	var actions []protocol.CodeAction
	req := protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}, Range: pub.Diagnostics[0].Range,
		Context: protocol.CodeActionContext{Diagnostics: pub.Diagnostics[:2]}}
	if err := c.call(protocol.MethodCodeAction, req, &actions); err != nil {
		t.Fatal(err)
	}
	want := []string{"Replace with `np.empty`", "Ignore AL391 on this line", "Remove the copy", "Ignore AL392 on this line",
		"Fix all auto-fixable arraylint problems"}
	if strings.Join(titles(actions), "|") != strings.Join(want, "|") {
		t.Fatalf("actions = %q, want %q", titles(actions), want)
	}
	for _, tt := range []struct {
		title, want string
		preferred   bool
	}{
		{"Replace with `np.empty`", "é = 1; a = np.empty(3)\n", true},
		{"Ignore AL391 on this line", "é = 1; a = np.zeros(3)  # noqa: AL391\n", false},
		{"Remove the copy", "b = a  # noqa: AL393\n", false}, // unsafe: offered, not preferred
		{"Ignore AL392 on this line", "b = a.copy()  # noqa: AL393, AL392\n", false},
	} {
		a := findAction(actions, tt.title)
		if a.Kind != protocol.QuickFix || a.IsPreferred != tt.preferred {
			t.Errorf("%q: kind %q preferred %v", tt.title, a.Kind, a.IsPreferred)
		}
		got := applyEdits(t, src, actionEdits(t, *a), protocol.UTF16)
		if !strings.Contains(got, tt.want) {
			t.Errorf("%q gives\n%s\nwant a line %q", tt.title, got, tt.want)
		}
	}
	fixAll := findAction(actions, "Fix all auto-fixable arraylint problems")
	if fixAll.Kind != protocol.SourceFixAllAL {
		t.Errorf("fix-all kind %q", fixAll.Kind)
	}
	// Fix-all applies the safe fixes (both np.zeros, and AL902's removal of the unused noqa)
	// and not the unsafe one.
	got := applyEdits(t, src, actionEdits(t, *fixAll), protocol.UTF16)
	if want := "é = 1; a = np.empty(3)\nb = a.copy()\nc = a.copy()  # noqa\ns = \"\"\"np.empty\n\"\"\"\n"; got != want {
		t.Errorf("fix all gives\n%q\nwant\n%q", got, want)
	}

	// No noqa action for AL902, nor for a line ending inside a string.
	req.Context.Diagnostics = pub.Diagnostics[2:]
	if err := c.call(protocol.MethodCodeAction, req, &actions); err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		if strings.HasPrefix(a.Title, "Ignore") {
			t.Errorf("unexpected action %q", a.Title)
		}
	}

	// Only source.fixAll: no quick fixes. Only quickfix: no fix-all.
	req.Context = protocol.CodeActionContext{Diagnostics: pub.Diagnostics, Only: []protocol.CodeActionKind{protocol.SourceFixAll}}
	if err := c.call(protocol.MethodCodeAction, req, &actions); err != nil {
		t.Fatal(err)
	}
	if len(actions) != 1 || actions[0].Kind != protocol.SourceFixAllAL {
		t.Errorf("only source.fixAll: %q", titles(actions))
	}
	req.Context.Only = []protocol.CodeActionKind{protocol.QuickFix}
	if err := c.call(protocol.MethodCodeAction, req, &actions); err != nil {
		t.Fatal(err)
	}
	if findAction(actions, "Fix all auto-fixable arraylint problems") != nil {
		t.Errorf("only quickfix offered fix-all")
	}

	// Diagnostics of an older version carry no applicable fix.
	c.change(testURI, 2, protocol.TextDocumentContentChangeEvent{Range: &protocol.Range{}, Text: "# top\n"})
	c.waitDiags(testURI, 2, nil)
	req.Context = protocol.CodeActionContext{Diagnostics: pub.Diagnostics[:1], Only: []protocol.CodeActionKind{protocol.QuickFix}}
	if err := c.call(protocol.MethodCodeAction, req, &actions); err != nil {
		t.Fatal(err)
	}
	if a := findAction(actions, "Replace with `np.empty`"); a != nil {
		t.Errorf("stale diagnostic still offers its fix")
	}
}

func TestCodeActionVersionedEdits(t *testing.T) {
	c := start(t, Options{Rules: testRules()})
	c.initialize(protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{
		WorkspaceEdit: &protocol.WorkspaceEditClientCapabilities{DocumentChanges: true}}}, "")
	c.open(testURI, 7, "np.zeros\n")
	pub := c.waitDiags(testURI, 7, hasCodes("AL391"))
	var actions []protocol.CodeAction
	req := protocol.CodeActionParams{TextDocument: protocol.TextDocumentIdentifier{URI: testURI}, Range: pub.Diagnostics[0].Range,
		Context: protocol.CodeActionContext{Diagnostics: pub.Diagnostics, Only: []protocol.CodeActionKind{protocol.QuickFix}}}
	if err := c.call(protocol.MethodCodeAction, req, &actions); err != nil {
		t.Fatal(err)
	}
	dc := actions[0].Edit.DocumentChanges
	if len(dc) != 1 || dc[0].TextDocument.Version == nil || *dc[0].TextDocument.Version != 7 {
		t.Errorf("documentChanges = %+v, want version 7", dc)
	}
}

func TestMinimalEdit(t *testing.T) {
	for _, tt := range []struct{ old, next string }{
		{"abc", "abc"},
		{"a = x.copy()\n", "a = x\n"},
		{"é = 1\r\n", "é = 2\r\n"},
		{"x😀y", "x😁y"}, // the emoji differ in their last byte only
		{"a\r\nb", "a\nb"},
		{"", "new\n"},
	} {
		snap := newSnapshot(testURI, 1, []byte(tt.old), protocol.UTF16)
		e := minimalEdit(snap, []byte(tt.next))
		if got := applyEdits(t, tt.old, []protocol.TextEdit{e}, protocol.UTF16); got != tt.next {
			t.Errorf("minimalEdit(%q, %q) = %+v applies as %q", tt.old, tt.next, e, got)
		}
	}
}
