package pyparse

// This file defines the recovery from unclosed brackets. The lexer, like CPython's tokenizer,
// keeps everything after an unclosed '(' inside one logical line, so a single `foo(` typed in
// the middle of a file would swallow every statement after it.
//
// The parser instead re-lexes a copy of the source in which the unmatched openers are blanked:
// the copy has the same length, so every offset still indexes the original source, and the
// rest of the file gets its lines and indentation back. Then each unclosed construct is closed
// where its indentation ends: the opener token is put back, the continuation lines (those
// indented deeper than the opener's line) are joined again, and an empty closing token is
// inserted after their last token. So `x = foo(a,` followed by a dedented line parses as the
// call `foo(a)`, and the statements after it are intact. The lexer's "'(' was never closed"
// stays the error reported for the construct; the parser's own errors inside it are dropped.

import "sort"

// unclosedOpeners returns the indexes of the bracket tokens that are never closed, in order,
// or nil when the brackets balance or an unclosed one is inside an f-string (blanking it would
// change how the f-string lexes). It follows the lexer's pairing: a closer pops the innermost
// opener whether or not it matches.
func unclosedOpeners(toks []Token) []int {
	var stack []int
	fdepth := 0
	const inFString = 1 << 30 // flag on stack entries pushed inside an f-string
	for i, t := range toks {
		switch t.Kind {
		case LPar, LSqb, LBrace:
			if fdepth > 0 {
				i |= inFString
			}
			stack = append(stack, i)
		case RPar, RSqb, RBrace:
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		case FStringStart:
			fdepth++
		case FStringEnd:
			fdepth--
		}
	}
	for _, i := range stack {
		if i&inFString != 0 {
			return nil
		}
	}
	return stack
}

// closerOf returns the closing kind of an opening bracket kind.
func closerOf(k TokenKind) TokenKind {
	switch k {
	case LSqb:
		return RSqb
	case LBrace:
		return RBrace
	}
	return RPar
}

// brokenSpan is the source range of one recovered construct: its first opener to the end of
// its last continuation line.
type brokenSpan struct{ start, end Offset }

// recoverUnclosed returns a token stream for src in which the unclosed openers of toks are
// closed at the end of their indented continuation lines, and the spans of those constructs;
// ok is false when there is nothing to recover.
func recoverUnclosed(src []byte, toks []Token, open []int) (out []Token, spans []brokenSpan, ok bool) {
	if len(open) == 0 {
		return nil, nil, false
	}
	cp := make([]byte, len(src))
	copy(cp, src)
	openers := make([]Token, len(open))
	for j, i := range open {
		t := toks[i]
		if t.End-t.Start != 1 {
			return nil, nil, false
		}
		cp[t.Start] = ' '
		openers[j] = t
	}
	r, _, _ := Lex(cp)
	out = make([]Token, 0, len(r)+2*len(openers))
	i, o := 0, 0 // next token of r, next opener
	for o < len(openers) {
		first := openers[o]
		for i < len(r) && r[i].Start < first.Start {
			out = append(out, r[i])
			i++
		}
		// The construct continues over the following lines indented deeper than its first line.
		indent := lineIndent(src, first.Start)
		cut := i // index in r of the Newline that ends the construct's last line
		for cut < len(r)-1 {
			if r[cut].Kind != Newline {
				cut++
				continue
			}
			next := cut + 1
			for next < len(r)-1 && (r[next].Kind == Indent || r[next].Kind == Dedent) {
				next++
			}
			if r[next].Kind == EndMarker || lineIndent(src, r[next].Start) <= indent {
				break
			}
			cut = next
		}
		if r[cut].Kind != Newline {
			// No line break ends the construct (it runs to the end of the file): it ends after
			// its last real token, and the final Dedents stay outside it.
			cut = i
			for j := i; j < len(r); j++ {
				if k := r[j].Kind; k != Newline && k != Indent && k != Dedent && k != EndMarker {
					cut = j + 1
				}
			}
		}
		// Re-insert the openers of this construct, join its lines, close it.
		var stack []TokenKind
		net := 0 // Indents minus Dedents dropped from the construct
		end := first.Start
		for ; i < cut; i++ {
			t := r[i]
			for o < len(openers) && openers[o].Start <= t.Start {
				out = append(out, openers[o])
				stack = append(stack, closerOf(openers[o].Kind))
				end = max(end, openers[o].End)
				o++
			}
			switch t.Kind {
			case Newline:
				continue
			case Indent:
				net++
				continue
			case Dedent:
				net--
				continue
			}
			out = append(out, t)
			end = t.End
		}
		for o < len(openers) && (cut >= len(r) || openers[o].Start <= r[cut].Start) {
			out = append(out, openers[o]) // an opener after the last token of its line
			stack = append(stack, closerOf(openers[o].Kind))
			end = max(end, openers[o].End)
			o++
		}
		for k := len(stack) - 1; k >= 0; k-- {
			out = append(out, Token{Kind: stack[k], Range: Range{Start: end, End: end}})
		}
		spans = append(spans, brokenSpan{first.Start, end})
		if i < len(r) && r[i].Kind == Newline {
			out = append(out, r[i])
			i++
		}
		for ; net > 0 && i < len(r) && r[i].Kind == Dedent; net-- {
			i++ // the Dedents that closed the joined lines' indentation
		}
	}
	out = append(out, r[i:]...)
	return out, spans, true
}

// lineIndent returns the width in bytes of the indentation of the line holding offset o.
func lineIndent(src []byte, o Offset) int {
	s := int(o)
	for s > 0 && src[s-1] != '\n' && src[s-1] != '\r' {
		s--
	}
	n := 0
	for s+n < len(src) && (src[s+n] == ' ' || src[s+n] == '\t' || src[s+n] == '\f') {
		n++
	}
	return n
}

// dropErrorsInSpans removes the parser's own errors inside recovered constructs: the lexer has
// reported the unclosed bracket, and what the recovery made of the rest is a guess. It sorts
// errs by start and sweeps them against the sorted spans in linear time.
func dropErrorsInSpans(errs []Error, spans []brokenSpan) []Error {
	if len(spans) == 0 || len(errs) == 0 {
		return errs
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Start < errs[j].Start })
	out := errs[:0]
	k := 0
	for _, e := range errs {
		for k < len(spans) && spans[k].end < e.Start {
			k++
		}
		if k < len(spans) && spans[k].start <= e.Start {
			continue
		}
		out = append(out, e)
	}
	return out
}
