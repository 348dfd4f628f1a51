package absint

import "github.com/arraylint/arraylint/arraymodel/bindings"

// This file defines where the values a run takes from outside the program come from
// (Symbol.Source).

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
	// SourceCommandLine is the value an argparse option takes from the program's command line
	// (Config.Argv).
	SourceCommandLine = bindings.CommandLine
	// SourceParameterDefault is the default of a parameter of a function run on its own.
	SourceParameterDefault = bindings.ParameterDefault
	// SourceConstant is a module constant read by a function run on its own, or a constant
	// imported from a module of the project.
	SourceConstant = bindings.Constant
	// SourceCallSite is the constant that the only call of a function run on its own passes.
	SourceCallSite = bindings.CallSite
	// SourceConvention is an array-module parameter taken by its name (`def run(np, n)`).
	SourceConvention = bindings.Convention
	// SourceParameter is a free symbol: a parameter of a function run on its own that its
	// sizes depend on (Value is nil).
	SourceParameter = "parameter"
)

// assumeOrigin says which layer of the assumptions gave name its value: Options.AssumeOrigins
// (set by Resolve and Estimate), or the command line.
func (s *Interp) assumeOrigin(name string) bindings.Origin {
	if o, ok := s.cfg.AssumeOrigins[name]; ok {
		return o
	}
	return bindings.Origin{Source: SourceAssume}
}

// useAssumed lists an assumed value of name (an int64, or a Python expression's text) among the
// report's symbols, once, with the layer that gave it.
func (s *Interp) useAssumed(name string, v any) {
	o := s.assumeOrigin(name)
	_, isExpr := v.(string)
	s.addSymbol(Symbol{Name: name, Value: v, Source: o.Source, Line: o.Line, Expr: isExpr})
}

// addSymbol lists sym among the report's symbols unless one of that name and source is listed.
func (s *Interp) addSymbol(sym Symbol) {
	for _, old := range s.symbols {
		if old.Name == sym.Name && old.Source == sym.Source {
			return
		}
	}
	s.symbols = append(s.symbols, sym)
}
