package arrays

import "github.com/arraylint/arraylint/arraymodel/npapi"

// Commas renders n with thousands separators, e.g. 40000000 → "40,000,000" (npapi.Commas).
func Commas(n int64) string { return npapi.Commas(n) }

// Bytes renders a byte count for messages: "40,000,000 bytes" (npapi.Bytes).
func Bytes(n int64) string { return npapi.Bytes(n) }
