package absint

import (
	"math"
	"strings"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines Python's own arithmetic on known numbers that sizes go through: the
// builtins int, float, round, abs, min and max, and the standard library's math module
// (math.ceil(width / cellsize), math.prod(shape)), operator's arithmetic functions and
// functools.reduce over a tuple or list the code built (functools.reduce(operator.mul, shape)).
// NumPy's functions on scalars are the API table's (npapi).

// vStdlib is a module of Python's standard library that the interpreter models, or a member of
// one: path is its dotted path ("math", "math.ceil").
type vStdlib struct{ path string }

// stdlibModules are the standard-library modules whose members are evaluated.
var stdlibModules = map[string]bool{"math": true, "cmath": true, "operator": true, "functools": true, "re": true, "sys": true}

// operatorFuncs are the operator module's functions of two operands that are a binary operator.
var operatorFuncs = map[string]ast.Operator{
	"add": ast.Add, "sub": ast.Sub, "mul": ast.Mult, "truediv": ast.Div, "floordiv": ast.FloorDiv,
	"mod": ast.Mod, "pow": ast.Pow, "matmul": ast.MatMult, "and_": ast.BitAnd, "or_": ast.BitOr,
	"xor": ast.BitXor, "lshift": ast.LShift, "rshift": ast.RShift,
}

// stdlibName returns what n refers to when it is bound only by an import of a modelled
// standard-library module or member (`import math`, `from math import ceil`).
func (s *Interp) stdlibName(n *ast.Name) (value, bool) {
	path, ok := s.imp.ImportPath(n)
	if !ok {
		return nil, false
	}
	root, member, found := strings.Cut(path, ".")
	if !stdlibModules[root] {
		return nil, false
	}
	if found {
		return stdlibAttr(vStdlib{root}, member), true // `from math import pi`: the number itself
	}
	return vStdlib{path}, true
}

// mathConstants are the math module's float constants.
var mathConstants = map[string]float64{"pi": math.Pi, "e": math.E, "tau": 2 * math.Pi}

// stdlibAttr is m.attr on a standard-library module.
func stdlibAttr(m vStdlib, attr string) value {
	if m.path == "math" || m.path == "cmath" {
		if x, ok := mathConstants[attr]; ok {
			return knownFloat(x)
		}
		switch attr {
		case "inf", "nan":
			return vFloat{}
		case "infj", "nanj":
			if m.path == "cmath" {
				return vFloat{complex: true}
			}
		}
	}
	return vStdlib{m.path + "." + attr}
}

// mathFloat are the math module's functions of one real number that return a float.
var mathFloat = map[string]func(float64) float64{
	"sqrt": math.Sqrt, "exp": math.Exp, "log": math.Log, "log2": math.Log2, "log10": math.Log10,
	"sin": math.Sin, "cos": math.Cos, "tan": math.Tan, "fabs": math.Abs,
}

// mathInt are the math module's functions of one real number that return an int.
var mathInt = map[string]func(float64) float64{"ceil": math.Ceil, "floor": math.Floor, "trunc": math.Trunc}

// callStdlib calls a member of a standard-library module: math's functions of known numbers give
// known numbers, of unknown ones a number of the right type; anything else is unknown.
func (s *Interp) callStdlib(f vStdlib, c *call) value {
	s.useAll(c.args)
	if op, ok := operatorFuncs[strings.TrimPrefix(f.path, "operator.")]; ok && strings.HasPrefix(f.path, "operator.") {
		if len(c.args) != 2 || len(c.kw) > 0 {
			return vUnknown{}
		}
		incref(c.args[0])
		incref(c.args[1])
		return s.binop(op, c.args[0], c.args[1], c.e)
	}
	if f.path == "functools.reduce" {
		return s.reduce(c)
	}
	if name, ok := strings.CutPrefix(f.path, "re."); ok {
		return callRe(name, c) // pyre.go
	}
	name, ok := strings.CutPrefix(f.path, "math.")
	if !ok {
		return vUnknown{}
	}
	if fn, ok := mathInt[name]; ok && len(c.args) == 1 {
		if i, ok := c.args[0].(vInt); ok {
			return i // an int is its own ceiling
		}
		if x, ok := floatValue(c.args[0]); ok {
			return intOfFloat(fn(x))
		}
		return vInt{}
	}
	if fn, ok := mathFloat[name]; ok && len(c.args) == 1 {
		if x, ok := floatValue(c.args[0]); ok {
			return realFloat(fn(x))
		}
		return vFloat{}
	}
	switch name {
	case "pow", "hypot", "atan2":
		return vFloat{}
	case "prod":
		if len(c.args) == 1 && len(c.kw) == 0 {
			if elts, ok := knownElements(c.args[0]); ok {
				return s.fold(ast.Mult, elts, knownInt(1), c.e)
			}
		}
		return vInt{}
	case "factorial", "comb", "perm", "gcd", "lcm", "isqrt":
		return vInt{}
	}
	return vUnknown{}
}

// reduce is functools.reduce(f, iterable[, initial]) over a tuple or list of known length, f an
// operator function or a function value; unknown otherwise.
func (s *Interp) reduce(c *call) value {
	if len(c.args) < 2 || len(c.args) > 3 || len(c.kw) > 0 {
		return vUnknown{}
	}
	elts, ok := knownElements(c.args[1])
	if !ok {
		return vUnknown{}
	}
	var acc value
	if len(c.args) == 3 {
		acc = c.args[2]
	} else if len(elts) > 0 {
		acc, elts = elts[0], elts[1:]
	} else {
		return vUnknown{} // Python raises: an empty sequence with no initial value
	}
	if f, ok := c.args[0].(vStdlib); ok {
		if op, ok := operatorFuncs[strings.TrimPrefix(f.path, "operator.")]; ok && strings.HasPrefix(f.path, "operator.") {
			return s.fold(op, elts, acc, c.e)
		}
		return vUnknown{}
	}
	fn, ok := c.args[0].(vFunc)
	if !ok {
		return vUnknown{}
	}
	incref(acc)
	for _, x := range elts {
		incref(x)
		acc = s.callClosure(fn, []value{acc, x}, nil)
	}
	return acc
}

// fold is acc op e1 op e2 … (references of acc and elts not taken).
func (s *Interp) fold(op ast.Operator, elts []value, acc value, e ast.Node) value {
	incref(acc)
	for _, x := range elts {
		incref(x)
		acc = s.binop(op, acc, x, e)
	}
	return acc
}

// knownElements are the elements of a tuple or a list whose length is known (nothing
// extrapolated in it).
func knownElements(v value) ([]value, bool) {
	switch v := v.(type) {
	case vTuple:
		return v.elts, true
	case vList:
		for _, e := range v.l.elts {
			if o, ok := isArray(e); ok && o.stands > 0 {
				return nil, false
			}
		}
		return v.l.elts, true
	}
	return nil, false
}

// intOfFloat is int(x) of a float that is already integral, or truncated: a known int when it
// fits an int64.
func intOfFloat(x float64) value {
	x = math.Trunc(x)
	if math.IsNaN(x) || x < math.MinInt64 || x >= math.MaxInt64 {
		return vInt{}
	}
	return knownInt(int64(x))
}

// realFloat is a known float, or an unknown one for NaN and the infinities.
func realFloat(x float64) value {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return vFloat{}
	}
	return knownFloat(x)
}

