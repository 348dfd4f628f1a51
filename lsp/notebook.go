package lsp

// This file defines LSP 3.17 notebook document synchronisation: a notebook the client opens
// (notebookDocument/didOpen) is kept as its cells' texts, and each version becomes a snapshot of
// the notebook as an .ipynb document made of those cells, analysed like any document (the
// analyzer checks a notebook as one program of its code cells). Its findings, which carry their
// cell (analyzer.Finding.Cell), are published on the cells' own text documents.

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/notebook"
	"github.com/arraylint/arraylint/pyparse"
)

// nbCell is one cell of an open notebook.
type nbCell struct {
	uri     protocol.DocumentURI
	kind    protocol.NotebookCellKind
	lang    string
	version int32
	text    []byte
}

// openNotebook is a notebook the client has open.
type openNotebook struct {
	version int32
	cells   []nbCell
	// shown are the cell documents the server has published diagnostics on, to clear those
	// of cells that leave the notebook.
	shown map[protocol.DocumentURI]bool
}

// notebookSync is the capability the server announces: Jupyter notebooks' Python cells.
func notebookSync() *protocol.NotebookDocumentSyncOptions {
	python := []protocol.NotebookCellLanguage{{Language: "python"}}
	return &protocol.NotebookDocumentSyncOptions{NotebookSelector: []protocol.NotebookSelector{
		{Notebook: &protocol.NotebookDocumentFilter{NotebookType: "jupyter-notebook"}, Cells: python},
		{Notebook: &protocol.NotebookDocumentFilter{Pattern: "**/*.ipynb"}, Cells: python},
	}}
}

