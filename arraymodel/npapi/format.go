package npapi

import (
	"strconv"
)

// Commas renders n with thousands separators, e.g. 40000000 → "40,000,000".
func Commas(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	if neg {
		return "-" + string(out)
	}
	return string(out)
}

// Bytes renders a byte count for messages: "40,000,000 bytes".
func Bytes(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	return Commas(n) + " bytes"
}
