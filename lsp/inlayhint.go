package lsp

import (
	"context"

	"github.com/arraylint/arraylint/lsp/protocol"
)

// InlayHint answers textDocument/inlayHint.
func (s *Server) InlayHint(ctx context.Context, p *protocol.InlayHintParams) ([]protocol.InlayHint, error) {
	return []protocol.InlayHint{}, nil
}
