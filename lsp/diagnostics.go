package lsp

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/lsp/jsonrpc2"
	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/memory/memanalyzer"
	"golang.org/x/tools/go/analysis"
)

// This file defines how documents are analysed: one run per snapshot, the fast rules at once and
// every rule after a delay when slow rules exist, stale runs cancelled and their results dropped,
// results pushed with publishDiagnostics or served by textDocument/diagnostic.

// document is an open document: its current snapshot and the analysis of that snapshot.
type document struct {
	snap *Snapshot
	run  *run
	// incr is the analysis of the latest version whose fast rules ran to the end, which the
	// next edit's check starts from (incremental.go); nil when there is none to start from.
	incr *incrState
	// estimated is the latest version whose memory estimate hovers and inlay hints have made,
	// which answers for the current one until its own is made, and estEdits the byte ranges
	// edits changed since (stale.go); refreshing is the version whose estimate is scheduled.
	estimated, refreshing *Snapshot
	estEdits              []changed
	// outOfSync says why the document's text is no longer the client's (a change that could not
	// be applied); "" while it is in sync. An out-of-sync document has no run and answers nothing.
	outOfSync string
}

// desyncLocked marks d out of sync because of err: its analysis stops and its results are
// dropped. Call with Server.mu held, then clear its diagnostics.
func (s *Server) desyncLocked(d *document, err error) {
	d.outOfSync = err.Error()
	if d.run != nil {
		d.run.abandon()
		d.run = nil
	}
}

// snapshotLocked returns the current snapshot of uri, or nil when it is not open or out of sync.
// Call with Server.mu held.
func (s *Server) snapshotLocked(uri protocol.DocumentURI) *Snapshot {
	d := s.docs[uri]
	if d == nil || d.outOfSync != "" {
		return nil
	}
	return d.snap
}

// stop abandons the document's analysis and retires its snapshot. Call with Server.mu held.
func (d *document) stop() {
	if d.run != nil {
		d.run.abandon()
	}
	if d.snap != nil {
		d.snap.retire()
	}
}

// replace makes snap the document's current snapshot, retiring the previous one. Call with
// Server.mu held, then schedule.
func (d *document) replace(snap *Snapshot) {
	if d.snap != nil && d.snap != snap {
		d.snap.retire()
	}
	d.snap = snap
}

// run is the analysis of one snapshot. Its result fields are guarded by Server.mu.
type run struct {
	snap     *Snapshot
	cancel   context.CancelFunc
	fastDone chan struct{} // closed when the fast results are in, or the run is abandoned
	doneOnce sync.Once
	timer    *time.Timer

	// workers counts the goroutines working on the run or due to (the fast run, then the full
	// run's timer and the full run); idle is closed when it drops to zero. The next run of the
	// document waits for idle, so at most one analysis of a document is in flight.
	workers int
	idle    chan struct{}

	abandoned bool
	fastOK    bool               // fast results are in
	fullOK    bool               // every rule's results are in
	findings  []analyzer.Finding // the best results so far
	gen       int                // incremented whenever findings change
	diags     []protocol.Diagnostic
	diagsGen  int
}

func (r *run) closeFastDone() { r.doneOnce.Do(func() { close(r.fastDone) }) }

// abandon cancels the run; its results, if any arrive, are dropped. Call with Server.mu held.
func (r *run) abandon() {
	r.abandoned = true
	r.cancel()
	if r.timer != nil && r.timer.Stop() {
		r.doneLocked() // the full run will not start
	}
	r.closeFastDone()
}

// doneLocked records that one of the run's goroutines (or its timer) is done. Call with
// Server.mu held.
func (r *run) doneLocked() {
	if r.workers--; r.workers == 0 {
		close(r.idle)
	}
}

// done is doneLocked for a goroutine that does not hold Server.mu.
func (s *Server) done(r *run) {
	s.mu.Lock()
	r.doneLocked()
	s.mu.Unlock()
}

