package arrays

import (
	"fmt"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file says where the symbols of a size come from, for the findings' messages: a
// parameter is followed to what every call of its function passes, through functions that only
// hand it on, to a command-line option, a constant or the expression a call gives it.

// maxSourceHops bounds how many functions a parameter is followed through.
const maxSourceHops = 6

// SizeSource describes where the symbols of a's size come from, for an array at node n: "N:
// --num (default [10]), through run_black_scholes (rebound at line 74)". It is "" when no symbol
// is a parameter or option it can follow.
func (info *Info) SizeSource(n ast.Node, a *Array) string {
	if a == nil || info.mod == nil {
		return ""
	}
	var syms []string
	for _, d := range a.Shape {
		if d.Sym != nil {
			for _, s := range d.Sym.Symbols() {
				if !slices.Contains(syms, s) {
					syms = append(syms, s)
				}
			}
		}
	}
	var parts []string
	for _, s := range syms {
		if d := info.symbolSource(n, s); d != "" {
			parts = append(parts, s+": "+d)
		}
	}
	return strings.Join(parts, "; ")
}

// symbolSource follows the parameter name of the function around n to its callers.
func (info *Info) symbolSource(n ast.Node, name string) string {
	def := info.enclosingDef(n)
	var through []string
	for hop := 0; def != nil && hop < maxSourceHops; hop++ {
		if !slices.ContainsFunc(imports.AllArgs(def.Args), func(a *ast.Arg) bool { return a.Arg == name }) {
			return ""
		}
		calls, ok := info.shared.Calls(info.mod).All(info.mod, def)
		if !ok || len(calls) == 0 {
			return ""
		}
		arg := absint.ArgFor(def, calls[0], name)
		for _, c := range calls[1:] {
			if other := absint.ArgFor(def, c, name); other == nil || arg == nil || absint.ExprText(other) != absint.ExprText(arg) {
				return "" // the calls pass different things
			}
		}
		if arg == nil {
			return ""
		}
		caller := info.enclosingDef(calls[0])
		if v, ok := arg.(*ast.Name); ok && caller != nil {
			if line := info.reboundAt(caller, v.ID, calls[0]); line > 0 {
				through = append(through, fmt.Sprintf("%s (rebound at line %d)", caller.Name, line))
			} else {
				through = append(through, caller.Name)
			}
			def, name = caller, v.ID
			continue
		}
		return info.describeArg(arg, calls[0]) + throughText(through)
	}
	return ""
}

// throughText renders the functions a parameter was followed through.
func throughText(through []string) string {
	if len(through) == 0 {
		return ""
	}
	slices.Reverse(through)
	return ", through " + strings.Join(through, ", ")
}

// describeArg renders what a call passes: a command-line option with its default, or the
// expression and its line.
func (info *Info) describeArg(arg ast.Expr, call *ast.Call) string {
	if at, ok := arg.(*ast.Attribute); ok {
		if flag, def, ok := info.option(at.Attr); ok {
			if def == "" {
				return flag
			}
			return fmt.Sprintf("%s (default %s)", flag, def)
		}
	}
	return fmt.Sprintf("`%s` at line %d", info.text(arg), info.line(call))
}

// option finds the argparse option whose destination is dest: its longest flag and the source
// text of its default ("" when it has none).
func (info *Info) option(dest string) (flag, def string, found bool) {
	ast.Inspect(info.mod, func(n ast.Node) bool {
		call, ok := n.(*ast.Call)
		if found || !ok || ast.TailName(call.Func) != "add_argument" {
			return !found
		}
		long, d := "", ""
		for _, a := range call.Args {
			if c, ok := a.(*ast.Constant); ok && c.Value.Kind == ast.ConstStr && len(c.Value.Str) > len(long) {
				long = c.Value.Str
			}
		}
		name := strings.ReplaceAll(strings.TrimLeft(long, "-"), "-", "_")
		for _, k := range call.Keywords {
			switch k.Arg {
			case "dest":
				if c, ok := k.Value.(*ast.Constant); ok && c.Value.Kind == ast.ConstStr {
					name = c.Value.Str
				}
			case "default":
				d = info.text(k.Value)
			}
		}
		if name == dest && long != "" {
			flag, def, found = "`"+long+"`", d, true
		}
		return !found
	})
	return flag, def, found
}

// text returns the source text of n, shortened to 40 bytes.
func (info *Info) text(n ast.Node) string {
	sp := n.Span()
	t := string(info.file.Src[sp.Start:sp.End])
	if len(t) > 40 {
		t = t[:37] + "..."
	}
	return t
}

// reboundAt returns the line of the last statement of def before call that binds name again
// (`N *= 1000`), or 0.
func (info *Info) reboundAt(def *ast.FunctionDef, name string, call *ast.Call) int {
	line := 0
	s := info.imp.Scopes[def]
	if s == nil {
		return 0
	}
	for _, b := range s.Bindings[name] {
		if b.Kind != imports.BindParam && b.Pos < call.Start {
			line = info.line(b.Node)
		}
	}
	return line
}

// enclosingDef returns the function around n, or nil at module level.
func (info *Info) enclosingDef(n ast.Node) *ast.FunctionDef {
	for p := info.parent(n); p != nil; p = info.parent(p) {
		if d, ok := p.(*ast.FunctionDef); ok {
			return d
		}
	}
	return nil
}

// line returns the 1-based line n starts on.
func (info *Info) line(n ast.Node) int {
	l, _ := info.file.Lines.LineCol(n.Span().Start)
	return l
}
