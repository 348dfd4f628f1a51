package bindings

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file parses the command line a program is to be run with (`arraylint mem prog.py --
// --n 40000`) as the program's argparse parser would, so that the estimate is the one of that
// run: the options' values over their defaults (Argparse).

// CommandLineError is a command line the program's parser would refuse, or a parser whose
// declarations cannot be read from the source.
type CommandLineError struct {
	// Node is the add_argument call or parser the error concerns, nil for none.
	Node ast.Node
	Msg  string
}

// Error returns the message, in argparse's words where argparse has them.
func (e *CommandLineError) Error() string { return e.Msg }

// DeclaresOptions reports whether mod declares argparse options (an add_argument call).
func DeclaresOptions(mod *ast.Module) bool {
	found := false
	ast.Inspect(mod, func(n ast.Node) bool {
		if call, ok := n.(*ast.Call); ok && declaresOption(ast.TailName(call.Func)) {
			found = true
		}
		return !found
	})
	return found
}

// ParseCommandLine returns, by destination, the values the options declared in mod take when
// the program runs with the arguments argv (sys.argv[1:]): each option argv sets, with Source
// CommandLine and the add_argument call as Node, over the defaults Argparse reads. A value argv
// sets that is not one constant (nargs lists, append, a type= other than int, float or str) is
// bound with Unknown set. The error is a *CommandLineError: an argument the parser would refuse
// (argparse's own wording), or declarations it cannot read (option names that are not literals,
// **kwargs, several parsers, subcommands).
func ParseCommandLine(mod *ast.Module, argv []string) (map[string]Binding, error) {
	opts, err := declarations(mod)
	if err != nil {
		return nil, err
	}
	out := Argparse(mod)
	given := map[*option]bool{}
	set := func(o *option, b Binding) {
		b.Name, b.Source, b.Node = o.dest, CommandLine, o.call
		out[o.dest] = b
		given[o] = true
	}
	var positional []string
	for i := 0; i < len(argv); i++ {
		tok := argv[i]
		if tok == "--" {
			positional = append(positional, argv[i+1:]...)
			break
		}
		if !isOptionToken(tok) {
			positional = append(positional, tok)
			continue
		}
		o, attached, hasValue, err := lookupOption(opts, tok)
		if err != nil {
			return nil, err
		}
		switch o.action {
		case "help", "version":
			return nil, &CommandLineError{Node: o.call, Msg: fmt.Sprintf("%s: the program would print its %s and exit", tok, o.action)}
		case "store_true", "store_false", "store_const", "append_const", "count":
			if hasValue {
				return nil, &CommandLineError{Node: o.call, Msg: fmt.Sprintf("argument %s: ignored explicit argument '%s'", o.flags[0], attached)}
			}
			switch o.action {
			case "store_true", "store_false":
				set(o, Binding{Value: ast.ConstValue{Kind: ast.ConstBool, Bool: o.action == "store_true"}})
			case "count":
				n := int64(1)
				if b, ok := out[o.dest]; ok && given[o] && b.Value.Kind == ast.ConstInt {
					n = b.Value.Int + 1
				} else if d, ok := intDefault(o.def); ok {
					n = d + 1
				}
				set(o, Binding{Value: ast.ConstValue{Kind: ast.ConstInt, Int: n}})
			case "store_const":
				set(o, constBinding(o.konst))
			default:
				set(o, Binding{Unknown: true})
			}
			continue
		}
		var values []string
		if hasValue {
			values = []string{attached}
		} else {
			for i+1 < len(argv) && argv[i+1] != "--" && !isOptionToken(argv[i+1]) && (o.nargs == "*" || o.nargs == "+" || len(values) < maxValues(o.nargs)) {
				i++
				values = append(values, argv[i])
			}
		}
		if err := checkCount(o, o.flags[0], len(values)); err != nil {
			return nil, err
		}
		b, err := valueBinding(o, o.flags[0], values)
		if err != nil {
			return nil, err
		}
		set(o, b)
	}
	// The positionals in order, each leaving enough for the ones after it.
	var pos []*option
	for _, o := range opts {
		if len(o.flags) == 0 {
			pos = append(pos, o)
		}
	}
	rest := positional
	var missing []string
	for k, o := range pos {
		need := 0
		for _, later := range pos[k+1:] {
			need += minValues(later.nargs)
		}
		avail := max(len(rest)-need, 0)
		take := 0
		switch o.nargs {
		case "?":
			take = min(1, avail)
		case "*", "+":
			take = avail
		default:
			take = min(maxValues(o.nargs), avail)
		}
		if take < minValues(o.nargs) {
			missing = append(missing, o.dest)
			continue
		}
		if take > 0 || o.nargs == "*" {
			b, err := valueBinding(o, o.dest, rest[:take])
			if err != nil {
				return nil, err
			}
			set(o, b)
		}
		rest = rest[take:]
	}
	for _, o := range opts {
		if o.required && !given[o] {
			missing = append(missing, strings.Join(o.flags, "/"))
		}
	}
	if len(missing) > 0 {
		return nil, &CommandLineError{Msg: "the following arguments are required: " + strings.Join(missing, ", ")}
	}
	if len(rest) > 0 {
		return nil, &CommandLineError{Msg: "unrecognized arguments: " + strings.Join(rest, " ")}
	}
	return out, nil
}

