// Package pyparse is a pure-Go frontend for Python 3.8–3.13 source: a tokenizer and a hand-written
// recursive-descent parser whose syntax tree (package ast) matches CPython's `ast` module node for
// node, with error recovery so that files being edited still yield a tree.
//
// Parse turns bytes into a File:
//
//	f, err := pyparse.Parse(src)
//	// f.Src       the text all ranges index (UTF-8)
//	// f.Module    the tree: never nil, even after syntax errors
//	// f.Tokens    the token stream, comments excluded
//	// f.Comments  every `#` comment
//	// f.Errors    syntax errors, as data
//	// f.Lines     offset <-> line/column conversions
//
// # Ranges
//
// Every token, node, comment and error has a Range{Start, End}: half-open [Start, End) byte offsets
// into File.Src (Offset is an int32). Src is the caller's slice when the source is UTF-8; a PEP 263
// declaration of another encoding (latin-1, cp1252, koi8-r…) makes Parse re-encode the file to
// UTF-8 first, and ranges then index the re-encoded text. A leading UTF-8 BOM stays in Src; the
// first token starts after it. Tokens hold no text: the text of r is Src[r.Start:r.End].
//
// Node ranges are CPython's positions: (lineno, col_offset) is Lines.LineCol(n.Span().Start) and
// (end_lineno, end_col_offset) is Lines.LineCol(n.Span().End), byte columns included, for every
// node kind CPython gives positions (ast.HasPosition); the TestConformance oracle test holds this
// over the whole Python installation. Inside f-strings the positions are Python 3.12's (the
// replacement fields' real source). The kinds CPython leaves without positions have ranges too:
// arguments spans its parameters (empty, at the parameter list's position, when there are none),
// withitem its `expr as target`, comprehension its `for … if …` clause, match_case the case through
// its block, and Module the whole source. CPython's own conventions are kept where they break
// nesting: a decorated def or class starts at `def`/`async`/`class`, after its decorators, and the
// text Constant of a self-documenting field f"{x=}" overlaps its FormattedValue. CheckInvariants
// verifies every other nesting and ordering promise; the golden tests and FuzzParse run it.
//
// # Line index
//
// LineIndex knows the line starts of Src. A line break is "\n", "\r\n" or a lone "\r", as CPython's
// tokenizer reads them (go/token's SetLinesForContent knows only "\n"). Lines are 1-based. Columns
// are 0-based and counted in the unit the method names:
//
//	LineCol(o)        UTF-8 bytes: CPython's col_offset, the text/JSON printers' column (plus 1)
//	LineColUTF16(o)   UTF-16 code units: LSP's default position encoding
//	LineColRune(o)    code points: SARIF columns, and CPython's SyntaxError.offset (plus 1)
//	Offset(line, col), OffsetUTF16(line, col)   the inverses, clamped to the line
//
// Offsets inside a line break belong to the line the break ends. Lines that are all ASCII convert
// columns without decoding (the index remembers whether the file has any byte >= 0x80). LineStarts
// gives the starts as ints for token.File.SetLines, which is how the analyzer builds one go/token
// file per Python file without ever touching a FileSet from the parse cache.
//
// # Tokens and comments
//
// Tokens are in ascending order and never overlap; whitespace, comments, line continuations and
// blank lines produce none. Newline ends a logical line and covers its line break (empty at end of
// file). Indent covers the leading whitespace of the first line of a deeper block; Dedent is empty,
// at the first token of the shallower line. Hard keywords have Kw* kinds; the soft keywords match,
// case, type and _ are Name tokens the parser interprets in context. A string literal is one String
// token, prefix and quotes included; an f-string is FStringStart, FStringMiddle texts and
// replacement fields (ordinary tokens between LBrace and RBrace), then FStringEnd. A token the lexer
// could not read properly carries FlagError, and its error is already in File.Errors. The full
// conventions are at the top of lexer.go.
//
// A Comment's range runs from its '#' to the last byte before the line break; Comment.Text returns
// it. Comments never overlap tokens, so `# noqa`, `# arraylint:` directives and `# want`
// expectations are read from File.Comments without re-scanning the source.
//
// # Errors and recovery
//
// Syntax errors are values, never Go errors and never panics: File.Errors holds Error{Range, Kind,
// Msg}, sorted by Start with at most one error per start offset (the first reported wins, as in
// Ruff). Msg is CPython's message where CPython has one ("invalid syntax", "expected ':'",
// "'(' was never closed", "unterminated string literal (detected at line 3)"); the range is the
// offending token or node, so Lines.LineCol(e.Start) gives CPython's line and column in most cases.
// Kind says who found it and how: ErrKindToken (the lexer: bad characters, literals, brackets),
// ErrKindIndentation (IndentationError and TabError), ErrKindEncoding (invalid UTF-8, unknown or
// contradictory PEP 263 declarations), ErrKindTooDeep (nesting limits) and ErrKindSyntax (the
// parser). The lexer reports each malformed token once; the parser does not report it again.
//
// Recovery is per statement: the first error the parser meets in a statement abandons that
// statement (it is left out of the tree), and parsing resumes at the next statement boundary, a
// Newline at the same block level, a Dedent or the end of file. Errors the lexer reported do not
// abandon anything by themselves: a statement holding an unterminated string is kept when it still
// parses. A block after a broken header, or after an unexpected indent, is still parsed, and its
// statements appear in the enclosing body. An unclosed bracket would otherwise make the
// rest of the file one logical line: the parser re-lexes with the unmatched openers blanked, then
// closes each unclosed construct where its indented continuation lines end, so `x = foo(a,` before
// a dedented line parses as the call foo(a) and the statements after it survive (the lexer's
// "'(' was never closed" stays the reported error). Nesting is bounded: more than 200 open brackets (as CPython) or
// MaxDepth levels of recursion give an ErrKindTooDeep error and no deeper descent, never a stack
// overflow, and a progress guard makes the statement loop consume a token on every round.
//
// Parse returns a Go error only when the input is not treated as Python at all, and then no File:
// ErrTooLarge for sources over MaxFileSize (checked before lexing) and ErrBinary for a NUL byte.
// Callers branch on them with errors.Is.
//
// # Conformance
//
// Package astjson writes a File in the JSON format of CPython's oracle script
// (../shared/tools/pyast2json.py); `go test ./pyparse/astjson -run TestConformance
// -conformance=full` compares the two over every .py file of the Python installation, and the
// golden inputs under testdata are checked against CPython 3.12 and 3.13 when they are installed.
package pyparse
