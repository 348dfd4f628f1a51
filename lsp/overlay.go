package lsp

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// Snapshot is one version of an open document. It is immutable: an edit makes a new Snapshot,
// so analysis, hovers and code actions each work on a consistent text.
type Snapshot struct {
	// URI is the document's URI and Path its file system path (the URI itself when it is not a
	// file: URI, e.g. untitled:1).
	URI  protocol.DocumentURI
	Path string
	// Version is the client's version number of this text.
	Version int32
	// Src is the text, UTF-8 as the client sent it.
	Src []byte
	// Mapper converts positions in Src.
	Mapper *Mapper

	parseMu  sync.Mutex
	file     *pyparse.File
	parseErr error
	parsed   bool

	memOnce sync.Once
	mem     *memoryFacts // hovers and inlay hints: computed on first use
	// est is the memory analyzer's result for this version, shared by the checks' AL101/AL102
	// and by the hovers; its estimate runs on first use. It holds the parse until the estimate
	// has run, so releaseParse lets go of it too (estMu guards it).
	estMu   sync.Mutex
	est     *memanalyzer.Result
	memDone atomic.Bool // mem is computed (memoryFor)

	// cells are, for a notebook (notebook.go), its cells as this version holds them; Src is then
	// the notebook as an .ipynb text.
	cells []nbCell
	// progOnce makes prog, the notebook's Python program as a snapshot, for hovers in cells.
	progOnce sync.Once
	prog     *notebookProgram

	// ctx is done once a newer version or a close retires the snapshot: work on it then stops.
	ctx    context.Context
	retire context.CancelFunc
}

// newSnapshot builds the snapshot of one version.
func newSnapshot(uri protocol.DocumentURI, version int32, src []byte, enc protocol.PositionEncodingKind) *Snapshot {
	path, ok := uriToPath(uri)
	if !ok {
		path = string(uri)
	}
	ctx, retire := context.WithCancel(context.Background())
	return &Snapshot{URI: uri, Path: path, Version: version, Src: src, Mapper: NewMapper(src, enc), ctx: ctx, retire: retire}
}

// File returns the snapshot's parse (for comments, tokens and the tree), parsing on first use.
// A text over driver.MaxFileSize is not parsed: its error says why, and the analysis reports it.
func (sn *Snapshot) File() (*pyparse.File, error) {
	sn.parseMu.Lock()
	defer sn.parseMu.Unlock()
	if !sn.parsed {
		if err := sn.ctx.Err(); err != nil {
			// A retired version is not worth parsing: its analysis and estimate are abandoned.
			return nil, fmt.Errorf("parse %s (version %d): %w", sn.Path, sn.Version, err)
		}
		if err := driver.SizeError(len(sn.Src)); err != nil {
			sn.parseErr = fmt.Errorf("parse %s: %w", sn.Path, err)
		} else {
			sn.file, sn.parseErr = pyparse.Parse(sn.Src)
		}
		sn.parsed = true
	}
	return sn.file, sn.parseErr
}

// releaseParse drops the snapshot's syntax tree once its analysis is complete: an open document
// then costs its text and line index, not its tree (about 20 times the text), and a hover or
// code action re-parses on demand. With 1,000 open files this is the difference between keeping
// every tree alive and keeping none.
func (sn *Snapshot) releaseParse() {
	sn.parseMu.Lock()
	defer sn.parseMu.Unlock()
	sn.file, sn.parseErr, sn.parsed = nil, nil, false
	// The shared estimate must not keep the tree alive: once it has run it needs no tree, and
	// before that the next user starts a new one from a new parse.
	sn.estMu.Lock()
	defer sn.estMu.Unlock()
	if sn.est != nil && !sn.est.ReleaseFile() {
		sn.est = nil
	}
}

// applyChanges applies didChange content changes to src in order: each change's range refers to
// the text left by the previous one.
func applyChanges(src []byte, changes []protocol.TextDocumentContentChangeEvent, enc protocol.PositionEncodingKind) ([]byte, error) {
	for i, ch := range changes {
		if ch.Range == nil {
			src = []byte(ch.Text)
			continue
		}
		r, err := NewMapper(src, enc).OffsetRange(*ch.Range)
		if err != nil {
			return nil, fmt.Errorf("apply change %d: %w", i, err)
		}
		out := make([]byte, 0, len(src)-r.Len()+len(ch.Text))
		out = append(out, src[:r.Start]...)
		out = append(out, ch.Text...)
		out = append(out, src[r.End:]...)
		src = out
	}
	return src, nil
}

// uriToPath returns the file system path of a file: URI.
func uriToPath(uri protocol.DocumentURI) (string, bool) {
	u, err := url.Parse(string(uri))
	if err != nil || u.Scheme != "file" {
		return "", false
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return filepath.FromSlash(p), true
}

// pathToURI returns the file: URI of an absolute path.
func pathToURI(path string) protocol.DocumentURI {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return protocol.DocumentURI((&url.URL{Scheme: "file", Path: p}).String())
}