// declarations reads mod's add_argument calls in source order.
func declarations(mod *ast.Module) ([]*option, error) {
	var (
		opts    []*option
		parsers []ast.Node
		err     error
	)
	byFlag := map[string]*option{}
	ast.Inspect(mod, func(n ast.Node) bool {
		call, ok := n.(*ast.Call)
		if !ok || err != nil {
			return err == nil
		}
		switch ast.TailName(call.Func) {
		case "ArgumentParser", "OptionParser":
			parsers = append(parsers, call)
		case "add_subparsers":
			err = &CommandLineError{Node: call, Msg: "the program's parser has subcommands, which arraylint does not parse; bind the options with --assume"}
		case "add_argument", "add_option":
			var o *option
			if o, err = declaration(call); err != nil {
				return false
			}
			if o.unread != "" {
				err = &CommandLineError{Node: call, Msg: o.unread}
				return false
			}
			for _, f := range o.flags {
				if byFlag[f] != nil {
					err = &CommandLineError{Node: call, Msg: fmt.Sprintf("the option %s is declared twice (two parsers?); bind the options with --assume", f)}
					return false
				}
				byFlag[f] = o
			}
			opts = append(opts, o)
		}
		return true
	})
	if err == nil && len(parsers) > 1 {
		err = &CommandLineError{Node: parsers[1], Msg: fmt.Sprintf("the program makes %d argparse parsers; bind the options with --assume", len(parsers))}
	}
	return opts, err
}

// lookupOption finds the option tok names: exactly, by a unique prefix of a long option (as
// argparse allows), or a short option with its value attached (-n100). attached is a value
// given in the token (--n=100, -n100).
func lookupOption(opts []*option, tok string) (o *option, attached string, hasValue bool, err error) {
	name := tok
	if k := strings.IndexByte(tok, '='); k > 0 {
		name, attached, hasValue = tok[:k], tok[k+1:], true
	}
	var prefixed []*option
	for _, c := range opts {
		for _, f := range c.flags {
			if f == name {
				return c, attached, hasValue, nil
			}
			if strings.HasPrefix(f, "--") && strings.HasPrefix(f, name) && len(name) > 2 {
				prefixed = append(prefixed, c)
				break
			}
		}
	}
	switch len(prefixed) {
	case 1:
		return prefixed[0], attached, hasValue, nil
	case 0:
	default:
		var names []string
		for _, c := range prefixed {
			names = append(names, c.flags[len(c.flags)-1])
		}
		return nil, "", false, &CommandLineError{Msg: fmt.Sprintf("ambiguous option: %s could match %s", name, strings.Join(names, ", "))}
	}
	if !strings.HasPrefix(tok, "--") && len(tok) > 2 {
		for _, c := range opts {
			for _, f := range c.flags {
				if f == tok[:2] {
					return c, tok[2:], true, nil
				}
			}
		}
	}
	if name == "-h" || name == "--help" {
		return nil, "", false, &CommandLineError{Msg: tok + ": the program would print its help and exit"}
	}
	return nil, "", false, &CommandLineError{Msg: "unrecognized arguments: " + tok}
}

