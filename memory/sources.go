package memory

import (
	"fmt"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/pyparse"
)

// This file names where the values in a report's symbols come from, and renders the name.

// sourcePhrases render each source for people ("argparse default, line 17").
var sourcePhrases = map[string]string{
	absint.SourceAssume:           "assumed",
	absint.SourceConfig:           "assumed in config",
	absint.SourceComment:          "assume comment",
	absint.SourceArgparseDefault:  "argparse default",
	absint.SourceCommandLine:      "command line",
	absint.SourceParameterDefault: "parameter default",
	absint.SourceConstant:         "module constant",
	absint.SourceCallSite:         "call site",
	absint.SourceConvention:       "convention",
	absint.SourceParameter:        "parameter",
}

// sourcePhrase renders a source, with its line when withLine and known.
func sourcePhrase(source string, line int, withLine bool) string {
	where, ok := sourcePhrases[source]
	if !ok {
		where = source
	}
	if withLine && line > 0 {
		where += fmt.Sprintf(", line %d", line)
	}
	return where
}

// assumeOrigins says where each of merged's values comes from after Estimate merged the file's
// assume comments (f) under the caller's assumptions (given, with the caller's origins): the
// caller's origin, else the command line for a name the caller gave, else the comment.
func assumeOrigins(f *pyparse.File, given map[string]int64, origins map[string]bindings.Origin, merged map[string]int64) map[string]bindings.Origin {
	commented := bindings.CommentOrigins(f)
	out := make(map[string]bindings.Origin, len(merged))
	for k := range merged {
		_, byCaller := given[k]
		switch o, known := origins[k]; {
		case known && byCaller:
			out[k] = o
		case byCaller:
			out[k] = bindings.Origin{Source: absint.SourceAssume}
		default:
			out[k] = commented[k]
		}
	}
	return out
}
