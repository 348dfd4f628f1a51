package pyparse

import (
	"testing"
	"unicode/utf8"
)

// FuzzLex checks Lex on arbitrary input: no panic, tokens ascending, non-overlapping and
// within src, EndMarker last, errors and comments within src, and every FStringStart matched
// by an FStringEnd.
func FuzzLex(f *testing.F) {
	seeds := []string{
		"", "x = 1\n", "if x:\n\ty\n  z\n", "f'{x!r:>{w}}'", `f"{x["a"]}"`, `f"{f'{1}'}"`, "f'''{\n# c\n}'''",
		"f'{x:{y:{z}}}'", "f'{{}}'", "f'}'", "f'{'", "f'{x#}'", "rf'\\{x}'", `f"\N{BULLET}{x}"`,
		"'abc", "'''abc", "b'\\xff'", "0x_1", "0o8", "1e+", "1__0", "1if x else 2", "09.5", "0777",
		"a\\\nb", "a \\ b", "\\", "(\n]", ")", "\xef\xbb\xbfx", "\xff\xfe", "x€y", "\r\n\r", "\f  x",
		"((((((((((", "async def f(): await x", "a <> b", "$?`", "\x00", "é = 1", "x: int = 1 # c\n",
		"if 1:\n  if 2:\n    pass\n  # c\n pass\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		toks, comments, errs := Lex(src)
		if len(toks) == 0 || toks[len(toks)-1].Kind != EndMarker {
			t.Fatalf("no EndMarker at the end")
		}
		prev := Offset(0)
		depth := 0
		for i, tk := range toks {
			if tk.Start < prev || tk.End < tk.Start || int(tk.End) > len(src) {
				t.Fatalf("token %d %s range %v after %d, len %d", i, tk.Kind, tk.Range, prev, len(src))
			}
			if tk.Kind >= numTokenKinds {
				t.Fatalf("token %d has kind %d", i, tk.Kind)
			}
			switch tk.Kind {
			case FStringStart:
				depth++
			case FStringEnd:
				depth--
				if depth < 0 {
					t.Fatalf("token %d: FStringEnd without FStringStart", i)
				}
			case FStringMiddle:
				if tk.End == tk.Start {
					t.Fatalf("token %d: empty FStringMiddle", i)
				}
			}
			prev = tk.End
		}
		if depth != 0 {
			t.Fatalf("%d FStringStart tokens without FStringEnd", depth)
		}
		prevC := Offset(0)
		for _, c := range comments {
			if c.Start < prevC || c.End < c.Start || int(c.End) > len(src) || src[c.Start] != '#' {
				t.Fatalf("comment %v bad", c.Range)
			}
			prevC = c.End
		}
		for _, e := range errs {
			if e.Start < 0 || e.End < e.Start || int(e.End) > len(src) || e.Msg == "" {
				t.Fatalf("error %q range %v outside source of length %d", e.Msg, e.Range, len(src))
			}
		}
		if utf8.Valid(src) {
			for _, e := range errs {
				if e.Kind == ErrKindEncoding {
					t.Fatalf("encoding error %q on valid UTF-8", e.Msg)
				}
			}
		}
		// The literal decoders accept every token the lexer makes.
		for _, tk := range toks {
			switch tk.Kind {
			case String:
				DecodeString(src, tk)
			case FStringMiddle:
				DecodeFStringMiddle(src, tk)
			case Number:
				if _, err := ParseNumber(src[tk.Start:tk.End]); err != nil && tk.Flags&FlagError == 0 {
					t.Fatalf("ParseNumber(%q): %v on a well-formed Number token", src[tk.Start:tk.End], err)
				}
			case Name:
				NormalizeName(src[tk.Start:tk.End])
			}
		}
		decodeSource(src)
	})
}