var negativeNumber = regexp.MustCompile(`^-\d+$|^-\d*\.\d+$`)

// isOptionToken reports whether argv's tok names an option (argparse: it starts with '-', is
// not '-' alone and not a negative number).
func isOptionToken(tok string) bool {
	return len(tok) > 1 && tok[0] == '-' && !negativeNumber.MatchString(tok)
}

// minValues and maxValues are the counts of values nargs takes.
func minValues(nargs string) int {
	switch nargs {
	case "":
		return 1
	case "?", "*":
		return 0
	case "+":
		return 1
	}
	n, _ := strconv.Atoi(nargs)
	return n
}

func maxValues(nargs string) int {
	switch nargs {
	case "", "?":
		return 1
	case "*", "+":
		return int(^uint(0) >> 1)
	}
	n, _ := strconv.Atoi(nargs)
	return n
}

// checkCount refuses a count of values nargs does not take, in argparse's words.
func checkCount(o *option, name string, n int) error {
	if n >= minValues(o.nargs) && n <= maxValues(o.nargs) {
		return nil
	}
	want := "expected one argument"
	switch o.nargs {
	case "+":
		want = "expected at least one argument"
	case "", "?", "*":
	default:
		want = fmt.Sprintf("expected %s arguments", o.nargs)
	}
	return &CommandLineError{Node: o.call, Msg: fmt.Sprintf("argument %s: %s", name, want)}
}

// valueBinding is the value of a store or append option (named name) given values: one
// constant converted by type=, const for nargs='?' without a value, else unknown (a list, or a
// type= whose result is not a constant here). A value int or float refuses is an error, as in
// argparse.
func valueBinding(o *option, name string, values []string) (Binding, error) {
	for _, v := range values {
		if t := typeName(o.typ); (t == "int" || t == "float") && !convertible(v, o.typ) {
			return Binding{}, &CommandLineError{Node: o.call, Msg: fmt.Sprintf("argument %s: invalid %s value: '%s'", name, t, v)}
		}
	}
	if o.action != "store" || (o.nargs != "" && o.nargs != "?") {
		return Binding{Unknown: true}, nil
	}
	if len(values) == 0 {
		return constBinding(o.konst), nil
	}
	v, ok := convert(values[0], o.typ)
	if !ok {
		return Binding{Unknown: true}, nil
	}
	return Binding{Value: v}, nil
}

// convertible reports whether type= takes s.
func convertible(s string, typ ast.Expr) bool {
	_, ok := convert(s, typ)
	return ok
}

// constBinding is the value of a literal const= (None when absent), unknown otherwise.
func constBinding(e ast.Expr) Binding {
	if e == nil {
		return Binding{Value: ast.ConstValue{Kind: ast.ConstNone}}
	}
	if c, ok := e.(*ast.Constant); ok {
		return Binding{Value: c.Value}
	}
	return Binding{Unknown: true}
}

// intDefault is the integer literal of a default= (nil when absent).
func intDefault(def ast.Expr) (int64, bool) {
	c, ok := def.(*ast.Constant)
	if !ok || c.Value.Kind != ast.ConstInt || c.Value.Big != nil {
		return 0, false
	}
	return c.Value.Int, true
}
