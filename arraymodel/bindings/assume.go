package bindings

// This file reads the values a user binds to names the program leaves unknown (`N=10_000_000`),
// from `# arraylint: assume` comments, the command line (`--assume`) and the `assume` table of
// [tool.arraylint.memory]. The array model evaluates such a name to its value, so the rules and
// the memory estimate see the same sizes.

import (
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// ResolveAssume merges the bindings for file f, highest first: flags (the command line), the file's
// comments, then config ([tool.arraylint.memory.assume]).
func ResolveAssume(f *pyparse.File, flags, config map[string]int64) (map[string]int64, error) {
	out, _, err := ResolveAssumeOrigins(f, flags, config)
	return out, err
}

// AssumeTable reads an assume table as the configuration hands it over: NAME = integer.
func AssumeTable(v any) (map[string]int64, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("assume: want a table of NAME = integer")
	}
	out := make(map[string]int64, len(m))
	for name, val := range m {
		n, ok := val.(int64)
		if !ok {
			return nil, fmt.Errorf("assume.%s: want an integer, have %v", name, val)
		}
		out[name] = n
	}
	return out, nil
}

// sizeNameRE matches the sizes an input's shape gives, which an assumption may bind like a name:
// X.shape[0], self.data.shape[1], X.size, len(X).
var sizeNameRE = regexp.MustCompile(`^(?:[A-Za-z_][A-Za-z0-9_.]*\.(?:shape\[[0-9]+\]|size)|len\([A-Za-z_][A-Za-z0-9_.]*\))$`)

// SizeName reports whether name can be assumed: an identifier (N), or a size an input's shape
// gives (X.shape[0], X.size, len(X)), as the memory estimate names the sizes it does not know.
func SizeName(name string) bool {
	return isIdent(name) || InputSize(name)
}

// InputSize reports whether name is a size an input's shape gives (X.shape[0], X.size, len(X)),
// not a name.
func InputSize(name string) bool { return sizeNameRE.MatchString(name) }

var assumeRE = regexp.MustCompile(`#\s*arraylint:\s*assume\s+(.*)$`)

// AssumeComments reads `# arraylint: assume N=10_000_000, M=2**20` comments. A comment that does
// not parse is left out (AssumeCommentProblems reports it); the error is always nil.
func AssumeComments(f *pyparse.File) (map[string]int64, error) {
	out, _, _ := assumeComments(f)
	return out, nil
}

// CommentProblem is a `# arraylint:` comment that does not parse: the comment's range and why.
type CommentProblem struct {
	Range pyparse.Range
	Msg   string
}

// AssumeCommentProblems returns the file's `# arraylint: assume` comments that do not parse,
// which every reader of the assumptions leaves out.
func AssumeCommentProblems(f *pyparse.File) []CommentProblem {
	_, _, bad := assumeComments(f)
	return bad
}

// assumeComments is AssumeComments that also returns the line each name is bound on, and the
// comments left out.
func assumeComments(f *pyparse.File) (map[string]int64, map[string]int, []CommentProblem) {
	out, lines := map[string]int64{}, map[string]int{}
	var bad []CommentProblem
	for _, c := range f.Comments {
		if !c.Mentions(f.Src, "arraylint") {
			continue // most comments: no copy, no regexp run
		}
		text := c.Text(f.Src)
		m := assumeRE.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		line := f.Lines.Line(c.Start)
		binds, err := ParseAssume(m[1])
		if err != nil {
			bad = append(bad, CommentProblem{Range: c.Range, Msg: "`arraylint: assume` comment ignored: " + err.Error()})
			continue
		}
		for k, v := range binds {
			out[k], lines[k] = v, line
		}
	}
	return out, lines, bad
}

// ParseAssume parses "N=10_000_000, M=1024*1024" (also space-separated) into bindings. Values
// are integers with optional underscores, joined by * or **.
func ParseAssume(s string) (map[string]int64, error) {
	out := map[string]int64{}
	for _, part := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		name, val, ok := strings.Cut(part, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" || !SizeName(name) {
			return nil, fmt.Errorf("parse assume %q: want NAME=INTEGER", part)
		}
		n, err := evalIntExpr(val)
		if err != nil {
			return nil, fmt.Errorf("parse assume %q: %w", part, err)
		}
		out[name] = n
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("parse assume %q: no NAME=INTEGER", s)
	}
	return out, nil
}

// evalIntExpr evaluates products and powers of integer literals: "1024*1024", "2**20", "10_000".
func evalIntExpr(s string) (int64, error) {
	s = strings.ReplaceAll(strings.TrimSpace(s), "_", "")
	if s == "" {
		return 0, fmt.Errorf("empty value")
	}
	result := int64(1)
	for _, factor := range splitTop(s, "*") {
		base, exp, isPow := strings.Cut(factor, "**")
		b, err := strconv.ParseInt(strings.TrimSpace(base), 0, 64)
		if err != nil {
			return 0, fmt.Errorf("%q is not an integer", base)
		}
		if isPow {
			e, err := strconv.ParseInt(strings.TrimSpace(exp), 0, 64)
			if err != nil || e < 0 || e > 62 {
				return 0, fmt.Errorf("bad exponent %q", exp)
			}
			p := int64(1)
			for i := int64(0); i < e; i++ {
				if b != 0 && p > (1<<62)/abs64(b) {
					return 0, fmt.Errorf("%q overflows", factor)
				}
				p *= b
			}
			b = p
		}
		if b != 0 && abs64(result) > (1<<62)/abs64(b) {
			return 0, fmt.Errorf("%q overflows", s)
		}
		result *= b
	}
	return result, nil
}

