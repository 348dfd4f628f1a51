package arrays

import (
	"bytes"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file tells whether an array's size comes from the problem size the program is run with:
// a command-line option the file declares, reached from the array's symbols through the calls
// that hand them on (harness calls included), arithmetic on them (`N * 1000`) and the lists built
// from them (`[n * 1000 for n in args.N]`). Scale auto counts an array of unknown size as large
// in code written for scale only then: on held-out code, sizes that reach no such option were
// mostly small by their domain (one value per angle, level or token) or set small by callers the
// file does not show (bench/heldout13/REVIEW.md).

// FromOption reports whether some symbol of a's size, for an array at node n, reaches a
// command-line option of the file.
func (info *Info) FromOption(n ast.Node, a *Array) bool {
	if a == nil || info.mod == nil || !info.readsCommandLine() {
		return false
	}
	def := info.enclosingDef(n)
	for _, d := range a.Shape {
		p := d.Sym
		if d.Known {
			p = d.Form
		}
		if p == nil {
			continue
		}
		for _, s := range p.Symbols() {
			if info.symbolFromOption(def, s, 0) {
				return true
			}
		}
	}
	return false
}

// symbolFromOption reports whether name, read in def (nil: the module), reaches an option.
func (info *Info) symbolFromOption(def *ast.FunctionDef, name string, hops int) bool {
	if hops > maxSourceHops {
		return false
	}
	if ns, attr, dotted := strings.Cut(name, "."); dotted && !strings.Contains(attr, ".") && info.parsedArgs(def, ns) {
		_, _, ok := info.option(attr)
		return ok
	}
	if def == nil {
		return info.moduleNameFromOption(def, name, hops)
	}
	if !imports.HasArg(def.Args, name) {
		if info.moduleNameFromOption(def, name, hops) {
			return true
		}
		// a symbol of a caller's scope, on an array the caller passed in (step(u) with u of
		// run's (n, n))
		if s := info.imp.Scopes[def]; s != nil && len(s.Bindings[name]) > 0 {
			return false
		}
		ins, ok := info.shared.Calls(info.mod).Callers(info.mod, def)
		if !ok {
			return false
		}
		for _, in := range ins {
			if caller, ok := in.(*ast.FunctionDef); ok && caller != def && info.symbolFromOption(caller, name, hops+1) {
				return true
			}
		}
		return false
	}
	calls, ok := info.shared.Calls(info.mod).All(info.mod, def)
	if !ok {
		return false
	}
	ins, _ := info.shared.Calls(info.mod).Callers(info.mod, def)
	for i, c := range calls {
		arg := absint.ArgFor(def, c, name)
		if arg == nil {
			continue
		}
		var caller *ast.FunctionDef
		if i < len(ins) {
			caller, _ = ins[i].(*ast.FunctionDef)
		}
		if info.exprFromOption(caller, arg, hops+1) {
			return true
		}
	}
	return false
}

// moduleNameFromOption reports whether a name bound once in def's scope (the module's when def
// is nil, or when def does not bind it) is bound to an expression that reaches an option.
func (info *Info) moduleNameFromOption(def *ast.FunctionDef, name string, hops int) bool {
	asg, def, ok := info.onlyAssign(def, name)
	if !ok {
		return false
	}
	if _, ok := asg.Targets[0].(*ast.Name); !ok {
		return false
	}
	return info.exprFromOption(def, asg.Value, hops+1)
}

// exprFromOption reports whether an expression read in def reaches an option: an attribute of
// a parsed command line, a name that does, arithmetic or a comprehension over them, int() of one.
func (info *Info) exprFromOption(def *ast.FunctionDef, e ast.Expr, hops int) bool {
	if hops > maxSourceHops {
		return false
	}
	switch e := e.(type) {
	case *ast.Attribute:
		if _, _, ok := info.option(e.Attr); ok {
			switch v := e.Value.(type) {
			case *ast.Name:
				if v.ID != "self" {
					return true // args.N, as the messages describe it (parse_with_harness(parser) too)
				}
			case *ast.Call:
				if at, ok := v.Func.(*ast.Attribute); ok && (at.Attr == "parse_args" || at.Attr == "parse_known_args") {
					return true // parser.parse_args().n
				}
			}
		}
		if t := absint.ExprText(e); t != "" {
			return info.symbolFromOption(def, t, hops)
		}
	case *ast.Name:
		return info.symbolFromOption(def, e.ID, hops)
	case *ast.BinOp:
		return info.exprFromOption(def, e.Left, hops) || info.exprFromOption(def, e.Right, hops)
	case *ast.UnaryOp:
		return info.exprFromOption(def, e.Operand, hops)
	case *ast.IfExp:
		// n = args.n if args.n is not None else n0
		return info.exprFromOption(def, e.Body, hops) || info.exprFromOption(def, e.Orelse, hops)
	case *ast.BoolOp:
		for _, v := range e.Values {
			if info.exprFromOption(def, v, hops) {
				return true
			}
		}
	case *ast.ListComp:
		for _, g := range e.Generators {
			if info.exprFromOption(def, g.Iter, hops) {
				return true
			}
		}
	case *ast.Call:
		if f, ok := e.Func.(*ast.Name); ok && (f.ID == "int" || f.ID == "round") && len(e.Args) == 1 {
			return info.exprFromOption(def, e.Args[0], hops)
		}
	case *ast.Subscript:
		if absint.ExprText(e.Value) == "sys.argv" {
			return true // int(sys.argv[1])
		}
		return info.exprFromOption(def, e.Value, hops) // args.N[0]
	}
	return false
}

// readsCommandLine reports whether the file may declare a command-line option (argparse's
// add_argument, optparse's add_option) or read sys.argv: without either no size of it reaches
// one, and the search would cost walks of the file.
func (info *Info) readsCommandLine() bool {
	info.cmdlineOnce.Do(func() {
		src := info.file.Src
		info.cmdline = bytes.Contains(src, []byte("add_argument")) || bytes.Contains(src, []byte("add_option")) ||
			bytes.Contains(src, []byte("argv"))
	})
	return info.cmdline
}
