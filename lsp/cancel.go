package lsp

import (
	"context"
	"fmt"
)

// This file defines how requests that wait for a snapshot's memory estimate honour
// $/cancelRequest.

// memoryFor returns the snapshot's memory estimate (see memory), or ctx's error as soon as ctx
// is done, which the connection answers with RequestCancelled. A cancelled request does not stop
// the estimate, which the next hover or inlay hint request on the same version shares; the
// estimate stops when a newer version or a close retires the snapshot.
func (s *Server) memoryFor(ctx context.Context, snap *Snapshot) (*memoryFacts, error) {
	done := make(chan *memoryFacts, 1)
	go func() { done <- s.memory(snap) }()
	select {
	case mf := <-done:
		return mf, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("estimate memory of %s (version %d): %w", snap.Path, snap.Version, ctx.Err())
	}
}
