package arrays

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/bindings"
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
		p := d.Sym
		if d.Known {
			p = d.Form // a known length computed from a bound symbol (n = an option's default)
		}
		if p != nil {
			for _, s := range p.Symbols() {
				if !slices.Contains(syms, s) {
					syms = append(syms, s)
				}
			}
		}
	}
	var parts []string
	env := map[string]int64{}
	for _, s := range syms {
		if src := info.symbolSource(n, s); src.desc != "" {
			parts = append(parts, s+": "+src.desc)
			if src.known {
				env[s] = src.value
			}
		}
	}
	if len(parts) == 0 {
		return info.constantSource(a)
	}
	if _, known := a.NBytes(); known {
		return strings.Join(parts, "; ") // the message gives the bytes
	}
	if b, ok := bytesWith(a, env); ok && len(env) == len(syms) {
		parts = append(parts, Bytes(b)+" at the defaults")
	}
	return strings.Join(parts, "; ")
}

// constantSource says where the lengths of a, an array whose shape is known without symbols,
// are written when not in the call that makes it: the names its arguments read that one
// assignment binds (`np.random.random([extent[i] for i in mode_a])`: "shape (96, 64, 64, 96)
// from `extent` at line 18, `mode_a` at line 14"), or "" (the lengths are literals of the call,
// which the finding points at).
func (info *Info) constantSource(a *Array) string {
	call, ok := a.Alloc.(*ast.Call)
	if !ok || len(a.Shape) == 0 {
		return ""
	}
	dims := make([]string, len(a.Shape))
	for i, d := range a.Shape {
		if !d.Known {
			return ""
		}
		dims[i] = strconv.FormatInt(d.N, 10)
	}
	def := info.enclosingDef(call)
	var names []string
	seen := map[string]bool{}
	visit := func(n ast.Node) bool {
		if x, ok := n.(*ast.Name); ok && !seen[x.ID] {
			seen[x.ID] = true
			if asg, _, ok := info.onlyAssign(def, x.ID); ok {
				names = append(names, fmt.Sprintf("`%s` at line %d", x.ID, info.line(asg)))
			}
		}
		return true
	}
	for _, arg := range call.Args {
		ast.Inspect(arg, visit)
	}
	for _, k := range call.Keywords {
		ast.Inspect(k.Value, visit)
	}
	if len(names) == 0 {
		return ""
	}
	shape := strings.Join(dims, ", ")
	if len(dims) == 1 {
		shape += ","
	}
	return "shape (" + shape + ") from " + strings.Join(names, ", ")
}

// bytesWith is a's size in bytes with its symbols bound by env.
func bytesWith(a *Array, env map[string]int64) (int64, bool) {
	if !a.DType.Known() || a.Shape == nil {
		return 0, false
	}
	n := a.DType.ItemSize()
	for _, d := range a.Shape {
		v, ok := d.Expr().Eval(func(s string) (int64, bool) { x, ok := env[s]; return x, ok })
		if !ok || v < 0 || v > 0 && n > (1<<62)/v {
			return 0, false
		}
		n *= v
	}
	return n, true
}

// symSource is where a size's symbol comes from: its description for a message, its value at the
// program's defaults (when known), and whether it reaches a command-line option.
type symSource struct {
	desc   string
	value  int64
	known  bool
	option bool
}

