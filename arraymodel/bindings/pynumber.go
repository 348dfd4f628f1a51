package bindings

import (
	"regexp"
	"strconv"
	"strings"
)

// This file defines Python's int() and float() of a str, which both argparse's type= and a
// program's own int(text) apply to the text of a size.

// decimal is what int() parses: an optional sign and digits, single underscores between them.
var decimal = regexp.MustCompile(`^[+-]?[0-9]+(_[0-9]+)*$`)

// PyInt is int(s) of a str: surrounding whitespace allowed; false for text Python rejects or an
// int beyond int64.
func PyInt(s string) (int64, bool) {
	t := strings.TrimSpace(s)
	if !decimal.MatchString(t) {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.ReplaceAll(t, "_", ""), 10, 64)
	return n, err == nil
}

// PyFloat is float(s) of a str: surrounding whitespace allowed; false for text Python rejects
// (Go's parser also reads hexadecimal floats and underscores, which float() does not).
func PyFloat(s string) (float64, bool) {
	t := strings.TrimSpace(s)
	if strings.ContainsAny(t, "_xXpP") {
		return 0, false
	}
	x, err := strconv.ParseFloat(t, 64)
	return x, err == nil
}
