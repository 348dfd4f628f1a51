package pyparse

// This file defines string atoms: implicit concatenation of string, bytes and f-string
// literals, and the f-string replacement fields (JoinedStr / FormattedValue).

import (
	"bytes"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// strBuilder accumulates the parts of a JoinedStr: literal text is merged into one pending
// Constant, empty text is dropped.
type strBuilder struct {
	values  []ast.Expr
	pending []byte
	pendR   Range
	hasText bool
}

func (b *strBuilder) addText(s string, r Range) {
	if s == "" {
		return
	}
	if !b.hasText {
		b.pendR = r
		b.hasText = true
	}
	b.pendR.End = r.End
	b.pending = append(b.pending, s...)
}

func (b *strBuilder) flush(p *parser) {
	if !b.hasText {
		return
	}
	b.values = append(b.values, p.newConst(b.pendR, ast.ConstValue{Kind: ast.ConstStr, Str: string(b.pending)}))
	b.pending = b.pending[:0]
	b.hasText = false
}

func (b *strBuilder) addValue(p *parser, e ast.Expr) {
	b.flush(p)
	b.values = append(b.values, e)
}

// parseStrings parses one or more adjacent String / f-string literals into a Constant or a
// JoinedStr spanning all of them.
func (p *parser) parseStrings() ast.Expr {
	start := p.tok.Start
	if p.at(String) {
		if k := p.peek(1).Kind; k != String && k != FStringStart {
			t := p.tok
			p.next()
			return p.newConst(t.Range, p.decodeString(t))
		}
	}
	b := strBuilder{pending: p.strBuf[:0]}
	p.strBuf = nil // owned by b until the end: nested strings in f-string fields get their own
	defer func() { p.strBuf = b.pending[:0] }()
	isF, isBytes, mixed := false, false, false
	first := true
	var bytesVal []byte
	for p.at(String) || p.at(FStringStart) {
		t := p.tok
		tb := t.Kind == String && t.Flags&FlagBytes != 0
		if first {
			isBytes = tb
			first = false
		} else if tb != isBytes {
			mixed = true
		}
		if t.Kind == String {
			v := p.decodeString(t)
			if tb {
				bytesVal = append(bytesVal, v.Str...)
			} else {
				b.addText(v.Str, t.Range)
			}
			p.next()
			continue
		}
		isF = true
		p.parseFString(&b)
	}
	r := p.span(start)
	if mixed || (isF && isBytes) {
		p.literalError(r, ErrKindSyntax, "cannot mix bytes and nonbytes literals")
	}
	if isBytes {
		return p.newConst(r, ast.ConstValue{Kind: ast.ConstBytes, Str: string(bytesVal)})
	}
	if !isF {
		return p.newConst(r, ast.ConstValue{Kind: ast.ConstStr, Str: string(b.pending)})
	}
	b.flush(p)
	return &ast.JoinedStr{Range: r, Values: nonNil(b.values)}
}

// decodeString decodes a String token, recording a decoding error.
func (p *parser) decodeString(t Token) ast.ConstValue {
	s, err := DecodeString(p.src, t)
	if err != nil && t.Flags&FlagError == 0 {
		p.literalError(err.Range, err.Kind, err.Msg)
	}
	if t.Flags&FlagBytes != 0 {
		return ast.ConstValue{Kind: ast.ConstBytes, Str: s}
	}
	return ast.ConstValue{Kind: ast.ConstStr, Str: s}
}

// decodeMiddle decodes an FStringMiddle token, recording a malformed escape.
func (p *parser) decodeMiddle(t Token) string {
	s, err := DecodeFStringMiddle(p.src, t)
	if err != nil && t.Flags&FlagError == 0 {
		p.literalError(err.Range, err.Kind, err.Msg)
	}
	return s
}

// maxSpecNesting is how deep format specs may nest replacement fields within one f-string, as in
// CPython 3.12: `f"{x:{y:{z}}}"` is accepted, one level more is rejected.
const maxSpecNesting = 2

// parseFString parses FStringStart (middle | field)* FStringEnd into b.
func (p *parser) parseFString(b *strBuilder) {
	outer := p.specDepth
	p.specDepth = 0 // counted per f-string: a nested f-string starts afresh
	defer func() { p.specDepth = outer }()
	p.next()
	for {
		switch p.tok.Kind {
		case FStringMiddle:
			b.addText(p.decodeMiddle(p.tok), p.tok.Range)
			p.next()
		case LBrace:
			p.parseField(b)
			if p.failed {
				return
			}
		case FStringEnd:
			p.next()
			return
		default:
			p.errorHere("f-string: expecting '}'")
			return
		}
	}
}

// parseField parses one replacement field `{expr[=][!c][:spec]}` into b.
func (p *parser) parseField(b *strBuilder) {
	lb := p.tok
	p.next()
	first := p.pos
	if !p.enter() {
		return
	}
	defer p.leave()
	if p.at(RBrace) {
		p.errorHere("f-string: valid expression required before '}'")
		return
	}
	var e ast.Expr
	if p.at(KwYield) {
		e = p.parseYield()
	} else {
		e = p.parseStarExprs()
	}
	fv := &ast.FormattedValue{Value: e, Conversion: -1}
	debug := false
	if p.at(Equal) {
		debug = true
		p.next()
		b.addText(p.debugText(lb.End, first), Range{Start: lb.End, End: p.tok.Start})
	}
	if p.at(Exclamation) {
		bang := p.tok
		p.next()
		if !p.at(Name) || p.tok.Start != bang.End {
			p.errorHere("f-string: missing conversion character")
			return
		}
		switch string(p.text(p.tok.Range)) {
		case "s":
			fv.Conversion = 's'
		case "r":
			fv.Conversion = 'r'
		case "a":
			fv.Conversion = 'a'
		default:
			p.errorHere("f-string: invalid conversion character: expected 's', 'r', or 'a'")
			return
		}
		p.next()
	}
	if p.at(Colon) {
		sstart := p.tok.Start
		p.next()
		p.specDepth++
		defer func() { p.specDepth-- }()
		var sb strBuilder
		for !p.at(RBrace) {
			switch p.tok.Kind {
			case FStringMiddle:
				sb.addText(p.decodeMiddle(p.tok), p.tok.Range)
				p.next()
			case LBrace:
				if p.specDepth > maxSpecNesting {
					p.errorHere("f-string: expressions nested too deeply")
					return
				}
				p.parseField(&sb)
				if p.failed {
					return
				}
			default:
				p.errorHere("f-string: expecting '}'")
				return
			}
		}
		sb.flush(p)
		fv.FormatSpec = &ast.JoinedStr{Range: p.span(sstart), Values: nonNil(sb.values)}
	}
	if debug && fv.Conversion == -1 && fv.FormatSpec == nil {
		fv.Conversion = 'r'
	}
	p.expect(RBrace, "f-string: expecting '}'")
	fv.Range = p.span(lb.Start)
	b.addValue(p, fv)
}

// debugText returns the source of a self-documenting field from start (after its '{') up to the
// current token (after its '='), without comments, as CPython 3.12 renders it. first is the
// index of the field's first token.
func (p *parser) debugText(start Offset, first int) string {
	text := p.src[start:p.tok.Start]
	if bytes.IndexByte(text, '#') < 0 {
		return string(text)
	}
	var out []byte
	pos := start
	for i := first; i <= p.pos; i++ {
		t := p.toks[i]
		gap := p.src[pos:t.Start] // whitespace and comments between tokens
		for len(gap) > 0 {
			if gap[0] == '#' {
				for len(gap) > 0 && gap[0] != '\n' && gap[0] != '\r' {
					gap = gap[1:]
				}
				continue
			}
			out = append(out, gap[0])
			gap = gap[1:]
		}
		if i == p.pos {
			break
		}
		out = append(out, p.src[t.Start:t.End]...)
		pos = t.End
	}
	return string(out)
}