// symbolSource follows the parameter name of the function around n to its callers, and gives
// its value at the program's defaults when nothing on the way rebinds it. A module-level name
// bound once is described by what binds it (`n = options.n`: the option).
func (info *Info) symbolSource(n ast.Node, name string) symSource {
	def := info.enclosingDef(n)
	if ns, attr, dotted := strings.Cut(name, "."); dotted && !strings.Contains(attr, ".") && info.parsedArgs(def, ns) {
		src, _ := info.describeOption(attr) // args.m of args = parser.parse_args()
		return src
	}
	if def == nil || !imports.HasArg(def.Args, name) {
		return info.moduleSource(name)
	}
	var through []string
	rebound := false
	for hop := 0; def != nil && hop < maxSourceHops; hop++ {
		if !imports.HasArg(def.Args, name) {
			return symSource{}
		}
		if info.reboundAt(def, name, nil) > 0 {
			rebound = true // reassigned in the function itself before the array is made
		}
		calls, ok := info.shared.Calls(info.mod).All(info.mod, def)
		if !ok || len(calls) == 0 {
			return symSource{}
		}
		arg := absint.ArgFor(def, calls[0], name)
		for _, c := range calls[1:] {
			if other := absint.ArgFor(def, c, name); other == nil || arg == nil || absint.ExprText(other) != absint.ExprText(arg) {
				return symSource{} // the calls pass different things
			}
		}
		if arg == nil {
			return symSource{}
		}
		caller := info.enclosingDef(calls[0])
		if v, ok := arg.(*ast.Name); ok && caller != nil {
			if line := info.reboundAt(caller, v.ID, calls[0]); line > 0 {
				through = append(through, fmt.Sprintf("%s (rebound at line %d)", caller.Name, line))
				rebound = true
			} else {
				through = append(through, caller.Name)
			}
			def, name = caller, v.ID
			continue
		}
		src := info.describeArg(arg, calls[0])
		src.desc += throughText(through)
		src.known = src.known && !rebound
		return src
	}
	return symSource{}
}

// throughText renders the functions a parameter was followed through.
func throughText(through []string) string {
	if len(through) == 0 {
		return ""
	}
	slices.Reverse(through)
	return ", through " + strings.Join(through, ", ")
}

// describeArg renders what a call passes — a command-line option with its default, or the
// expression and its line — and its integer value there when it has one (an int default, the
// one element of a list default, an int literal).
func (info *Info) describeArg(arg ast.Expr, call *ast.Call) symSource {
	if at, ok := arg.(*ast.Attribute); ok {
		if src, ok := info.describeOption(at.Attr); ok {
			return src
		}
	}
	v, known := intText(info.text(arg))
	return symSource{desc: fmt.Sprintf("`%s` at line %d", info.text(arg), info.line(call)), value: v, known: known}
}

