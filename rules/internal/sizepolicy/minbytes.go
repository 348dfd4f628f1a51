package sizepolicy

import "github.com/arraylint/arraylint/analyzer"

// This file declares min-bytes, the option every sized rule reads, once: its name, type and
// default are the same for all of them, and only its documentation says what the rule sizes.

// DefaultMinBytes is min-bytes' default, 1 MiB: below it an array is too small to matter.
const DefaultMinBytes = 1 << 20

// MinBytes returns a sized rule's min-bytes option, documented by doc (what the rule measures
// against it: a copy, a temporary, the drop in the peak). A size is an integer or a string
// such as "1MiB"; 0 reports every size.
func MinBytes(doc string) analyzer.TypedOption[int64] {
	return analyzer.NewOption[int64]("min-bytes", DefaultMinBytes, doc)
}

// Options returns the options of a rule that decides by this package's policy (For): its
// min-bytes, the rule's own options (more), then check-tests and scale, which mean the same in
// every such rule.
func Options(minBytes analyzer.TypedOption[int64], more ...analyzer.Option) []analyzer.Option {
	out := append([]analyzer.Option{minBytes.Option}, more...)
	return append(out, CheckTests.Option, Scale.Option)
}
