package driver

// This file keeps a file's line-ending convention in the text that fixes insert.

import (
	"bytes"
	"strings"
)

// lineEnding returns the line break the file's first line ends with: "\r\n", "\r" or "\n" (also
// for a file of one line).
func lineEnding(src []byte) string {
	i := bytes.IndexAny(src, "\r\n")
	switch {
	case i < 0 || src[i] == '\n':
		return "\n"
	case i+1 < len(src) && src[i+1] == '\n':
		return "\r\n"
	}
	return "\r"
}

// withLineEnding rewrites every line break of text ("\r\n", "\r" or "\n") as eol, so a fix that
// inserts lines into a CRLF or CR file does not mix line endings.
func withLineEnding(text, eol string) string {
	if !strings.ContainsAny(text, "\r\n") {
		return text
	}
	if eol == "\n" && !strings.Contains(text, "\r") {
		return text
	}
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	if eol != "\n" {
		text = strings.ReplaceAll(text, "\n", eol)
	}
	return text
}
