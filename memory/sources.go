package memory

import (
	"fmt"

	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/pyparse"
)

// This file names where the values in a report's symbols come from, and renders the name.

// The sources of a Symbol (bindings' names, one place).
const (
	// SourceAssume is a value given with --assume (or an editor's setting).
	SourceAssume = bindings.Assume
	// SourceConfig is a value of [tool.arraylint.memory.assume].
	SourceConfig = bindings.Config
	// SourceComment is a value of an `# arraylint: assume` comment.
	SourceComment = bindings.Comment
	// SourceArgparseDefault is the default of an argparse option read as `args.x`.
	SourceArgparseDefault = bindings.ArgparseDefault
	// SourceParameterDefault is the default of a parameter of a function estimated on its own.
	SourceParameterDefault = bindings.ParameterDefault
	// SourceConstant is a module constant read by a function estimated on its own, or a constant
	// imported from a module of the project.
	SourceConstant = bindings.Constant
	// SourceCallSite is the constant that the only call of a function estimated on its own passes.
	SourceCallSite = bindings.CallSite
	// SourceConvention is an array-module parameter taken by its name (`def run(np, n)`).
	SourceConvention = bindings.Convention
	// SourceParameter is a free symbol: a parameter of a function estimated on its own that its
	// sizes depend on (Value is nil; see Scale).
	SourceParameter = "parameter"
)

// sourcePhrases render each source for people ("argparse default, line 17").
var sourcePhrases = map[string]string{
	SourceAssume:           "assumed",
	SourceConfig:           "assumed in config",
	SourceComment:          "assume comment",
	SourceArgparseDefault:  "argparse default",
	SourceParameterDefault: "parameter default",
	SourceConstant:         "module constant",
	SourceCallSite:         "call site",
	SourceConvention:       "convention",
	SourceParameter:        "parameter",
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

// assumeOrigin says which layer of the assumptions gave name its value: Options.AssumeOrigins
// (set by Resolve and Estimate), or the command line.
func (s *sim) assumeOrigin(name string) bindings.Origin {
	if o, ok := s.opts.AssumeOrigins[name]; ok {
		return o
	}
	return bindings.Origin{Source: SourceAssume}
}

// useAssumed lists an assumed value of name (an int64, or a Python expression's text) among the
// report's symbols, once, with the layer that gave it.
func (s *sim) useAssumed(name string, v any) {
	o := s.assumeOrigin(name)
	_, isExpr := v.(string)
	s.addSymbol(Symbol{Name: name, Value: v, Source: o.Source, Line: o.Line, expr: isExpr})
}

// addSymbol lists sym among the report's symbols unless one of that name and source is listed.
func (s *sim) addSymbol(sym Symbol) {
	for _, old := range s.symbols {
		if old.Name == sym.Name && old.Source == sym.Source {
			return
		}
	}
	s.symbols = append(s.symbols, sym)
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
			out[k] = bindings.Origin{Source: SourceAssume}
		default:
			out[k] = commented[k]
		}
	}
	return out
}
