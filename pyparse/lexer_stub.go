package pyparse

// PLACEHOLDER until the lexer lands: the lexer owner deletes this file.

// Lex tokenizes src (already UTF-8, see decodeSource) into tokens, comments and errors.
func Lex(src []byte) ([]Token, []Comment, []Error) {
	return []Token{{Kind: EndMarker, Range: Range{Start: Offset(len(src)), End: Offset(len(src))}}}, nil, nil
}

// decodeSource applies a PEP 263 declaration (re-encoding to UTF-8) and validates UTF-8.
func decodeSource(src []byte) ([]byte, []Error) { return src, nil }
