package pyparse

import (
	"bytes"
	"errors"
	"fmt"
	"sort"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// Offset is a UTF-8 byte offset from the start of the file.
type Offset = ast.Offset

// Range is a half-open byte range [Start, End).
type Range = ast.Range

// MaxFileSize is the largest source Parse accepts; larger input yields ErrTooLarge before lexing.
const MaxFileSize = 64 << 20

// MaxDepth bounds the nesting of brackets, expressions and blocks; deeper input yields an Error
// of kind ErrKindTooDeep and the parse stops descending (never a stack overflow).
const MaxDepth = 1000

// Sentinel errors for callers that branch on why a file was not parsed at all.
var (
	// ErrTooLarge is returned for sources over MaxFileSize.
	ErrTooLarge = errors.New("source too large")
	// ErrBinary is returned for sources that contain a NUL byte.
	ErrBinary = errors.New("source contains a NUL byte")
	// ErrUTF16 is returned for sources in UTF-16 or UTF-32, told by their byte order mark or by
	// the NUL bytes of ASCII text in them, which Python does not read as source.
	ErrUTF16 = errors.New("source is UTF-16 or UTF-32, not UTF-8")
)

// File is the result of parsing one Python source file.
type File struct {
	// Src is the source as parsed: UTF-8 (re-encoded from a PEP 263 declaration if needed),
	// with a leading BOM kept. All ranges index Src.
	Src []byte
	// Module is the syntax tree. It is never nil: after syntax errors it holds every statement
	// that could be recovered.
	Module *ast.Module
	// Tokens is the token stream the parser read, comments excluded.
	Tokens []Token
	// Comments lists every comment in source order.
	Comments []Comment
	// Errors lists syntax errors in source order, at most one per start offset.
	Errors []Error
	// Lines converts offsets to line/column positions and back.
	Lines *LineIndex
}

// Comment is a `#` comment: its range covers the `#` through the last byte before the line end.
type Comment struct {
	Range
}

// Text returns the comment's text, including the leading '#'.
func (c Comment) Text(src []byte) string { return string(src[c.Start:c.End]) }

// Mentions reports whether the comment's text holds word, without copying the text out of src
// (most comments of a file are read only to be passed over).
func (c Comment) Mentions(src []byte, word string) bool {
	return bytes.Contains(src[c.Start:c.End], []byte(word))
}

// ErrorKind classifies syntax errors.
type ErrorKind uint8

// The error kinds.
const (
	ErrKindSyntax      ErrorKind = iota // "invalid syntax" and its specific variants
	ErrKindIndentation                  // IndentationError / TabError
	ErrKindToken                        // unterminated strings, bad characters, bad numbers
	ErrKindEncoding                     // invalid UTF-8, unknown PEP 263 encoding
	ErrKindTooDeep                      // nesting deeper than MaxDepth
)

// Error is a syntax error: data in File.Errors, never a Go error.
type Error struct {
	Range
	Kind ErrorKind
	// Msg is CPython's message where it has one ("invalid syntax", "expected ':'",
	// "unterminated string literal (detected at line 3)"), lowercase-initial as CPython writes it.
	Msg string
}

// Error returns the message, so an Error can be used as a Go error.
func (e Error) Error() string { return e.Msg }

// Parse parses a Python module. It returns a Go error only when the input is not treated as
// Python source at all (ErrTooLarge, ErrBinary); syntax errors are data in File.Errors and the
// returned File always has a Module holding everything that could be recovered.
func Parse(src []byte) (*File, error) {
	if len(src) > MaxFileSize {
		return nil, fmt.Errorf("parse %d bytes: %w (limit %d)", len(src), ErrTooLarge, MaxFileSize)
	}
	if enc := wideEncoding(src); enc != "" {
		return nil, fmt.Errorf("parse: %w (%s): save the file as UTF-8", ErrUTF16, enc)
	}
	if i := bytes.IndexByte(src, 0); i >= 0 {
		return nil, fmt.Errorf("parse: %w at offset %d", ErrBinary, i)
	}
	src, errs := decodeSource(src)
	toks, comments, lexErrs := Lex(src)
	mod, parseErrs := parseTokens(src, toks, len(lexErrs) > 0)
	errs = append(errs, lexErrs...)
	errs = append(errs, parseErrs...)
	return &File{
		Src:      src,
		Module:   mod,
		Tokens:   toks,
		Comments: comments,
		Errors:   dedupeErrors(errs),
		Lines:    NewLineIndex(src),
	}, nil
}

// dedupeErrors sorts errs by start offset and keeps the first error at each start.
func dedupeErrors(errs []Error) []Error {
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Start < errs[j].Start })
	out := errs[:0]
	for i, e := range errs {
		if i > 0 && e.Start == errs[i-1].Start {
			continue
		}
		out = append(out, e)
	}
	return out
}
