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
		if !ok || attr.Attr != "add_argument" {
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

// argparseDefault reads one add_argument call.
func argparseDefault(call *ast.Call) (Binding, bool) {
	var names []string
	for _, a := range call.Args {
		c, ok := a.(*ast.Constant)
		if !ok || c.Value.Kind != ast.ConstStr {
			return Binding{}, false
		}
		names = append(names, c.Value.Str)
	}
	kw := map[string]ast.Expr{}
	for _, k := range call.Keywords {
		if k.Arg == "" {
			return Binding{}, false // **kwargs: anything may be set
		}
		kw[k.Arg] = k.Value
	}
	dest, positional := destOf(names)
	if d, ok := constStr(kw["dest"]); ok {
		dest = d
	}
	if dest == "" || !isIdent(dest) {
		return Binding{}, false
	}
	b := Binding{Name: dest, Source: ArgparseDefault, Node: call}
	if v, ok := kw["default"]; ok {
		c, ok := v.(*ast.Constant)
		if !ok {
			return Binding{}, false
		}
		b.Value = c.Value
		if c.Value.Kind == ast.ConstStr {
			if b.Value, ok = convert(c.Value.Str, kw["type"]); !ok {
				return Binding{}, false
			}
		} else if t := typeName(kw["type"]); t == "float" && c.Value.Kind == ast.ConstInt && c.Value.Big == nil {
			b.Value = ast.ConstValue{Kind: ast.ConstFloat, Float: float64(c.Value.Int)}
		}
		return b, true
	}
	switch action, _ := constStr(kw["action"]); action {
	case "store_true":
		return Binding{Name: dest, Value: ast.ConstValue{Kind: ast.ConstBool}, Source: ArgparseDefault, Node: call}, true
	case "store_false":
		return Binding{Name: dest, Value: ast.ConstValue{Kind: ast.ConstBool, Bool: true}, Source: ArgparseDefault, Node: call}, true
	case "", "store":
	default:
		return Binding{}, false // count, append, … : not a plain value
	}
	if positional {
		return Binding{}, false
	}
	if r, ok := kw["required"].(*ast.Constant); ok && r.Value.Kind == ast.ConstBool && r.Value.Bool {
		return Binding{}, false
	}
	if _, ok := kw["nargs"]; ok {
		return Binding{}, false
	}
	return Binding{Name: dest, Value: ast.ConstValue{Kind: ast.ConstNone}, Source: ArgparseDefault, Node: call}, true
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
		n, err := strconv.ParseInt(strings.ReplaceAll(strings.TrimSpace(s), "_", ""), 10, 64)
		if err != nil {
			return ast.ConstValue{}, false
		}
		return ast.ConstValue{Kind: ast.ConstInt, Int: n}, true
	case "float":
		f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return ast.ConstValue{}, false
		}
		return ast.ConstValue{Kind: ast.ConstFloat, Float: f}, true
	case "", "str":
		return ast.ConstValue{Kind: ast.ConstStr, Str: s}, true
	}
	return ast.ConstValue{}, false
}

func typeName(e ast.Expr) string {
	if n, ok := e.(*ast.Name); ok {
		return n.ID
	}
	if e == nil {
		return ""
	}
	return "?"
}

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