// builtinNumber evaluates int(x), float(x), round(x[, n]) and abs(x) on Python numbers; ok is
// false for other arguments (arrays, strings), which the caller handles.
func builtinNumber(name string, c *call) (value, bool) {
	if len(c.kw) > 0 || len(c.args) == 0 {
		return nil, false
	}
	x := c.args[0]
	if _, ok := scalarDType(x); !ok {
		return nil, false
	}
	f, known := floatValue(x)
	switch name {
	case "int":
		if i, ok := x.(vInt); ok {
			return i, true
		}
		if known && len(c.args) == 1 {
			return intOfFloat(f), true
		}
		return vInt{}, true
	case "float":
		if known && len(c.args) == 1 {
			return knownFloat(f), true
		}
		return vFloat{}, true
	case "round":
		if len(c.args) == 1 {
			if i, ok := x.(vInt); ok {
				return i, true
			}
			if known {
				return intOfFloat(math.RoundToEven(f)), true
			}
			return vInt{}, true
		}
		if n, ok := intValue(c.args[1]); ok && known && n >= 0 && n <= 15 {
			if _, isInt := x.(vInt); isInt {
				return x, true
			}
			p := math.Pow(10, float64(n))
			return realFloat(math.RoundToEven(f*p) / p), true
		}
		if _, isInt := x.(vInt); isInt {
			return vInt{}, true
		}
		return vFloat{}, true
	case "abs":
		if i, ok := x.(vInt); ok {
			if i.known {
				return knownInt(max(i.n, -i.n)), true
			}
			return vInt{}, true
		}
		if known {
			return knownFloat(math.Abs(f)), true
		}
		return vFloat{}, true
	}
	return nil, false
}

// builtinMinMax evaluates min and max of known numbers, given as arguments or as one tuple or
// list; ok is false otherwise.
func builtinMinMax(name string, c *call) (value, bool) {
	if len(c.kw) > 0 || len(c.args) == 0 {
		return nil, false
	}
	xs := c.args
	if len(xs) == 1 {
		switch v := xs[0].(type) {
		case vTuple:
			xs = v.elts
		case vList:
			xs = v.l.elts
		default:
			return nil, false
		}
	}
	if len(xs) == 0 {
		return nil, false
	}
	var best value
	var bf float64
	for _, x := range xs {
		f, ok := floatValue(x)
		if !ok {
			return nil, false
		}
		if best == nil || name == "min" && f < bf || name == "max" && f > bf {
			best, bf = x, f
		}
	}
	if i, ok := best.(vInt); ok {
		return knownInt(i.n), true
	}
	return knownFloat(bf), true
}

// argv is sys.argv: the program's name, then the command line the run is given (Config.Argv),
// none by default — so `int(sys.argv[1]) if len(sys.argv) > 1 else 1000` takes its fallback,
// as the program run without arguments does.
func (s *Interp) argv() value {
	elts := []value{vStr{s: "program.py"}}
	if s.cfg.Argv != nil {
		s.shared.argvRead = true
	}
	for _, a := range s.cfg.Argv {
		elts = append(elts, vStr{s: a})
	}
	return vList{&pyList{refs: 1, elts: elts}}
}
