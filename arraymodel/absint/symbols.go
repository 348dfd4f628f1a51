package absint

import (
	"fmt"

	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the values a run takes from outside the program's own assignments —
// assumptions, argparse defaults, array modules taken by convention — and how it reads
// command-line options: `args = parser.parse_args()`
// is a namespace whose attributes are the options' argparse defaults, the values a run without
// arguments uses. Each default the simulation reads is listed in the report's symbols.

// Symbol is a value the run took from outside the program's own assignments.
type Symbol struct {
	Name string `json:"name"`
	// Value is the value used: a number, string, bool or null.
	Value any `json:"value"`
	// Source is where it came from (sources.go): "argparse-default", "assume", "config",
	// "comment", "parameter-default", "constant", "call-site", "convention", or "parameter" for
	// a free symbol.
	Source string `json:"source"`
	// Line is where the value is given (the add_argument call, the comment, the call; 0 for a
	// value from the command line or the configuration).
	Line int `json:"line"`
	// Expr is set when Value is Python source shown as written (a module, a dtype), not a str.
	Expr bool `json:"-"`
}

// argparse returns the values of the file's argparse options, found once per file: their
// defaults (bindings.Argparse), or, when the run is given the program's command line
// (Config.Argv) and the file declares options, what that command line sets over them.
func (s *Interp) argparse() map[string]bindings.Binding {
	if !s.fs.argsDone {
		s.fs.args, s.fs.argsDone = bindings.Argparse(s.file.Module), true
		if s.cfg.Argv != nil && bindings.DeclaresOptions(s.file.Module) {
			args, err := bindings.ParseCommandLine(s.file.Module, s.cfg.Argv)
			s.shared.argvRead = true
			if err != nil && s.shared.argvErr == nil {
				s.shared.argvErr = s.commandLineError(err)
			}
			if err == nil {
				s.fs.args = args
			}
		}
	}
	return s.fs.args
}

// commandLineError places a command-line error at the declaration it concerns.
func (s *Interp) commandLineError(err error) error {
	where := "line %d: "
	if run := s.shared.project; run != nil {
		if m := run.byFile[s.file]; m != nil && m != run.home && m.rel != "" {
			where = m.rel + ":%d: " // a module of the project parses it
		}
	}
	if ce, ok := err.(*bindings.CommandLineError); ok && ce.Node != nil {
		return fmt.Errorf(where+"%s", s.lineOf(ce.Node), ce.Msg)
	}
	return err
}

// CommandLine reports, after the runs that share sh, whether one of them read the program's
// command line (Config.Argv: a file that declares argparse options), and the first error its
// parser would give.
func (sh *Shared) CommandLine() (read bool, err error) { return sh.argvRead, sh.argvErr }

// newNamespace is what parse_args() returns in the current file: its options' values (argparse)
// and the lines of their declarations.
func (s *Interp) newNamespace() vNamespace {
	opts := s.argparse()
	lines := make(map[string]int, len(opts))
	for name, b := range opts {
		if b.Node != nil {
			lines[name] = s.lineOf(b.Node)
		}
	}
	return vNamespace{set: &nsAttrs{opts: opts, lines: lines}}
}

// namespaceAttr is args.name on a parse_args() namespace ns: the option's value (its default,
// or what the command line gives it), or unknown.
func (s *Interp) namespaceAttr(name string, ns *nsAttrs) value {
	if v, ok := s.assumedValue(name); ok {
		return v // --assume size=40000 overrides the default of args.size
	}
	if ns == nil {
		return vUnknown{}
	}
	b, ok := ns.opts[name]
	if !ok || b.Unknown {
		return vUnknown{} // (Unknown: a list the command line gives, not one value a size can take)
	}
	s.useSymbol(b, ns.lines[name])
	return formed(constOf(b.Value), name)
}

// assumed returns the user's assumed value of name and lists it among the symbols.
func (s *Interp) assumed(name string) (int64, bool) {
	n, ok := s.cfg.Assume[name]
	if ok {
		s.useAssumed(name, n)
	}
	return n, ok
}

// assumedValue returns the user's assumed value of name — an integer, or a Python expression
// (`--assume D=numpy.float32`) evaluated here — and lists it among the symbols.
func (s *Interp) assumedValue(name string) (value, bool) {
	if n, ok := s.assumed(name); ok {
		return formed(knownInt(n), name), true
	}
	src, ok := s.cfg.AssumeExprs[name]
	if !ok {
		return nil, false
	}
	// Parsed once per simulation: names are read on hot paths (every iteration of a loop).
	expr, parsed := s.assumeExprs[name]
	if !parsed {
		expr, _ = bindings.ParseValueExpr(src)
		if s.assumeExprs == nil {
			s.assumeExprs = map[string]ast.Expr{}
		}
		s.assumeExprs[name] = expr
	}
	if expr == nil {
		return nil, false
	}
	s.useAssumed(name, src)
	// A dotted name of an array library (numpy.float32, cupy) needs no import in the file.
	if qual := ast.DottedName(expr); qual != "" {
		if backend, api, ok := imports.Classify(qual); ok {
			return s.refValue(imports.Ref{Qual: qual, API: api, Backend: backend}), true
		}
	}
	if _, ok := expr.(*ast.Name); ok {
		return nil, false // a bare name would look itself up again
	}
	if v, ok := s.assumedVals[name]; ok {
		incref(v) // made once: every read is the same object, as a global's or an argument's
		return v, true
	}
	if !parsed {
		s.adoptAssumed(expr, src)
	}
	v := s.eval(expr)
	if s.assumedVals == nil {
		s.assumedVals = map[string]value{}
	}
	incref(v)
	s.assumedVals[name] = v
	if _, ok := v.(vUnknown); ok {
		// --assume price=np.empty(524288) is an array; what the run cannot evaluate is listed
		// under its own text, not taken as no array
		s.addUnknownAt(s.site(), src, "the value assumed for `"+name+"` is not modelled", nil, "")
	}
	return v, true
}

// adoptAssumed makes an assumed expression, parsed apart from the file, readable as the file's own
// code: its names resolve in the module's imports (lookup), and its text and lines are the
// assumption's (Interp.apart).
func (s *Interp) adoptAssumed(expr ast.Expr, src string) {
	if s.apart == nil {
		s.apart = map[ast.Node][]byte{}
	}
	text := []byte("_ = " + src + "\n") // what bindings.ParseValueExpr parsed
	ast.Inspect(expr, func(n ast.Node) bool {
		s.apart[n] = text
		return true
	})
}

// useSymbol lists b among the report's symbols, once.
func (s *Interp) useSymbol(b bindings.Binding, line int) {
	for _, sym := range s.symbols {
		if sym.Name == b.Name && sym.Source == b.Source {
			return
		}
	}
	s.symbols = append(s.symbols, Symbol{Name: b.Name, Value: constJSON(b.Value), Source: b.Source, Line: line})
}

// constJSON is a constant as JSON renders it.
func constJSON(v ast.ConstValue) any {
	switch v.Kind {
	case ast.ConstInt:
		if v.Big != nil {
			return v.Big.String()
		}
		return v.Int
	case ast.ConstBool:
		return v.Bool
	case ast.ConstFloat:
		return v.Float
	case ast.ConstStr:
		return v.Str
	}
	return nil
}
