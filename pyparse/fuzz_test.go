package pyparse_test

// This file defines the fuzz targets: FuzzParse (no panic, invariants hold, the JSON dump is
// well-formed) and FuzzRoundTripLineIndex.

import (
	"os"
	"path/filepath"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

// fuzzSeeds returns the golden inputs and, when python3 is present, 50 files spread over the
// stdlib corpus.
func fuzzSeeds(f *testing.F) [][]byte {
	var seeds [][]byte
	paths, _ := filepath.Glob(filepath.Join("testdata", "*", "*.py"))
	if _, err := stdlibDir(); err == nil {
		_, files := stdlibFiles(f)
		paths = append(paths, everyNth(files, max(len(files)/50, 1))...)
	}
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		if len(src) <= 64<<10 { // big seeds only slow the mutator down
			seeds = append(seeds, src)
		}
	}
	return seeds
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds(f) {
		f.Add(s)
	}
	for _, s := range []string{"", "\n", "\\", "(", "f'{", "if x:\n\tpass\n  pass", "\xef\xbb\xbf# coding: latin-1\nx = '\xe9'\n", "x = 1\r\ry\r\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		file, err := pyparse.Parse(src)
		if err != nil {
			return // NUL bytes or too large: rejected before lexing
		}
		if err := pyparse.CheckInvariants(file); err != nil {
			t.Fatalf("%v\nsource: %q", err, src)
		}
		doc, err := astjson.Append(nil, "fuzz.py", file, nil)
		if err != nil {
			t.Fatal(err)
		}
		if d, err := astjson.Compare(doc, doc); err != nil || d != nil {
			t.Fatalf("JSON dump is not a well-formed document: %v %v\n%s", d, err, doc)
		}
	})
}

func FuzzRoundTripLineIndex(f *testing.F) {
	for _, s := range []string{"", "a", "a\nb", "a\r\nb\rc\n", "é\n😀x\r\n\xff\xfe", "\n\n\r\r\n", "tab\there"} {
		f.Add([]byte(s), uint16(1))
	}
	f.Fuzz(func(t *testing.T, src []byte, at uint16) {
		x := pyparse.NewLineIndex(src)
		breaks := 0
		for i := 0; i < len(src); i++ {
			if src[i] == '\n' || (src[i] == '\r' && (i+1 == len(src) || src[i+1] != '\n')) {
				breaks++
			}
		}
		if x.LineCount() != breaks+1 {
			t.Fatalf("LineCount() = %d, want %d line breaks + 1", x.LineCount(), breaks)
		}
		o := pyparse.Offset(int(at) % (len(src) + 1))
		line, col := x.LineCol(o)
		start, end := x.LineStart(line), x.LineEnd(line)
		if start+pyparse.Offset(col) != o || o < start || line < 1 || line > x.LineCount() {
			t.Fatalf("LineCol(%d) = %d:%d but line %d starts at %d", o, line, col, line, start)
		}
		if o > end {
			return // inside a line break: no column addresses it
		}
		if got := x.Offset(line, col); got != o {
			t.Fatalf("Offset(LineCol(%d) = %d:%d) = %d", o, line, col, got)
		}
		// Walk the line as the index decodes it; o must be a character boundary for the
		// UTF-16 and rune columns to name it exactly.
		units, runes := 0, 0
		for p := start; p < o; {
			r, size := utf8.DecodeRune(src[p:end])
			if w := utf16.RuneLen(r); w > 0 {
				units += w
			} else {
				units++
			}
			runes++
			p += pyparse.Offset(size)
			if p > o {
				return // o splits a multi-byte character
			}
		}
		if l, c := x.LineColUTF16(o); l != line || c != units {
			t.Fatalf("LineColUTF16(%d) = %d:%d, want %d:%d", o, l, c, line, units)
		}
		if l, c := x.LineColRune(o); l != line || c != runes {
			t.Fatalf("LineColRune(%d) = %d:%d, want %d:%d", o, l, c, line, runes)
		}
		if got := x.OffsetUTF16(line, units); got != o {
			t.Fatalf("OffsetUTF16(%d, %d) = %d, want %d", line, units, got, o)
		}
	})
}
