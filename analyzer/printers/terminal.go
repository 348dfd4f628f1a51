package printers

// This file defines how the terminal formats (text, concise) show text taken from the source or
// the file system: source lines, messages quoting source, paths.

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// visible returns s with everything a terminal would act on instead of showing written as an
// escape: C0 controls but the tab (ESC, BEL, NUL, backspace, form feed, …), DEL, C1 controls
// (U+0080–U+009F; CSI among them), bytes that are not UTF-8 (a lone 0x9B is CSI to an 8-bit
// terminal), and the bidirectional overrides and isolates that reorder what follows them.
// `x = "\x1b]0;title\x07"` in a string literal would otherwise retitle the user's window, and
// `\x1b[2J` clear it. Controls are shown as \xNN, code points as \uNNNN. A string that needs
// nothing is returned as it is.
func visible(s string) string {
	i := 0
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if needsEscape(r, n) {
			break
		}
		i += n
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case needsEscape(r, n) && r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case needsEscape(r, n):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// needsEscape reports whether the rune r, n bytes long in its string, must not reach a terminal
// as it is.
func needsEscape(r rune, n int) bool {
	switch {
	case r == utf8.RuneError && n <= 1:
		return true // not UTF-8
	case r == '\t':
		return false // expanded to spaces where it matters
	case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f:
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true // bidirectional embeddings, overrides and isolates
	}
	return false
}
