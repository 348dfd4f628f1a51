package pyparse

import "github.com/arraylint/arraylint/pyparse/ast"

// PLACEHOLDER until the parser lands: the parser owner deletes this file.

// parseModule parses the token stream of src into a module, recovering from syntax errors.
func parseModule(src []byte, toks []Token) (*ast.Module, []Error) {
	return &ast.Module{Range: Range{End: Offset(len(src))}}, nil
}
