package lsp

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
)

// DidOpen handles textDocument/didOpen: the document enters the overlay and is analysed. Opening
// a document again brings one that was out of sync back in sync.
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
	d.outOfSync = ""
	d.estimated, d.estEdits = nil, nil // the text may be any other
	d.replace(snap)
	s.schedule(d)
	return nil
}

// DidChange handles textDocument/didChange: the changes are applied in order to the overlay,
// making a new snapshot, and the previous analysis is cancelled. A change to a document that is
// not open is rejected and logged.
//
// A change the server cannot apply (a version not newer than the current one, a range outside
// the text) leaves it without the client's text: the document is then out of sync. Its analysis
// stops, its diagnostics are cleared, the user is told to reopen it, and until it is reopened (or
// a change replaces its whole text) later changes are not applied to the wrong text and no
// diagnostic, fix, hover or hint is computed from it.
func (s *Server) DidChange(ctx context.Context, p *protocol.DidChangeTextDocumentParams) error {
	uri, version := p.TextDocument.URI, p.TextDocument.Version
	s.mu.Lock()
	d := s.docs[uri]
	if d == nil {
		s.mu.Unlock()
		return fmt.Errorf("change %s: document is not open", uri)
	}
	changes, base := p.ContentChanges, d.snap.Src
	if d.outOfSync != "" {
		full := lastFullChange(changes)
		if full < 0 {
			s.mu.Unlock()
			return nil // told once, when it fell out of sync
		}
		changes, base = changes[full:], nil
	}
	var err error
	if d.outOfSync == "" && version <= d.snap.Version {
		err = fmt.Errorf("change %s: version %d is not newer than %d", uri, version, d.snap.Version)
	}
	var src []byte
	if err == nil {
		if src, err = applyChanges(base, changes, s.client.encoding); err != nil {
			err = fmt.Errorf("change %s to version %d: %w", uri, version, err)
		}
	}
	if err != nil {
		s.desyncLocked(d, err)
		s.mu.Unlock()
		s.clearDiagnostics(uri)
		s.showf(protocol.MessageWarning, "arraylint stopped checking %s: its text is out of sync with the editor's (%v); close and reopen it", d.snap.Path, err)
		return err
	}
	if base != nil {
		d.trackEdit(base, src)
	} else {
		d.estimated, d.estEdits = nil, nil
	}
	d.outOfSync = ""
	d.replace(newSnapshot(uri, version, src, s.client.encoding))
	s.schedule(d)
	s.mu.Unlock()
	return nil
}

// lastFullChange returns the index of the last change that replaces the whole text, or -1.
func lastFullChange(changes []protocol.TextDocumentContentChangeEvent) int {
	for i := len(changes) - 1; i >= 0; i-- {
		if changes[i].Range == nil {
			return i
		}
	}
	return -1
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
	size := len(d.snap.Src)
	s.mu.Unlock()
	s.clearDiagnostics(uri)
	if size >= releaseOnClose {
		// The collector would keep the document's memory (and the copies its didOpen message
		// went through: about five times its size) until the heap next doubled, which an idle
		// server never does: a 100 MB document left 558 MB resident after its close. Collect
		// now and return the memory to the system.
		debug.FreeOSMemory()
	}
	return nil
}

// releaseOnClose is the text size from which closing a document returns its memory to the
// system at once: a document too large to check, where the full collection (a few
// milliseconds per 100 MB of heap) is small beside what it frees.
const releaseOnClose = driver.MaxFileSize