// NotebookDidOpen handles notebookDocument/didOpen.
func (s *Server) NotebookDidOpen(ctx context.Context, p *protocol.DidOpenNotebookDocumentParams) error {
	nd := p.NotebookDocument
	texts := map[protocol.DocumentURI]protocol.TextDocumentItem{}
	for _, td := range p.CellTextDocuments {
		texts[td.URI] = td
	}
	nb := &openNotebook{version: nd.Version, shown: map[protocol.DocumentURI]bool{}}
	for _, c := range nd.Cells {
		td := texts[c.Document]
		nb.cells = append(nb.cells, nbCell{uri: c.Document, kind: c.Kind, lang: td.LanguageID, version: td.Version, text: []byte(td.Text)})
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.notebooks == nil {
		s.notebooks = map[protocol.DocumentURI]*openNotebook{}
	}
	s.notebooks[nd.URI] = nb
	return s.analyseNotebookLocked(nd.URI, nb)
}

// NotebookDidChange handles notebookDocument/didChange: cell structure changes, then cell text
// changes, applied to the notebook's cells; the new version is analysed.
func (s *Server) NotebookDidChange(ctx context.Context, p *protocol.DidChangeNotebookDocumentParams) error {
	uri := p.NotebookDocument.URI
	s.mu.Lock()
	defer s.mu.Unlock()
	nb := s.notebooks[uri]
	if nb == nil {
		return fmt.Errorf("change notebook %s: notebook is not open", uri)
	}
	if p.NotebookDocument.Version <= nb.version {
		return fmt.Errorf("change notebook %s: version %d is not newer than %d", uri, p.NotebookDocument.Version, nb.version)
	}
	cells := slices.Clone(nb.cells)
	if ch := p.Change.Cells; ch != nil {
		if st := ch.Structure; st != nil {
			a := st.Array
			start, end := int(a.Start), int(a.Start)+int(a.DeleteCount)
			if start > len(cells) || end > len(cells) {
				return fmt.Errorf("change notebook %s: cells [%d,%d) outside the %d cells", uri, start, end, len(cells))
			}
			opened := map[protocol.DocumentURI]protocol.TextDocumentItem{}
			for _, td := range st.DidOpen {
				opened[td.URI] = td
			}
			var add []nbCell
			for _, c := range a.Cells {
				td := opened[c.Document]
				add = append(add, nbCell{uri: c.Document, kind: c.Kind, lang: td.LanguageID, version: td.Version, text: []byte(td.Text)})
			}
			cells = slices.Replace(cells, start, end, add...)
		}
		for _, d := range ch.Data {
			for i := range cells {
				if cells[i].uri == d.Document {
					cells[i].kind = d.Kind
				}
			}
		}
		for _, tc := range ch.TextContent {
			i := slices.IndexFunc(cells, func(c nbCell) bool { return c.uri == tc.Document.URI })
			if i < 0 {
				return fmt.Errorf("change notebook %s: cell %s is not in it", uri, tc.Document.URI)
			}
			text, err := applyChanges(cells[i].text, tc.Changes, s.client.encoding)
			if err != nil {
				return fmt.Errorf("change notebook %s cell %s: %w", uri, tc.Document.URI, err)
			}
			cells[i].text, cells[i].version = text, tc.Document.Version
		}
	}
	nb.cells, nb.version = cells, p.NotebookDocument.Version
	return s.analyseNotebookLocked(uri, nb)
}

// NotebookDidSave handles notebookDocument/didSave: the cells already hold the text.
func (s *Server) NotebookDidSave(ctx context.Context, p *protocol.DidSaveNotebookDocumentParams) error {
	return nil
}

// NotebookDidClose handles notebookDocument/didClose: analysis stops and the cells' diagnostics
// are cleared.
func (s *Server) NotebookDidClose(ctx context.Context, p *protocol.DidCloseNotebookDocumentParams) error {
	uri := p.NotebookDocument.URI
	s.mu.Lock()
	nb := s.notebooks[uri]
	if nb == nil {
		s.mu.Unlock()
		return fmt.Errorf("close notebook %s: notebook is not open", uri)
	}
	if d := s.docs[uri]; d != nil {
		d.stop()
		delete(s.docs, uri)
	}
	delete(s.notebooks, uri)
	shown := nb.shown
	s.mu.Unlock()
	for c := range shown {
		s.clearDiagnostics(c)
	}
	return nil
}

// ipynbCell is a cell of the .ipynb text a notebook snapshot holds.
type ipynbCell struct {
	CellType string         `json:"cell_type"`
	Metadata map[string]any `json:"metadata"`
	Source   string         `json:"source"`
}

// analyseNotebookLocked makes the notebook's current cells a snapshot of the document uri and
// schedules its analysis. Call with s.mu held.
func (s *Server) analyseNotebookLocked(uri protocol.DocumentURI, nb *openNotebook) error {
	doc := struct {
		Cells         []ipynbCell    `json:"cells"`
		Metadata      map[string]any `json:"metadata"`
		NBFormat      int            `json:"nbformat"`
		NBFormatMinor int            `json:"nbformat_minor"`
	}{Metadata: map[string]any{}, NBFormat: 4, NBFormatMinor: 5}
	for _, c := range nb.cells {
		typ := "code"
		switch {
		case c.kind == protocol.CellMarkup:
			typ = "markdown"
		case c.lang != "" && c.lang != "python":
			typ = "raw" // a cell in another language is not part of the Python program
		}
		doc.Cells = append(doc.Cells, ipynbCell{CellType: typ, Metadata: map[string]any{}, Source: string(c.text)})
	}
	src, err := json.Marshal(doc)
	if err != nil {
		return fmt.Errorf("analyse notebook %s: %w", uri, err)
	}
	snap := newSnapshot(uri, nb.version, src, s.client.encoding)
	if !driver.IsNotebook(snap.Path) {
		snap.Path += ".ipynb" // an untitled notebook: still checked as one
	}
	snap.cells = slices.Clone(nb.cells)
	d := s.docs[uri]
	if d == nil {
		d = &document{}
		s.docs[uri] = d
	}
	d.replace(snap)
	s.schedule(d)
	return nil
}

// publishNotebook sends r's findings on the cells of its notebook: every cell document gets its
// diagnostics (an empty list for a cell without findings), and cells that left the notebook get
// theirs cleared. A notebook always pushes, also to a client that pulls for text documents.
func (s *Server) publishNotebook(r *run) {
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	s.mu.Lock()
	d := s.docs[r.snap.URI]
	nb := s.notebooks[r.snap.URI]
	if d == nil || d.run != r || r.abandoned || nb == nil {
		s.mu.Unlock()
		return // stale: a newer version or a close superseded this run
	}
	cells := r.snap.cells
	byCell := make([][]protocol.Diagnostic, len(cells))
	for _, f := range r.findings {
		i := max(f.Cell-1, 0) // a finding about the notebook as a whole goes on its first cell
		if i >= len(cells) {
			continue
		}
		c := cells[i]
		cs := &Snapshot{URI: c.uri, Path: r.snap.Path, Version: c.version, Src: c.text, Mapper: NewMapper(c.text, s.client.encoding)}
		byCell[i] = append(byCell[i], s.toDiagnostic(cs, f))
	}
	var gone []protocol.DocumentURI
	now := map[protocol.DocumentURI]bool{}
	for _, c := range cells {
		now[c.uri] = true
	}
	for u := range nb.shown {
		if !now[u] {
			gone = append(gone, u)
			delete(nb.shown, u)
		}
	}
	for _, c := range cells {
		if c.kind == protocol.CellCode {
			nb.shown[c.uri] = true
		}
	}
	s.mu.Unlock()
	for _, u := range gone {
		s.notify(protocol.MethodPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: u, Diagnostics: []protocol.Diagnostic{}})
	}
	for i, c := range cells {
		if c.kind != protocol.CellCode {
			continue
		}
		diags := byCell[i]
		if diags == nil {
			diags = []protocol.Diagnostic{}
		}
		version := c.version
		s.notify(protocol.MethodPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: c.uri, Version: &version, Diagnostics: diags})
	}
}

