package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/pyparse"
)

// CodeAction answers textDocument/codeAction with, for each arraylint diagnostic in the context:
// its fix (safe fixes marked preferred) and "Ignore ALnnn on this line"; and, when requested or
// unfiltered, source.fixAll.arraylint applying every safe fix to the latest version.
//
// The fixes come from the diagnostics' data, so a code action never waits for an analysis,
// except fix-all requested by kind, which waits for the latest version's findings.
func (s *Server) CodeAction(ctx context.Context, p *protocol.CodeActionParams) ([]protocol.CodeAction, error) {
	uri := p.TextDocument.URI
	s.mu.Lock()
	d := s.docs[uri]
	var snap *Snapshot
	var ct *cellTarget
	if d != nil {
		snap = s.snapshotLocked(uri) // nil while the document is out of sync
	} else if ct = s.cellTargetLocked(uri); ct != nil {
		snap = ct.cell // a notebook cell's quick fixes, in the cell's positions (notebook.go)
	}
	versioned := s.client.documentChanges
	s.mu.Unlock()
	if snap == nil {
		return []protocol.CodeAction{}, nil
	}
	actions := []protocol.CodeAction{}
	if kindRequested(p.Context.Only, protocol.QuickFix) {
		actions = append(actions, s.quickFixes(snap, p.Context.Diagnostics, versioned)...)
	}
	if kindRequested(p.Context.Only, protocol.SourceFixAllAL) {
		// Wait for the analysis only when the client asked for fix-all by kind (on save); an
		// unfiltered request (the lightbulb) must not hang on a running analysis.
		var fixAll *protocol.CodeAction
		var err error
		if ct != nil {
			fixAll, err = s.cellFixAll(ctx, ct, versioned)
		} else {
			fixAll, err = s.fixAll(ctx, uri, versioned, len(p.Context.Only) > 0)
		}
		if err != nil {
			return nil, err
		}
		if fixAll != nil {
			actions = append(actions, *fixAll)
		}
	}
	return actions, nil
}

// kindRequested reports whether a code action of kind k passes the client's `only` filter: a
// requested kind matches itself and its sub-kinds (source.fixAll matches source.fixAll.arraylint).
func kindRequested(only []protocol.CodeActionKind, k protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if k == o || strings.HasPrefix(string(k), string(o)+".") {
			return true
		}
	}
	return false
}

// ignorable reports whether "Ignore on this line" makes sense for a code: a rule's, not one of
// the tool's own (driver.ToolRules).
func ignorable(code string) bool {
	return strings.HasPrefix(code, "AL") && !slices.ContainsFunc(driver.ToolRules(), func(r *analyzer.Rule) bool { return r.Spec.Code == code })
}

// quickFixes returns the fix and noqa actions of the context's diagnostics. A diagnostic's fix
// comes from its data, and only when the data's version is the snapshot's version.
func (s *Server) quickFixes(snap *Snapshot, diags []protocol.Diagnostic, versioned bool) []protocol.CodeAction {
	var out []protocol.CodeAction
	ignored := map[string]bool{} // line:code already offered
	for _, diag := range diags {
		if diag.Source != "arraylint" {
			continue
		}
		var data diagnosticData
		if len(diag.Data) > 0 && json.Unmarshal(diag.Data, &data) == nil && data.Version == snap.Version && data.Fix != nil {
			out = append(out, protocol.CodeAction{
				Title:       data.Fix.Title,
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{diag},
				IsPreferred: data.Fix.Applicability == analyzer.Safe.String(),
				Edit:        workspaceEdit(snap, data.Fix.Edits, versioned),
			})
		}
		key := fmt.Sprintf("%d:%s", diag.Range.Start.Line, diag.Code)
		if !ignorable(diag.Code) || ignored[key] {
			continue
		}
		ignored[key] = true
		if edit, ok := noqaEdit(snap, int(diag.Range.Start.Line)+1, diag.Code); ok {
			out = append(out, protocol.CodeAction{
				Title:       fmt.Sprintf("Ignore %s on this line", diag.Code),
				Kind:        protocol.QuickFix,
				Diagnostics: []protocol.Diagnostic{diag},
				Edit:        workspaceEdit(snap, []protocol.TextEdit{edit}, versioned),
			})
		}
	}
	return out
}

// noqaCodesRE finds a noqa directive and its code list in a comment, as the analyzer reads it.
var noqaCodesRE = regexp.MustCompile(`(?i)#\s*noqa\b(?:\s*:\s*([A-Za-z0-9_\-]+(?:[ \t]*,[ \t]*[A-Za-z0-9_\-]+)*))?`)

