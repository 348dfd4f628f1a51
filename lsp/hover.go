package lsp

import (
	"context"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// Hover answers textDocument/hover.
func (s *Server) Hover(ctx context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	return nil, nil
}