// notebookProgram is a notebook version's Python program: the snapshot hovers estimate, and the
// notebook that maps its positions to cells.
type notebookProgram struct {
	snap *Snapshot
	nb   *driver.Notebook
}

// program returns the program of the notebook snapshot snap, made on first use; nil when the
// notebook has no Python program.
func (s *Server) program(snap *Snapshot, enc protocol.PositionEncodingKind) *notebookProgram {
	snap.progOnce.Do(func() {
		n, _ := driver.ReadNotebook(snap.Path, snap.Src, nil)
		if n == nil {
			return
		}
		ps := newSnapshot(snap.URI, snap.Version, n.Program.Src, enc)
		ps.Path = snap.Path
		ps.retire()
		ps.ctx, ps.retire = context.WithCancel(snap.ctx) // retired with its notebook's version
		snap.prog = &notebookProgram{snap: ps, nb: n}
	})
	return snap.prog
}

// cellTarget is a notebook cell a position request names: its text, and its notebook's
// version.
type cellTarget struct {
	cell *Snapshot // the cell's text as the notebook's version holds it
	nb   *Snapshot // that version of the notebook
	idx  int       // the cell's index in the notebook
}

// cellTargetLocked returns the cell document uri of an open notebook, or nil. Call with s.mu
// held.
func (s *Server) cellTargetLocked(uri protocol.DocumentURI) *cellTarget {
	for nbURI := range s.notebooks {
		d := s.docs[nbURI]
		if d == nil || d.snap == nil {
			continue
		}
		for i, c := range d.snap.cells {
			if c.uri == uri {
				return &cellTarget{cell: newSnapshot(c.uri, c.version, c.text, s.client.encoding), nb: d.snap, idx: i}
			}
		}
	}
	return nil
}

