package pyparse

import (
	"bytes"
	"encoding/binary"
	"sort"
	"unicode/utf16"
	"unicode/utf8"
)

// LineIndex maps byte offsets to line/column positions and back. Line breaks are "\n", "\r\n"
// and a lone "\r", as CPython's tokenizer reads them. Lines are 1-based everywhere in pyparse;
// columns are 0-based and counted in the unit the method names.
type LineIndex struct {
	src    []byte
	starts []Offset // starts[i] is the offset of line i+1
	ascii  bool     // no byte >= 0x80: every column unit equals the byte column
}

// NewLineIndex indexes the line starts of src. It keeps a reference to src.
func NewLineIndex(src []byte) *LineIndex {
	if bytes.IndexByte(src, '\r') < 0 {
		// Every line break is a '\n' (as in most sources), which the assembly of bytes.Count
		// and bytes.IndexByte finds several times faster than the loop below; counting them
		// first sizes starts exactly.
		starts := make([]Offset, 1, bytes.Count(src, []byte{'\n'})+1)
		for i := 0; ; {
			j := bytes.IndexByte(src[i:], '\n')
			if j < 0 {
				break
			}
			i += j + 1
			starts = append(starts, Offset(i))
		}
		return &LineIndex{src: src, starts: starts, ascii: isASCII(src)}
	}
	starts := make([]Offset, 1, len(src)/32+1)
	ascii := true
	for i := 0; i < len(src); i++ {
		// Eight bytes at a time while none of them is a line break or non-ASCII: most bytes
		// of a source are neither, and the byte loop alone was 2 % of check's CPU.
		for i+8 <= len(src) && plainWord(binary.LittleEndian.Uint64(src[i:])) {
			i += 8
		}
		if i >= len(src) {
			break
		}
		switch c := src[i]; {
		case c == '\n':
			starts = append(starts, Offset(i+1))
		case c == '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, Offset(i+1))
		case c >= utf8.RuneSelf:
			ascii = false
		}
	}
	return &LineIndex{src: src, starts: starts, ascii: ascii}
}

// isASCII reports whether no byte of b is 0x80 or above.
func isASCII(b []byte) bool {
	var or uint64
	i := 0
	for ; i+32 <= len(b); i += 32 {
		or |= binary.LittleEndian.Uint64(b[i:]) | binary.LittleEndian.Uint64(b[i+8:]) |
			binary.LittleEndian.Uint64(b[i+16:]) | binary.LittleEndian.Uint64(b[i+24:])
	}
	for ; i < len(b); i++ {
		or |= uint64(b[i])
	}
	return or&0x8080808080808080 == 0
}

// plainWord reports whether none of the eight bytes of w is '\n', '\r' or non-ASCII.
func plainWord(w uint64) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	if w&highs != 0 {
		return false
	}
	// a byte of x is zero exactly when the same byte of x-ones has its high bit set while x's
	// has not (x's bytes are all below 0x80 here)
	nl, cr := w^(ones*'\n'), w^(ones*'\r')
	return (nl-ones)&^nl&highs == 0 && (cr-ones)&^cr&highs == 0
}

// LineCount returns the number of lines; a file ending in a line break has an empty last line.
func (x *LineIndex) LineCount() int { return len(x.starts) }

// LineStarts returns the offset of each line's first byte, as ints for token.File.SetLines.
func (x *LineIndex) LineStarts() []int {
	out := make([]int, len(x.starts))
	for i, s := range x.starts {
		out[i] = int(s)
	}
	return out
}

// Line returns the 1-based line containing offset o (o is clamped to the source).
func (x *LineIndex) Line(o Offset) int {
	o = x.clamp(o)
	return sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > o })
}

// LineStart returns the offset of the first byte of 1-based line (clamped to existing lines).
func (x *LineIndex) LineStart(line int) Offset {
	line = min(max(line, 1), len(x.starts))
	return x.starts[line-1]
}

// LineEnd returns the offset just past the last byte of line, excluding its line break.
func (x *LineIndex) LineEnd(line int) Offset {
	line = min(max(line, 1), len(x.starts))
	end := Offset(len(x.src))
	if line < len(x.starts) {
		end = x.starts[line]
	}
	if end > x.starts[line-1] && x.src[end-1] == '\n' {
		end--
	}
	if end > x.starts[line-1] && x.src[end-1] == '\r' {
		end--
	}
	return end
}

// LineCol returns the 1-based line and 0-based UTF-8 byte column of o: CPython's
// (lineno, col_offset).
func (x *LineIndex) LineCol(o Offset) (line, col int) {
	o = x.clamp(o)
	line = x.Line(o)
	return line, int(o - x.starts[line-1])
}

// LineColUTF16 returns the 1-based line and 0-based UTF-16 code unit column of o (LSP's default).
func (x *LineIndex) LineColUTF16(o Offset) (line, col int) {
	line, col = x.LineCol(o)
	if x.ascii {
		return line, col
	}
	start := x.starts[line-1]
	n := 0
	for _, r := range string(x.src[start : int(start)+col]) {
		n += utf16.RuneLen(r)
	}
	return line, n
}

// LineColRune returns the 1-based line and 0-based code point column of o (SARIF's columns).
func (x *LineIndex) LineColRune(o Offset) (line, col int) {
	line, col = x.LineCol(o)
	if x.ascii {
		return line, col
	}
	start := x.starts[line-1]
	return line, utf8.RuneCount(x.src[start : int(start)+col])
}

// Offset returns the offset of 1-based line and 0-based byte column, clamped to the line.
func (x *LineIndex) Offset(line, col int) Offset {
	start, end := x.LineStart(line), x.LineEnd(line)
	return min(start+Offset(max(col, 0)), end)
}

// OffsetUTF16 returns the offset of 1-based line and 0-based UTF-16 column, clamped to the line.
// A column inside a surrogate pair maps to the start of that character.
func (x *LineIndex) OffsetUTF16(line, col int) Offset {
	start, end := x.LineStart(line), x.LineEnd(line)
	if x.ascii {
		return min(start+Offset(max(col, 0)), end)
	}
	o, n := start, 0
	for o < end {
		r, size := utf8.DecodeRune(x.src[o:end])
		w := utf16.RuneLen(r)
		if w < 0 {
			w = 1
		}
		if n+w > col {
			break
		}
		n += w
		o += Offset(size)
	}
	return o
}

func (x *LineIndex) clamp(o Offset) Offset {
	return min(max(o, 0), Offset(len(x.src)))
}
