package absint

import "bytes"

// importsMention reports whether one of words occurs in the text of an import statement of
// src: the logical line around each `import` keyword, from the start of its first physical line
// (backslash continuations followed back) to its end (an open parenthesis followed to its
// close, backslash continuations followed on). It reads text, not tokens: an `import` in a
// string or comment only makes it look at more text, so it never misses an import that names
// a word, and it is a prefilter for the parse that decides.
func importsMention(src []byte, words [][]byte) bool {
	kw := []byte("import")
	for off := 0; ; {
		i := bytes.Index(src[off:], kw)
		if i < 0 {
			return false
		}
		i += off
		off = i + len(kw)
		if i > 0 && isIdentByte(src[i-1]) || off < len(src) && isIdentByte(src[off]) {
			continue
		}
		text := src[logicalStart(src, i):logicalEnd(src, off)]
		for _, w := range words {
			if bytes.Contains(text, w) {
				return true
			}
		}
	}
}

func isIdentByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// logicalStart returns the start of the physical line holding offset i, moved back over the
// lines that end in a backslash continuation.
func logicalStart(src []byte, i int) int {
	start := bytes.LastIndexByte(src[:i], '\n') + 1
	for start > 0 {
		prev := bytes.TrimRight(src[:start-1], "\r")
		if len(prev) == 0 || prev[len(prev)-1] != '\\' {
			break
		}
		start = bytes.LastIndexByte(prev, '\n') + 1
	}
	return start
}

// logicalEnd returns the end of the logical line that goes on at offset i: past every line
// ended by a backslash or inside an open parenthesis.
func logicalEnd(src []byte, i int) int {
	depth := 0
	for ; i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			if depth > 0 {
				depth--
			}
		case '\\':
			i++ // the escaped byte, a newline included
		case '\n':
			if depth == 0 {
				return i
			}
		}
	}
	return len(src)
}