// schedule starts the analysis of d's current snapshot, abandoning the previous one. The new run
// begins once the abandoned one has stopped (at its next check of its context, between two
// analyzers), so edits in quick succession never stack up analyses of one document: the runs
// of the versions in between find themselves cancelled and do nothing. Call with s.mu held.
func (s *Server) schedule(d *document) {
	prev := d.run
	if prev != nil {
		prev.abandon()
	}
	ctx, cancel := context.WithCancel(d.snap.ctx)
	r := &run{snap: d.snap, cancel: cancel, fastDone: make(chan struct{}), idle: make(chan struct{})}
	d.run = r
	if s.state == stateShutdown {
		r.abandon()
		close(r.idle)
		return
	}
	r.workers = 1
	go s.runFast(ctx, r, prev)
}

// runFast waits for prev (the document's previous run, or nil) to stop, runs the fast rules
// (every rule when none is slow), publishes, and arms the timer of the full run.
func (s *Server) runFast(ctx context.Context, r *run, prev *run) {
	defer s.done(r)
	if prev != nil {
		<-prev.idle
	}
	if ctx.Err() != nil {
		return // superseded while waiting: abandon closed fastDone
	}
	if prev == nil { // the document's first analysis: check's cache may have every rule's findings
		if findings, ok := s.cachedFindings(r.snap); ok {
			s.mu.Lock()
			if r.abandoned || ctx.Err() != nil {
				s.mu.Unlock()
				return
			}
			r.findings, r.fastOK, r.fullOK = findings, true, true
			r.gen++
			r.closeFastDone()
			s.mu.Unlock()
			s.publish(r)
			return
		}
	}
	s.mu.Lock()
	var base *incrState
	if d := s.docs[r.snap.URI]; d != nil && d.run == r {
		base = d.incr
	}
	s.mu.Unlock()
	// A small document's first analysis keeps no state: most open documents are never edited,
	// and the state (segments, their words and facts) would cost memory and time for each of
	// them; the first edit is checked in full and keeps it. A large one keeps it at once, as a
	// full check of it is what the state saves.
	findings, st := s.checkFast(ctx, r.snap, base, prev != nil || len(r.snap.Src) >= incrStateAtOpen)
	s.mu.Lock()
	if r.abandoned || ctx.Err() != nil {
		s.mu.Unlock()
		return
	}
	if d := s.docs[r.snap.URI]; d != nil && d.run == r {
		d.incr = st
	}
	if s.hasSlow {
		// AL902 (unused noqa) is only right once every rule has run: a noqa for a slow rule
		// would look unused now.
		// A new slice: findings may be the incremental state's, which the next edit reuses.
		kept := make([]analyzer.Finding, 0, len(findings))
		for _, f := range findings {
			if f.Code != driver.UnusedNoqa.Spec.Code {
				kept = append(kept, f)
			}
		}
		findings = kept
	}
	r.findings, r.fastOK, r.fullOK = findings, true, !s.hasSlow
	r.gen++
	r.closeFastDone()
	if s.hasSlow {
		r.workers++
		r.timer = time.AfterFunc(s.opts.SlowDelay, func() { s.runFull(ctx, r) })
	}
	s.mu.Unlock()
	// Drop the tree now, even when the full run will need it again in a second: keeping every
	// freshly opened file's tree until its full run held 130 MB with 1,000 files opened at once,
	// and re-parsing costs about a tenth of checking.
	r.snap.releaseParse()
	s.publish(r)
}

// runFull runs every rule after the delay and publishes the complete result.
func (s *Server) runFull(ctx context.Context, r *run) {
	defer s.done(r)
	findings, _, _ := s.check(ctx, r.snap, s.full)
	s.mu.Lock()
	if r.abandoned || ctx.Err() != nil {
		s.mu.Unlock()
		return
	}
	r.findings, r.fullOK = findings, true
	r.gen++
	s.mu.Unlock()
	r.snap.releaseParse()
	s.publish(r)
}

// incrStateAtOpen is the text size from which a document keeps its incremental state from its
// first analysis: about 1,000 lines, a full check of 15 ms or more.
const incrStateAtOpen = 32 << 10