// cellHover answers a hover in a notebook cell from the estimate of the notebook's program: the
// position moves into the program, and the answer's range and the lines it names move back into
// cells ("allocated at line 3 of cell 3").
func (s *Server) cellHover(ctx context.Context, ct *cellTarget, pos protocol.Position, markdown bool) (*protocol.Hover, error) {
	off, err := ct.cell.Mapper.Offset(pos)
	if err != nil {
		return nil, nil
	}
	s.mu.Lock()
	enc := s.client.encoding
	s.mu.Unlock()
	prog := s.program(ct.nb, enc)
	if prog == nil {
		return nil, nil
	}
	pc := slices.IndexFunc(prog.nb.Program.Cells, func(c notebook.ProgramCell) bool { return c.Index == ct.idx })
	if pc < 0 {
		return nil, nil // a markdown cell, or code in another language
	}
	text, kind, at, err := s.hoverAt(ctx, prog.snap, pyparse.Offset(prog.nb.Program.Cells[pc].Start)+off, markdown)
	if text == "" || err != nil {
		return nil, err
	}
	h := &protocol.Hover{Contents: protocol.MarkupContent{Kind: kind, Value: prog.nb.CellLineText(text)}}
	if at != nil {
		if cell, rel, _, _, _, _ := prog.nb.ToCell(*at); cell == ct.idx+1 {
			r := ct.cell.Mapper.Range(rel)
			h.Range = &r
		}
	}
	return h, nil
}

// cellInlayHints answers inlay hints in a notebook cell from the notebook's program: the hints of
// the cell's lines whose ends lie in rng, moved into the cell, with their tooltips' lines named
// by cell.
func (s *Server) cellInlayHints(ctx context.Context, ct *cellTarget, rng protocol.Range) ([]protocol.InlayHint, error) {
	hints := []protocol.InlayHint{}
	s.mu.Lock()
	enc := s.client.encoding
	s.mu.Unlock()
	prog := s.program(ct.nb, enc)
	if prog == nil {
		return hints, nil
	}
	pc := slices.IndexFunc(prog.nb.Program.Cells, func(c notebook.ProgramCell) bool { return c.Index == ct.idx })
	if pc < 0 {
		return hints, nil
	}
	cell := prog.nb.Program.Cells[pc]
	m := prog.snap.Mapper
	all, err := s.inlayHints(ctx, prog.snap, protocol.Range{
		Start: m.Position(pyparse.Offset(cell.Start)), End: m.Position(pyparse.Offset(cell.End))})
	if err != nil {
		return nil, err
	}
	for _, h := range all {
		off, err := m.Offset(h.Position)
		if err != nil {
			continue
		}
		c, rel, _, _, _, _ := prog.nb.ToCell(pyparse.Range{Start: off, End: off})
		if c != ct.idx+1 {
			continue
		}
		h.Position = ct.cell.Mapper.Position(rel.Start)
		if posLess(h.Position, rng.Start) || posLess(rng.End, h.Position) {
			continue
		}
		h.Tooltip = prog.nb.CellLineText(h.Tooltip)
		hints = append(hints, h)
	}
	return hints, nil
}

// cellFixAll returns source.fixAll.arraylint for a notebook cell: every safe fix of the notebook
// version (driver.Runner.FixSource on the notebook), as one edit of this cell's text; nil when
// none changes the cell.
func (s *Server) cellFixAll(ctx context.Context, ct *cellTarget, versioned bool) (*protocol.CodeAction, error) {
	res, err := s.full.FixSource(ctx, ct.nb.Path, ct.nb.Src, s.configFor(ct.nb.Path), false)
	if err != nil {
		return nil, fmt.Errorf("fix all in %s: %w", ct.cell.URI, err)
	}
	if res.Applied == 0 {
		return nil, nil
	}
	fixed, err := notebook.Parse(res.Src)
	if err != nil || ct.idx >= len(fixed.Cells) || fixed.Cells[ct.idx].Source == string(ct.cell.Src) {
		return nil, nil
	}
	edit := minimalEdit(ct.cell, []byte(fixed.Cells[ct.idx].Source))
	return &protocol.CodeAction{
		Title: "Fix all auto-fixable arraylint problems",
		Kind:  protocol.SourceFixAllAL,
		Edit:  workspaceEdit(ct.cell, []protocol.TextEdit{edit}, versioned),
	}, nil
}
