// Package bindings finds values names take from outside the program's own assignments, so the
// array model can size arrays that depend on them: the defaults of argparse options
// (`parser.add_argument("--size", type=int, default=20000)` then `args.size`, argparse.go) and the
// user's assumptions (`--assume N=10_000_000`, `# arraylint: assume`, [tool.arraylint.memory.assume],
// assume.go). Each binding records where it came from, for reports to cite.
package bindings

import (
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// Binding is a value a name takes before the program's own assignments.
type Binding struct {
	Name   string
	Value  ast.ConstValue
	Source string
	// Node is where the value is given (the add_argument call).
	Node ast.Node
	// Unknown is set when the value comes from outside but is not one constant (a list the
	// command line gives an nargs option); Value is then meaningless.
	Unknown bool
}

// Argparse returns, by destination name, the default of each argparse option declared in mod
// with `X.add_argument(...)`: `default=` converted by `type=int|float|str` as argparse converts a
// string default, False for `action="store_true"` (True for "store_false"), and None for an
// optional without a default. A destination declared twice with different defaults (two parsers
// or subcommands) is left out: its value depends on which parser runs. Required options and
// positionals without a default are left out too: their value comes from the command line.
func Argparse(mod *ast.Module) map[string]Binding {
	out := map[string]Binding{}
	conflict := map[string]bool{}
	if mod == nil {
		return out
	}
	ast.Inspect(mod, func(n ast.Node) bool {
		call, ok := n.(*ast.Call)
		if !ok {
			return true
		}
		attr, ok := call.Func.(*ast.Attribute)
		if !ok || !declaresOption(attr.Attr) {
			return true
		}
		b, ok := argparseDefault(call)
		if !ok || conflict[b.Name] {
			return true
		}
		if old, seen := out[b.Name]; seen && old.Value != b.Value {
			delete(out, b.Name)
			conflict[b.Name] = true
			return true
		}
		out[b.Name] = b
		return true
	})
	return out
}

// option is one add_argument declaration, as both the defaults (argparseDefault) and the
// command line (ParseCommandLine) read it.
type option struct {
	call       *ast.Call
	flags      []string // the option strings; none for a positional
	dest       string
	positional bool
	action     string // store, store_true, store_false, store_const, count, append, append_const, help, version; "" when not a literal
	nargs      string // "" for one value, "?", "*", "+", or a count
	hasNargs   bool   // nargs= is given (literal or not)
	typ        ast.Expr
	konst      ast.Expr
	def        ast.Expr // default=, nil when absent
	required   bool
	// unread says why a command line cannot be parsed against it (an action or nargs that is
	// not a literal, nargs=REMAINDER); its defaults can still be read.
	unread string
}

// declaration reads one add_argument call; the error is a *CommandLineError for a call whose
// option names cannot be read (not literals, **kwargs, none).
func declaration(call *ast.Call) (*option, error) {
	o := &option{call: call, action: "store"}
	var names []string
	for _, a := range call.Args {
		s, ok := constStr(a)
		if !ok {
			return nil, &CommandLineError{Node: call, Msg: "an add_argument call whose option names are not string literals"}
		}
		names = append(names, s)
	}
	for _, k := range call.Keywords {
		switch k.Arg {
		case "":
			return nil, &CommandLineError{Node: call, Msg: "an add_argument call with **kwargs"}
		case "action":
			s, ok := constStr(k.Value)
			if !ok {
				o.unread = "an add_argument call whose action is not a string literal"
			}
			o.action = s
		case "nargs":
			o.hasNargs = true
			switch v := k.Value.(type) {
			case *ast.Constant:
				if v.Value.Kind == ast.ConstStr {
					o.nargs = v.Value.Str
				} else if v.Value.Kind == ast.ConstInt {
					o.nargs = strconv.FormatInt(v.Value.Int, 10)
				}
			default:
				o.unread = "an add_argument call whose nargs is not a literal"
			}
		case "type":
			o.typ = k.Value
		case "const":
			o.konst = k.Value
		case "default":
			o.def = k.Value
		case "dest":
			if d, ok := constStr(k.Value); ok {
				o.dest = d
			}
		case "required":
			c, ok := k.Value.(*ast.Constant)
			o.required = ok && c.Value.Kind == ast.ConstBool && c.Value.Bool
		}
	}
	dest, positional := destOf(names)
	if o.dest == "" {
		o.dest = dest
	}
	if o.dest == "" {
		return nil, &CommandLineError{Node: call, Msg: "an add_argument call without option names"}
	}
	o.positional = positional
	if !positional {
		o.flags = names
	}
	if o.nargs == "REMAINDER" || o.nargs == "A..." || o.nargs == "..." {
		o.unread = "an argument with nargs=REMAINDER, which arraylint does not parse"
	}
	return o, nil
}

// argparseDefault reads the default of one add_argument call.
func argparseDefault(call *ast.Call) (Binding, bool) {
	o, err := declaration(call)
	if err != nil || !isIdent(o.dest) {
		return Binding{}, false
	}
	b := Binding{Name: o.dest, Source: ArgparseDefault, Node: call}
	if o.def != nil {
		c, ok := o.def.(*ast.Constant)
		if !ok {
			return Binding{}, false
		}
		b.Value = c.Value
		if c.Value.Kind == ast.ConstStr {
			if b.Value, ok = convert(c.Value.Str, o.typ); !ok {
				return Binding{}, false
			}
		} else if t := typeName(o.typ); t == "float" && c.Value.Kind == ast.ConstInt && c.Value.Big == nil {
			b.Value = ast.ConstValue{Kind: ast.ConstFloat, Float: float64(c.Value.Int)}
		}
		return b, true
	}
	switch o.action {
	case "store_true":
		b.Value = ast.ConstValue{Kind: ast.ConstBool}
		return b, true
	case "store_false":
		b.Value = ast.ConstValue{Kind: ast.ConstBool, Bool: true}
		return b, true
	case "", "store":
	default:
		return Binding{}, false // count, append, … : not a plain value
	}
	if o.positional || o.required || o.hasNargs {
		return Binding{}, false
	}
	b.Value = ast.ConstValue{Kind: ast.ConstNone}
	return b, true
}

// destOf derives argparse's destination from the option strings: the first long option without
// its dashes ("--grid-size" → grid_size), else the first short one ("-n" → n), else the
// positional's name.
func destOf(names []string) (dest string, positional bool) {
	if len(names) == 0 {
		return "", false
	}
	if !strings.HasPrefix(names[0], "-") {
		return names[0], true
	}
	short := ""
	for _, n := range names {
		if strings.HasPrefix(n, "--") && len(n) > 2 {
			return strings.ReplaceAll(n[2:], "-", "_"), false
		}
		if short == "" && len(n) > 1 {
			short = strings.ReplaceAll(n[1:], "-", "_")
		}
	}
	return short, false
}

// convert applies type= to a string default, as argparse does.
func convert(s string, typ ast.Expr) (ast.ConstValue, bool) {
	switch typeName(typ) {
	case "int":
		n, ok := PyInt(s)
		return ast.ConstValue{Kind: ast.ConstInt, Int: n}, ok
	case "float":
		f, ok := PyFloat(s)
		return ast.ConstValue{Kind: ast.ConstFloat, Float: f}, ok
	case "", "str":
		return ast.ConstValue{Kind: ast.ConstStr, Str: s}, true
	}
	return ast.ConstValue{}, false
}

func typeName(e ast.Expr) string {
	if n, ok := e.(*ast.Name); ok {
		return n.ID
	}
	if s, ok := constStr(e); ok {
		// optparse names its types: type="int", "float", "string"
		switch s {
		case "int", "long":
			return "int"
		case "float":
			return "float"
		case "string":
			return "str"
		}
	}
	if e == nil {
		return ""
	}
	return "?"
}

// declaresOption reports whether a parser method declares an option: argparse's add_argument,
// optparse's add_option.
func declaresOption(method string) bool { return method == "add_argument" || method == "add_option" }

func constStr(e ast.Expr) (string, bool) {
	if c, ok := e.(*ast.Constant); ok && c.Value.Kind == ast.ConstStr {
		return c.Value.Str, true
	}
	return "", false
}

func isIdent(s string) bool {
	for i, r := range s {
		if r == '_' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (i > 0 && r >= '0' && r <= '9') {
			continue
		}
		return false
	}
	return s != ""
}

// Declared is what one option declaration of the program says (`parser.add_argument("-n",
// "--num", default=10, dest="N")`): the option's destination, its longest flag, and the
// expression of its default (nil when it has none).
type Declared struct {
	Dest, Flag string
	Default    ast.Expr
}

// Declarations returns the options mod declares with add_argument or add_option, by
// destination; a declaration whose names cannot be read is left out.
func Declarations(mod *ast.Module) map[string]Declared {
	out := map[string]Declared{}
	if mod == nil {
		return out
	}
	ast.Inspect(mod, func(n ast.Node) bool {
		call, ok := n.(*ast.Call)
		if !ok {
			return true
		}
		if at, ok := call.Func.(*ast.Attribute); !ok || !declaresOption(at.Attr) {
			return true
		}
		o, err := declaration(call)
		if err != nil {
			return true
		}
		d := Declared{Dest: o.dest, Default: o.def}
		for _, f := range o.flags {
			if len(f) > len(d.Flag) {
				d.Flag = f
			}
		}
		if _, seen := out[o.dest]; !seen {
			out[o.dest] = d
		}
		return true
	})
	return out
}