// checkFast runs the fast rules on a snapshot: incrementally from base, the analysis of an
// earlier version, when it can (incremental.go), in full otherwise. It returns the findings and
// the state the next version starts from (nil when there is none, or keep is false).
func (s *Server) checkFast(ctx context.Context, snap *Snapshot, base *incrState, keep bool) ([]analyzer.Finding, *incrState) {
	if !s.incremental || snap.cells != nil {
		findings, _, _ := s.check(ctx, snap, s.fast)
		return findings, nil
	}
	if base != nil && base.rn == s.fast && base.path == snap.Path && base.cfg == s.configFor(snap.Path) {
		if findings, st, ok := s.checkIncremental(ctx, snap, base); ok {
			return findings, st
		}
	}
	findings, cfg, ok := s.check(ctx, snap, s.fast)
	if !ok || !keep {
		return findings, nil
	}
	f, err := snap.File()
	if err != nil {
		return findings, nil
	}
	return findings, newIncrState(snap.Path, cfg, s.fast, snap.Src, f, findings)
}

// checkIncremental checks snap from base; ok is false when the edit needs a full check.
func (s *Server) checkIncremental(ctx context.Context, snap *Snapshot, base *incrState) (findings []analyzer.Finding, st *incrState, ok bool) {
	defer func() {
		if v := recover(); v != nil {
			s.reportPanic(fmt.Sprintf("check %s incrementally", snap.Path), v)
			findings, st, ok = nil, nil, false
		}
	}()
	select {
	case s.sem <- struct{}{}:
		defer func() { <-s.sem }()
	case <-ctx.Done():
		return nil, nil, false
	}
	st, findings, _, ok, err := base.next(ctx, snap.Src)
	if err != nil || !ok {
		if err != nil && ctx.Err() == nil {
			s.logf(protocol.MessageLog, "check %s (version %d) incrementally: %v", snap.Path, snap.Version, err)
		}
		return nil, nil, false
	}
	return findings, st, true
}

// check runs a runner's rules on a snapshot with its configuration, reusing the snapshot's
// parse, and returns the configuration too. Errors and panics are logged and give no findings
// and ok false: the server keeps serving.
func (s *Server) check(ctx context.Context, snap *Snapshot, rn *driver.Runner) (findings []analyzer.Finding, cfg *driver.Config, ok bool) {
	defer func() {
		if v := recover(); v != nil {
			s.reportPanic(fmt.Sprintf("check %s", snap.Path), v)
			findings, ok = nil, false
		}
	}()
	// At most GOMAXPROCS analyses at once: opening a thousand files queues their runs instead of
	// holding a thousand half-built analyses in memory.
	select {
	case s.sem <- struct{}{}:
		defer func() { <-s.sem }()
	case <-ctx.Done():
		return nil, nil, false
	}
	cfg = s.configFor(snap.Path)
	var err error
	f, perr := snap.File()
	if ctx.Err() != nil {
		return nil, nil, false // superseded: File may have refused to parse the retired version
	}
	switch {
	case snap.cells != nil:
		findings, err = rn.Check(ctx, snap.Path, snap.Src, cfg) // a notebook: its cells' program
	case perr == nil:
		known := map[*analysis.Analyzer]any{memanalyzer.Analyzer: s.sharedEstimate(snap, f)}
		findings, err = rn.CheckParsedWith(ctx, snap.Path, f, cfg, known)
	default:
		findings, err = rn.Check(ctx, snap.Path, snap.Src, cfg) // reports why it is not Python
	}
	if err != nil {
		if ctx.Err() == nil {
			s.logf(protocol.MessageWarning, "check %s (version %d): %v", snap.Path, snap.Version, err)
		}
		return nil, nil, false
	}
	return findings, cfg, perr == nil
}