// splitTop splits on single "*" but not on "**".
func splitTop(s, sep string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '*' {
			if i+1 < len(s) && s[i+1] == '*' {
				i++
				continue
			}
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return append(out, s[start:])
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

// ParseAssumeFlag parses one `--assume NAME=VALUE`: an integer expression as ParseAssume takes
// (n, with expr ""), or any other Python expression — a literal (1.5, 'all', False, None,
// (1000, 3)) or a dotted name (numpy, numpy.float32) — returned as expr, for the memory estimate
// to evaluate in the file's module scope.
func ParseAssumeFlag(s string) (name string, n int64, expr string, err error) {
	name, val, ok := strings.Cut(s, "=")
	name = strings.TrimSpace(name)
	if !ok || !SizeName(name) {
		return "", 0, "", fmt.Errorf("parse assume %q: want NAME=VALUE", s)
	}
	if n, err := evalIntExpr(val); err == nil {
		return name, n, "", nil
	}
	// Integer arithmetic evalIntExpr does not take (parentheses, + and -, a literal past int64)
	// is still an integer: evaluated exactly, and refused when it does not fit, never passed on
	// as an expression that nothing evaluates.
	if e, ok := ParseValueExpr(strings.TrimSpace(val)); ok {
		if v, isInt := intArith(e); isInt {
			if v == nil || !v.IsInt64() {
				return "", 0, "", fmt.Errorf("parse assume %q: %s is out of range (at most %d)", s, strings.TrimSpace(val), int64(math.MaxInt64))
			}
			return name, v.Int64(), "", nil
		}
	}
	if !isIdent(name) {
		return "", 0, "", fmt.Errorf("parse assume %q: the size %s takes an integer", s, name)
	}
	val = strings.TrimSpace(val)
	if _, ok := ParseValueExpr(val); !ok {
		return "", 0, "", fmt.Errorf("parse assume %q: %q is neither an integer nor a Python expression", s, val)
	}
	return name, 0, val, nil
}

// ParseValueExpr parses the Python expression of an assumed value (numpy.float32, (1000, 3)).
func ParseValueExpr(src string) (ast.Expr, bool) {
	f, err := pyparse.Parse([]byte("_ = " + src + "\n"))
	if err != nil || len(f.Errors) > 0 || len(f.Module.Body) != 1 {
		return nil, false
	}
	as, ok := f.Module.Body[0].(*ast.Assign)
	if !ok {
		return nil, false
	}
	return as.Value, true
}

// intArith evaluates e when it is integer arithmetic: integer literals combined by unary + and
// -, +, -, *, // and ** (parenthesised as Python allows). isInt is false for anything else; v
// is nil when the value is too large to compute (past 4096 bits) or divides by zero.
func intArith(e ast.Expr) (v *big.Int, isInt bool) {
	const maxBits = 4096
	switch e := e.(type) {
	case *ast.Constant:
		if e.Value.Kind != ast.ConstInt {
			return nil, false
		}
		if e.Value.Big != nil {
			return new(big.Int).Set(e.Value.Big), true
		}
		return big.NewInt(e.Value.Int), true
	case *ast.UnaryOp:
		x, ok := intArith(e.Operand)
		switch {
		case !ok || e.Op != ast.UAdd && e.Op != ast.USub:
			return nil, false
		case x == nil || e.Op == ast.UAdd:
			return x, true
		}
		return x.Neg(x), true
	case *ast.BinOp:
		x, okx := intArith(e.Left)
		y, oky := intArith(e.Right)
		if !okx || !oky {
			return nil, false
		}
		switch e.Op {
		case ast.Add, ast.Sub, ast.Mult, ast.FloorDiv, ast.Pow:
		default:
			return nil, false
		}
		if x == nil || y == nil {
			return nil, true
		}
		switch e.Op {
		case ast.Add:
			return x.Add(x, y), true
		case ast.Sub:
			return x.Sub(x, y), true
		case ast.Mult:
			if x.BitLen()+y.BitLen() > maxBits {
				return nil, true
			}
			return x.Mul(x, y), true
		case ast.FloorDiv:
			if y.Sign() == 0 {
				return nil, true
			}
			q, m := new(big.Int).DivMod(x, y, new(big.Int))
			if m.Sign() != 0 && y.Sign() < 0 {
				q.Sub(q, big.NewInt(1)) // DivMod rounds toward -inf for y > 0 only
			}
			return q, true
		default: // ast.Pow
			if y.Sign() < 0 {
				return nil, false // a float in Python
			}
			if x.CmpAbs(big.NewInt(1)) > 0 && (!y.IsInt64() || int64(x.BitLen()-1)*y.Int64() > maxBits) {
				return nil, true
			}
			return x.Exp(x, y, nil), true
		}
	}
	return nil, false
}
