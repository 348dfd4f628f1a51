package lsp

import (
	"context"
	"fmt"

	"github.com/arraylint/arraylint/lsp/jsonrpc2"
)

// This file defines how requests that wait for a snapshot's memory estimate honour
// $/cancelRequest and edits.

// memoryFor returns the snapshot's memory estimate (see memory), or an error as soon as ctx is
// done (the connection answers RequestCancelled) or a newer version or a close retires the
// snapshot (ContentModified). A computed estimate is returned at once. Otherwise the estimate
// waits for a slot of the semaphore that bounds analyses (so a burst of edits, each followed by
// an inlay hint request, does not parse every version at once) and starts only if the request
// and the snapshot are still live; once started, a cancelled request does not stop it, as the
// next request on the same version shares it, but retiring the snapshot does.
func (s *Server) memoryFor(ctx context.Context, snap *Snapshot) (*memoryFacts, error) {
	if snap.memDone.Load() {
		return s.memory(snap), nil
	}
	done := make(chan *memoryFacts, 1)
	go func() {
		select {
		case s.sem <- struct{}{}:
			defer func() { <-s.sem }()
		case <-ctx.Done():
			return
		case <-snap.ctx.Done():
			return
		}
		if ctx.Err() != nil || snap.ctx.Err() != nil {
			return
		}
		mf := s.memory(snap)
		snap.memDone.Store(true)
		done <- mf
	}()
	select {
	case mf := <-done:
		return mf, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("estimate memory of %s (version %d): %w", snap.Path, snap.Version, ctx.Err())
	case <-snap.ctx.Done():
		return nil, fmt.Errorf("estimate memory of %s: version %d was replaced: %w", snap.Path, snap.Version, jsonrpc2.ErrContentModified)
	}
}