// diagnosticsLocked returns the LSP diagnostics of r's current findings, converting them once
// per result generation. Call with s.mu held.
func (s *Server) diagnosticsLocked(r *run) []protocol.Diagnostic {
	if r.diags == nil || r.diagsGen != r.gen {
		r.diags = make([]protocol.Diagnostic, 0, len(r.findings))
		for _, f := range r.findings {
			r.diags = append(r.diags, s.toDiagnostic(r.snap, f))
		}
		r.diagsGen = r.gen
	}
	return r.diags
}

// publish sends r's diagnostics if r is still the current run of its document. A client that
// pulls gets workspace/diagnostic/refresh instead, when it supports it.
func (s *Server) publish(r *run) {
	if r.snap.cells != nil {
		s.publishNotebook(r)
		return
	}
	s.mu.Lock()
	pull, refresh, full := s.client.pull, s.client.diagRefresh, r.fullOK
	s.mu.Unlock()
	if pull {
		if refresh && full && s.hasSlow {
			go func() {
				ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
				defer cancel()
				if err := s.conn.Call(ctx, protocol.MethodDiagnosticRefresh, nil, nil); err != nil {
					s.logf(protocol.MessageLog, "refresh diagnostics: %v", err)
				}
			}()
		}
		return
	}
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	s.mu.Lock()
	d := s.docs[r.snap.URI]
	if d == nil || d.run != r || r.abandoned {
		s.mu.Unlock()
		return // stale: a newer version or a close superseded this run
	}
	version := r.snap.Version
	diags := s.diagnosticsLocked(r)
	s.mu.Unlock()
	s.notify(protocol.MethodPublishDiagnostics, protocol.PublishDiagnosticsParams{
		URI: r.snap.URI, Version: &version, Diagnostics: diags,
	})
}

// clearDiagnostics publishes an empty set for a closed document.
func (s *Server) clearDiagnostics(uri protocol.DocumentURI) {
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	s.notify(protocol.MethodPublishDiagnostics, protocol.PublishDiagnosticsParams{URI: uri, Diagnostics: []protocol.Diagnostic{}})
}

func (s *Server) notify(method string, params any) {
	if err := s.conn.Notify(method, params); err != nil {
		s.logf(protocol.MessageError, "%v", err)
	}
}

// currentRun waits until the fast results of uri's current version are in and returns its run,
// following newer versions that arrive meanwhile. It returns nil for a document that is not open.
func (s *Server) currentRun(ctx context.Context, uri protocol.DocumentURI) (*run, error) {
	for {
		s.mu.Lock()
		d := s.docs[uri]
		if d == nil || d.run == nil {
			s.mu.Unlock()
			return nil, nil
		}
		r := d.run
		s.mu.Unlock()
		select {
		case <-r.fastDone:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		s.mu.Lock()
		ok := r.fastOK && !r.abandoned
		s.mu.Unlock()
		if ok {
			return r, nil
		}
		s.mu.Lock()
		shutdown := s.state == stateShutdown
		s.mu.Unlock()
		if shutdown {
			return nil, fmt.Errorf("wait for analysis of %s: %w", uri, jsonrpc2.ErrInvalidRequest)
		}
		// abandoned for a newer version: wait for that one
	}
}

// Diagnostic answers textDocument/diagnostic (the pull model): the findings of the document's
// latest version, or "unchanged" when the client already has them. A document that is not open
// has no findings.
func (s *Server) Diagnostic(ctx context.Context, p *protocol.DocumentDiagnosticParams) (*protocol.DocumentDiagnosticReport, error) {
	r, err := s.currentRun(ctx, p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	if r == nil {
		return &protocol.DocumentDiagnosticReport{Kind: protocol.ReportFull}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	id := fmt.Sprintf("%d.%d", r.snap.Version, r.gen)
	if p.PreviousResultID == id {
		return &protocol.DocumentDiagnosticReport{Kind: protocol.ReportUnchanged, ResultID: id}, nil
	}
	return &protocol.DocumentDiagnosticReport{Kind: protocol.ReportFull, ResultID: id, Items: s.diagnosticsLocked(r)}, nil
}