// intText parses a Python int literal (underscores allowed).
func intText(t string) (int64, bool) {
	t = strings.ReplaceAll(strings.TrimSpace(t), "_", "")
	if t == "" {
		return 0, false
	}
	var v int64
	for _, c := range t {
		if c < '0' || c > '9' || v > (1<<62)/10 {
			return 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, true
}

// option finds the command-line option whose destination is dest: its longest flag and the
// source text of its default ("" when it has none). The declarations are read once per file.
func (info *Info) option(dest string) (flag, def string, found bool) {
	info.optionsOnce.Do(func() { info.options = bindings.Declarations(info.mod) })
	d, ok := info.options[dest]
	if !ok || d.Flag == "" {
		return "", "", false
	}
	if d.Default != nil {
		def = info.text(d.Default)
	}
	return "`" + d.Flag + "`", def, true
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

// reboundAt returns the line of the last statement of def before call (anywhere when call is
// nil) that binds name again (`N *= 1000`), or 0.
func (info *Info) reboundAt(def *ast.FunctionDef, name string, call *ast.Call) int {
	line := 0
	s := info.imp.Scopes[def]
	if s == nil {
		return 0
	}
	for _, b := range s.Bindings[name] {
		if b.Kind != imports.BindParam && (call == nil || b.Pos < call.Start) {
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

// parsedArgs reports whether name is bound, once, in def (nil: the module) to the result of a
// command-line parser's parse_args() or parse_known_args().
func (info *Info) parsedArgs(def *ast.FunctionDef, name string) bool {
	asg, _, ok := info.onlyAssign(def, name)
	if !ok {
		return false
	}
	if t, ok := asg.Targets[0].(*ast.Tuple); ok {
		// args, rest = parser.parse_known_args()
		if len(t.Elts) == 0 {
			return false
		}
		if n, ok := t.Elts[0].(*ast.Name); !ok || n.ID != name {
			return false
		}
	}
	call, ok := asg.Value.(*ast.Call)
	if !ok {
		return false
	}
	at, ok := call.Func.(*ast.Attribute)
	return ok && (at.Attr == "parse_args" || at.Attr == "parse_known_args")
}

// onlyAssign returns the one statement `NAME = value` (one target) that binds name in def's
// scope, or in the module's when def is nil or does not bind it, and the def whose scope it is
// (nil: the module); false when another kind of binding or more than one binds it.
func (info *Info) onlyAssign(def *ast.FunctionDef, name string) (*ast.Assign, *ast.FunctionDef, bool) {
	sc := info.imp.Root
	if def != nil {
		if s := info.imp.Scopes[def]; s != nil && len(s.Bindings[name]) > 0 {
			sc = s // else a global of the module (args bound in the main block)
		} else {
			def = nil
		}
	}
	binds := sc.Bindings[name]
	if len(binds) != 1 || binds[0].Kind != imports.BindAssign {
		return nil, nil, false
	}
	asg, ok := info.Statement(binds[0].Node).(*ast.Assign)
	if !ok || len(asg.Targets) != 1 {
		return nil, nil, false
	}
	return asg, def, true
}

// moduleSource describes a module-level name bound by one assignment from a command-line option
// (`n = options.n`, `N = args.size`).
func (info *Info) moduleSource(name string) symSource {
	asg, _, ok := info.onlyAssign(nil, name)
	if !ok {
		return symSource{}
	}
	at, ok := asg.Value.(*ast.Attribute)
	if !ok {
		if info.exprFromOption(nil, asg.Value, 0) {
			// N = int(sys.argv[1]), n = args.n if args.n else n0: the command line, as written
			return symSource{desc: fmt.Sprintf("`%s` at line %d", info.text(asg.Value), info.line(asg)), option: true}
		}
		if constantExpr(asg.Value) {
			// N = 4096, N = 2**20: a constant of the module, written where it is bound
			v, known := intText(info.text(asg.Value))
			return symSource{desc: fmt.Sprintf("`%s` at line %d", info.text(asg.Value), info.line(asg)), value: v, known: known}
		}
		return symSource{}
	}
	src, _ := info.describeOption(at.Attr)
	return src
}

// constantExpr reports whether e is a number or arithmetic on numbers only (4096, 2**20, 1 << 20).
func constantExpr(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Constant:
		return e.Value.Kind == ast.ConstInt
	case *ast.BinOp:
		return constantExpr(e.Left) && constantExpr(e.Right)
	case *ast.UnaryOp:
		return constantExpr(e.Operand)
	}
	return false
}

// describeOption renders the command-line option whose destination is dest with its default,
// and the default's integer value (an int, or the one element of a list; a tuple of ints, a
// shape the code splats into a constructor, `rand(*shape)`, counts as its number of elements);
// ok is false when the program declares no such option.
func (info *Info) describeOption(dest string) (symSource, bool) {
	flag, def, ok := info.option(dest)
	if !ok {
		return symSource{}, false
	}
	if def == "" {
		return symSource{desc: flag, option: true}, true
	}
	v, known := defaultValue(strings.TrimSuffix(strings.TrimPrefix(def, "["), "]"))
	return symSource{desc: fmt.Sprintf("%s (default %s)", flag, def), value: v, known: known, option: true}, true
}

// defaultValue parses an option's default as a size: an int literal, or a tuple of them (a
// shape), whose product it is.
func defaultValue(t string) (int64, bool) {
	t = strings.TrimSpace(t)
	if !strings.HasPrefix(t, "(") || !strings.HasSuffix(t, ")") {
		return intText(t)
	}
	n := int64(1)
	for _, f := range strings.Split(strings.TrimSuffix(t[1:len(t)-1], ","), ",") {
		v, ok := intText(f)
		if !ok || v > 0 && n > (1<<62)/v {
			return 0, false
		}
		n *= v
	}
	return n, true
}

// FormulaExpr renders the size of a, an array of known size, as the formula its lengths were
// computed from ("4·n·n" with n an option's default), or false when no length has one.
func FormulaExpr(a *Array) (string, bool) {
	if a == nil || a.Shape == nil || !a.DType.Known() {
		return "", false
	}
	n := a.DType.ItemSize()
	var parts []string
	formed := false
	for _, d := range a.Shape {
		switch {
		case d.Known && d.Form != nil:
			t := strings.ReplaceAll(d.Form.String(), " ", "")
			if strings.ContainsAny(t, "+-*/") {
				t = "(" + t + ")"
			}
			parts = append(parts, t)
			formed = true
		case d.Known:
			n *= d.N
		default:
			return "", false
		}
	}
	if !formed {
		return "", false
	}
	return Commas(n) + "·" + strings.Join(parts, "·"), true
}