// noqaEdit returns the edit that suppresses code on 1-based line: extending the line's
// `# noqa: …` list, or appending `  # noqa: CODE`. It declines when the line already has a
// blanket noqa or the code, or when the line ends inside a multi-line token (a string), where a
// comment cannot go.
func noqaEdit(snap *Snapshot, line int, code string) (protocol.TextEdit, bool) {
	f, err := snap.File()
	if err != nil || line < 1 || line > f.Lines.LineCount() {
		return protocol.TextEdit{}, false
	}
	end := f.Lines.LineEnd(line)
	for _, t := range f.Tokens {
		if t.Start < end && end < t.End {
			return protocol.TextEdit{}, false
		}
	}
	for _, c := range f.Comments {
		if f.Lines.Line(c.Start) != line {
			continue
		}
		text := c.Text(f.Src)
		m := noqaCodesRE.FindStringSubmatchIndex(text)
		if m == nil {
			continue
		}
		if m[2] < 0 {
			return protocol.TextEdit{}, false // a blanket noqa already ignores everything
		}
		codes := strings.FieldsFunc(text[m[2]:m[3]], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
		if slices.Contains(codes, code) {
			return protocol.TextEdit{}, false
		}
		at := c.Start + pyparse.Offset(m[3])
		return protocol.TextEdit{Range: snap.Mapper.Range(pyparse.Range{Start: at, End: at}), NewText: ", " + code}, true
	}
	return protocol.TextEdit{Range: snap.Mapper.Range(pyparse.Range{Start: end, End: end}), NewText: "  # noqa: " + code}, true
}

// fixAll returns the source.fixAll.arraylint action for the latest version of uri: every safe
// fix, re-checked and re-applied until nothing changes (driver.Runner.FixSource), as one edit
// of the changed span. It returns nil when there is nothing to fix.
func (s *Server) fixAll(ctx context.Context, uri protocol.DocumentURI, versioned, wait bool) (*protocol.CodeAction, error) {
	var r *run
	if wait {
		var err error
		if r, err = s.currentRun(ctx, uri); err != nil || r == nil {
			return nil, err
		}
	} else {
		s.mu.Lock()
		if d := s.docs[uri]; d != nil && d.outOfSync == "" && d.run != nil && d.run.fastOK && !d.run.abandoned {
			r = d.run
		}
		s.mu.Unlock()
		if r == nil {
			return nil, nil
		}
	}
	s.mu.Lock()
	anySafe := slices.ContainsFunc(r.findings, func(f analyzer.Finding) bool {
		return f.Fix != nil && f.Fix.Applicability == analyzer.Safe
	})
	s.mu.Unlock()
	if !anySafe {
		return nil, nil
	}
	snap := r.snap
	res, err := s.full.FixSource(ctx, snap.Path, snap.Src, s.configFor(snap.Path), false)
	if err != nil {
		return nil, fmt.Errorf("fix all in %s: %w", uri, err)
	}
	if res.Applied == 0 || string(res.Src) == string(snap.Src) {
		return nil, nil
	}
	edit := minimalEdit(snap, res.Src)
	return &protocol.CodeAction{
		Title: "Fix all auto-fixable arraylint problems",
		Kind:  protocol.SourceFixAllAL,
		Edit:  workspaceEdit(snap, []protocol.TextEdit{edit}, versioned),
	}, nil
}

// minimalEdit returns one edit turning snap's text into next: the span between their common
// prefix and suffix, so the editor keeps marks and the cursor outside it.
func minimalEdit(snap *Snapshot, next []byte) protocol.TextEdit {
	old := snap.Src
	pre := 0
	for pre < len(old) && pre < len(next) && old[pre] == next[pre] {
		pre++
	}
	suf := 0
	for suf < len(old)-pre && suf < len(next)-pre && old[len(old)-1-suf] == next[len(next)-1-suf] {
		suf++
	}
	// Keep the span on UTF-8 boundaries so positions never split a character.
	for pre > 0 && pre < len(old) && old[pre]&0xC0 == 0x80 {
		pre--
	}
	for suf > 0 && old[len(old)-suf]&0xC0 == 0x80 {
		suf--
	}
	if pre > 0 && pre < len(old) && old[pre-1] == '\r' && old[pre] == '\n' {
		pre-- // never between the two bytes of a \r\n
	}
	if suf > 0 && len(old)-suf > 0 && old[len(old)-suf-1] == '\r' && old[len(old)-suf] == '\n' {
		suf--
	}
	rng := pyparse.Range{Start: pyparse.Offset(pre), End: pyparse.Offset(len(old) - suf)}
	return protocol.TextEdit{Range: snap.Mapper.Range(rng), NewText: string(next[pre : len(next)-suf])}
}

// workspaceEdit wraps edits of snap's document: versioned document changes when the client
// supports them (so an edit for an old version is refused), else plain changes.
func workspaceEdit(snap *Snapshot, edits []protocol.TextEdit, versioned bool) *protocol.WorkspaceEdit {
	if versioned {
		v := snap.Version
		return &protocol.WorkspaceEdit{DocumentChanges: []protocol.TextDocumentEdit{{
			TextDocument: protocol.OptionalVersionedTextDocumentIdentifier{URI: snap.URI, Version: &v},
			Edits:        edits,
		}}}
	}
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{snap.URI: edits}}
}
