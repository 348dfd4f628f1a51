package pyparse

// This file defines the recovery from unclosed brackets. The lexer, like CPython's tokenizer,
// keeps everything after an unclosed '(' inside one logical line, so a single `foo(` typed in
// the middle of a file would swallow every statement after it. The parser instead re-lexes a
// copy of the source in which the unmatched openers are blanked: the copy has the same length,
// so every offset still indexes the original source, and the rest of the file gets its lines,
// indentation and statements back. The lexer's "'(' was never closed" error stays the one
// reported for it.

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

// relexUnclosed returns the tokens of src with the unclosed openers of toks blanked, and the
// offsets of the blanked openers; ok is false when there is nothing to recover.
func relexUnclosed(src []byte, toks []Token, open []int) (relexed []Token, blanked []Offset, ok bool) {
	if len(open) == 0 {
		return nil, nil, false
	}
	cp := make([]byte, len(src))
	copy(cp, src)
	for _, i := range open {
		t := toks[i]
		if t.End-t.Start != 1 {
			return nil, nil, false
		}
		cp[t.Start] = ' '
		blanked = append(blanked, t.Start)
	}
	relexed, _, _ = Lex(cp)
	return relexed, blanked, true
}

// dropErrorsNearBlanked removes the parser's own errors on the logical lines of blanked
// openers: those lines are broken by the blanking and the lexer has reported them. It sorts errs
// by start and sweeps them against the (sorted) lines in linear time.
func dropErrorsNearBlanked(errs []Error, toks []Token, blanked []Offset) []Error {
	if len(blanked) == 0 || len(errs) == 0 {
		return errs
	}
	sort.SliceStable(errs, func(i, j int) bool { return errs[i].Start < errs[j].Start })
	// Each blanked opener's logical line runs to the first Newline after it; merge overlaps.
	type span struct{ start, end Offset }
	var spans []span
	j := 0
	for _, b := range blanked {
		for j < len(toks)-1 && (toks[j].Start < b || toks[j].Kind != Newline) {
			j++
		}
		end := toks[j].End
		if n := len(spans); n > 0 && b <= spans[n-1].end {
			spans[n-1].end = max(spans[n-1].end, end)
			continue
		}
		spans = append(spans, span{b, end})
	}
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
