package pyparse

import (
	"strings"
	"testing"
)

// TestBadDedentIsOneError: a dedent to a column between two levels is one error; the lines after
// it, indented as before, are not each reported again.
func TestBadDedentIsOneError(t *testing.T) {
	var b strings.Builder
	b.WriteString("class A:\n    def f(self):\n        pass\n def g(self):\n        pass\n")
	for i := range 300 {
		b.WriteString("    def h" + strings.Repeat("x", i%7) + "(self):\n        return 1\n")
	}
	f, err := Parse([]byte(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Errors) != 1 || f.Errors[0].Msg != "unindent does not match any outer indentation level" {
		t.Errorf("got %d errors: %v", len(f.Errors), f.Errors[:min(len(f.Errors), 3)])
	}
}

func TestWideEncodings(t *testing.T) {
	for src, want := range map[string]string{
		"\xff\xfex\x00 \x00=\x00 \x001\x00":                            "UTF-16LE, byte order mark FF FE",
		"\xfe\xff\x00x\x00 \x00=":                                      "UTF-16BE, byte order mark FE FF",
		"\xff\xfe\x00\x00x\x00\x00\x00":                                "UTF-32LE",
		"i\x00m\x00p\x00o\x00r\x00t\x00 \x00n\x00u\x00m\x00p\x00y\x00": "UTF-16LE, no byte order mark",
	} {
		_, err := Parse([]byte(src))
		if err == nil || !strings.Contains(err.Error(), "UTF-16 or UTF-32") || !strings.Contains(err.Error(), want) {
			t.Errorf("Parse(%q) = %v, want a UTF-16/32 error naming %q", src, err, want)
		}
	}
	if _, err := Parse([]byte("x = '\x00'\n")); err == nil || !strings.Contains(err.Error(), "NUL byte") {
		t.Errorf("a NUL byte in UTF-8 text: got %v", err)
	}
}
