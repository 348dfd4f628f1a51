package lsp

import (
	"context"
	"fmt"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// DidOpen handles textDocument/didOpen: the document enters the overlay and is analysed.
func (s *Server) DidOpen(ctx context.Context, p *protocol.DidOpenTextDocumentParams) error {
	td := p.TextDocument
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := newSnapshot(td.URI, td.Version, []byte(td.Text), s.client.encoding)
	d := s.docs[td.URI]
	if d == nil {
		d = &document{}
		s.docs[td.URI] = d
	}
	d.replace(snap)
	s.schedule(d)
	return nil
}

// DidChange handles textDocument/didChange: the changes are applied in order to the overlay,
// making a new snapshot, and the previous analysis is cancelled. A change to a document that is
// not open, for a version not newer than the current one, or with a range outside the text is
// rejected (and logged) and the document keeps its current version.
func (s *Server) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	uri, version := p.TextDocument.URI, p.TextDocument.Version
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[uri]
	if d == nil {
		return fmt.Errorf("change %s: document is not open", uri)
	}
	if version <= d.snap.Version {
		return fmt.Errorf("change %s: version %d is not newer than %d", uri, version, d.snap.Version)
	}
	src, err := applyChanges(d.snap.Src, p.ContentChanges, s.client.encoding)
	if err != nil {
		return fmt.Errorf("change %s to version %d: %w", uri, version, err)
	}
	d.replace(newSnapshot(uri, version, src, s.client.encoding))
	s.schedule(d)
	return nil
}

// DidSave handles textDocument/didSave. The overlay already has the text, so nothing changes.
func (s *Server) DidSave(ctx context.Context, p *protocol.DidSaveTextDocumentParams) error {
	return nil
}

// DidClose handles textDocument/didClose: analysis stops, the document leaves the overlay and
// its diagnostics are cleared.
func (s *Server) DidClose(ctx context.Context, p *protocol.DidCloseTextDocumentParams) error {
	uri := p.TextDocument.URI
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil {
		s.mu.Unlock()
		return fmt.Errorf("close %s: document is not open", uri)
	}
	d.stop()
	delete(s.docs, uri)
	s.mu.Unlock()
	s.clearDiagnostics(uri)
	return nil
}
