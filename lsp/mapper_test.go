package lsp

import (
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/arraylint/arraylint/lsp/protocol"
	"github.com/arraylint/arraylint/pyparse"
)

// utf16Col counts the UTF-16 code units of s, independently of the mapper.
func utf16Col(s string) uint32 { return uint32(len(utf16.Encode([]rune(s)))) }

func TestMapperPositions(t *testing.T) {
	src := "a = 1\r\nñ = \"😀\" + x\rlast é\nend"
	tests := []struct {
		sub       string // the offset of the first occurrence of sub
		enc       protocol.PositionEncodingKind
		line, col uint32
	}{
		{"a =", protocol.UTF16, 0, 0},
		{"ñ", protocol.UTF16, 1, 0},
		{"= \"😀", protocol.UTF16, 1, 2},
		{"😀", protocol.UTF16, 1, 5},
		{"\" + x", protocol.UTF16, 1, 7}, // the emoji is two UTF-16 units
		{"x\r", protocol.UTF16, 1, 11},
		{"last", protocol.UTF16, 2, 0}, // a lone \r ends line 2
		{"é", protocol.UTF16, 2, 5},
		{"end", protocol.UTF16, 3, 0},
		{"= \"😀", protocol.UTF8, 1, 3}, // ñ is two bytes
		{"\" + x", protocol.UTF8, 1, 10},
		{"x\r", protocol.UTF8, 1, 14},
	}
	for _, tt := range tests {
		m := NewMapper([]byte(src), tt.enc)
		off := pyparse.Offset(indexOf(t, src, tt.sub))
		got := m.Position(off)
		if got != (protocol.Position{Line: tt.line, Character: tt.col}) {
			t.Errorf("%s Position(%q) = %d:%d, want %d:%d", tt.enc, tt.sub, got.Line, got.Character, tt.line, tt.col)
		}
		back, err := m.Offset(got)
		if err != nil || back != off {
			t.Errorf("%s Offset(%d:%d) = %d, %v; want %d", tt.enc, got.Line, got.Character, back, err, off)
		}
	}
}

// TestMapperRoundTrip checks that every rune boundary maps to a position and back to itself, and
// that the UTF-16 column equals an independent count of the line's prefix.
func TestMapperRoundTrip(t *testing.T) {
	srcs := []string{
		"",
		"x",
		"ascii only\nsecond\n",
		"héllo wörld\r\n😀😀 = 1\r\rlone\r\n",
		"日本語のテキスト\n\t🧪 = np.zeros((10, 10))  # 🎉\n",
		"\r\n\r\n\n\r",
		"bad \xff utf8 \xe2\x82 end\n",
	}
	for _, src := range srcs {
		for _, enc := range []protocol.PositionEncodingKind{protocol.UTF16, protocol.UTF8} {
			m := NewMapper([]byte(src), enc)
			for off := 0; off <= len(src); off++ {
				if off < len(src) && !utf8.RuneStart(src[off]) {
					continue
				}
				p := m.Position(pyparse.Offset(off))
				got, err := m.Offset(p)
				if err != nil {
					t.Fatalf("%s %q: Offset(%v) error: %v", enc, src, p, err)
				}
				if int(got) != off && !insideLineBreak(src, off) {
					t.Errorf("%s %q: offset %d -> %d:%d -> %d", enc, src, off, p.Line, p.Character, got)
				}
				if enc == protocol.UTF16 && !insideLineBreak(src, off) {
					start := lineStart(src, off)
					if want := utf16Col(string([]rune(src[start:off]))); p.Character != want && utf8.ValidString(src[start:off]) {
						t.Errorf("%q: offset %d has UTF-16 column %d, want %d", src, off, p.Character, want)
					}
				}
			}
		}
	}
}

func TestMapperClampAndErrors(t *testing.T) {
	m := NewMapper([]byte("ab😀\ncd"), protocol.UTF16)
	tests := []struct {
		p    protocol.Position
		want pyparse.Offset
		err  bool
	}{
		{protocol.Position{Line: 0, Character: 99}, 6, false}, // past the end of the line
		{protocol.Position{Line: 0, Character: 3}, 2, false},  // inside the surrogate pair
		{protocol.Position{Line: 0, Character: 4}, 6, false},
		{protocol.Position{Line: 1, Character: 2}, 9, false},
		{protocol.Position{Line: 2, Character: 0}, 9, false}, // just past the last line: end
		{protocol.Position{Line: 2, Character: 1}, 0, true},
		{protocol.Position{Line: 7, Character: 0}, 0, true},
	}
	for _, tt := range tests {
		got, err := m.Offset(tt.p)
		if (err != nil) != tt.err || (!tt.err && got != tt.want) {
			t.Errorf("Offset(%d:%d) = %d, %v; want %d, error %v", tt.p.Line, tt.p.Character, got, err, tt.want, tt.err)
		}
	}
	if _, err := m.OffsetRange(protocol.Range{Start: protocol.Position{Line: 1}, End: protocol.Position{Line: 0}}); err == nil {
		t.Error("OffsetRange with end before start: no error")
	}
}

// insideLineBreak reports whether off falls between the \r and \n of a \r\n pair.
func insideLineBreak(src string, off int) bool {
	return off > 0 && off < len(src) && src[off-1] == '\r' && src[off] == '\n'
}

func lineStart(src string, off int) int {
	for i := off - 1; i >= 0; i-- {
		if src[i] == '\n' || src[i] == '\r' {
			return i + 1
		}
	}
	return 0
}

func indexOf(t *testing.T, s, sub string) int {
	t.Helper()
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	t.Fatalf("%q not in %q", sub, s)
	return -1
}
