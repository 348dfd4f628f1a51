// Package missingout defines rule AL304: a fresh full-size temporary where an output buffer
// exists or could (a = a + b, c = b + 2 with b dead, compound expressions, allocation per loop
// iteration), on arrays known to be large.
package missingout

import (
	_ "embed"
	"fmt"
	"slices"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL304 missing-out.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL304", Name: "missing-out", Since: "0.1.0", Doc: doc,
	Summary:  "large temporary array where an output buffer would do",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Options:  sizepolicy.Options(minBytesOpt, onceMinBytesOpt.Option),
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer},
	Run:      run,
})

// minBytesOpt is the size below which a temporary is too small to matter.
var minBytesOpt = sizepolicy.MinBytes("report only temporaries known to be at least this many bytes")

// onceMinBytesOpt is the size below which a temporary allocated once — outside any loop, in
// code whose memory is the machine's or a whole device's (NumPy, CuPy) — is not worth a rewrite.
// Measured on real code (bench/precision.md): such findings of 2 to 18 MB, in demos and plotting
// code, were all rejected; the cuPyNumeric OOM guide's 8 MiB temporaries matter because Legate's
// pools are sized by the user (40 MiB there), so on cuPyNumeric min-bytes applies.
var onceMinBytesOpt = analyzer.NewOption[int64]("once-min-bytes", 64<<20,
	"report a temporary allocated once (outside loops; NumPy and CuPy) only when it is at least this many bytes")

// augmentable are the operators with an in-place form whose result equals the binary form.
var augmentable = map[ast.Operator]bool{ast.Add: true, ast.Sub: true, ast.Mult: true, ast.Div: true,
	ast.FloorDiv: true, ast.Mod: true, ast.Pow: true}

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	pol := sizepolicy.For(pass, in.Path, info, minBytesOpt.Value(pass))
	if pol.Silent() {
		return nil, nil // test code: nothing is reported, so nothing is asked of the arrays
	}
	once := onceMinBytesOpt.Value(pass)
	for n := range in.Inspector.Preorder((*ast.Assign)(nil), (*ast.Return)(nil)) {
		var d analysis.Diagnostic
		var size sizepolicy.Size
		var ok bool
		switch n := n.(type) {
		case *ast.Assign:
			d, size, ok = check(pass, in, info, n, pol, once)
		case *ast.Return:
			d, size, ok = checkReturn(in, info, n, pol, once)
		}
		if ok {
			pol.Report(pass, size, d)
		}
	}
	return nil, nil
}

// chain is a left-leaning chain of arithmetic operators: base op1 a op2 b …
type chain struct {
	base   ast.Expr
	ops    []*ast.BinOp // innermost first
	rights []ast.Expr   // the operand each op applies to the running value (op.Right unless swapped)
	final  *arrays.Array
}

// commutative operators may take the running value from either side.
var commutative = map[ast.Operator]bool{ast.Add: true, ast.Mult: true}

// swapFor makes the innermost operand named name the base when the innermost operator is
// commutative (`c = 2 * b` is `b * 2`); it reports whether it did.
func (ch *chain) swapFor(name func(*ast.Name) bool) bool {
	op := ch.ops[0]
	r, ok := op.Right.(*ast.Name)
	if !ok || !commutative[op.Op] || !name(r) {
		return false
	}
	if l, ok := ch.base.(*ast.Name); ok && name(l) {
		return false
	}
	ch.base, ch.rights[0] = op.Right, op.Left
	return true
}

func flatten(e ast.Expr) (chain, bool) {
	var ops []*ast.BinOp
	for {
		b, ok := e.(*ast.BinOp)
		if !ok || !augmentable[b.Op] {
			break
		}
		ops = append(ops, b)
		e = b.Left
	}
	if len(ops) == 0 {
		return chain{}, false
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	rights := make([]ast.Expr, len(ops))
	for i, op := range ops {
		rights[i] = op.Right
	}
	return chain{base: e, ops: ops, rights: rights}, true
}

func check(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, asg *ast.Assign, pol sizepolicy.Policy, once int64) (analysis.Diagnostic, sizepolicy.Size, bool) {
	if len(asg.Targets) != 1 {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	tgt, ok := asg.Targets[0].(*ast.Name)
	if !ok {
		return checkStore(in, info, asg, pol, once)
	}
	if call, ok := asg.Value.(*ast.Call); ok {
		return checkUfuncArg(in, info, asg, call, pol, once)
	}
	ch, ok := flatten(asg.Value)
	if !ok {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	res, ok := info.Array(asg.Value)
	if !ok || res.Origin != arrays.Fresh || res.Backend == imports.JAX {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false // jax arrays are immutable and XLA fuses their temporaries
	}
	size, nb, ok := sizeOf(res)
	if !ok {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	if !size.Known {
		// what decides a size not known (made only then: most temporaries are of known size)
		size.Small = func() bool { return info.ShownSmall(res, asg) }
		size.Minor = func() bool { return info.Minor(asg, res) }
		size.FromOption = func() bool { return info.FromOption(asg, res) }
		size.Stated = func() (int64, string, bool) {
			n, where, ok := info.StatedElems(asg, res)
			if !res.DType.Known() {
				return 0, "", false
			}
			return n * res.DType.ItemSize(), where, ok
		}
		size.AtMost, _ = arrays.BytesAtMost(res)
	}
	if pol.Decide(size) == sizepolicy.Quiet || smallOnce(info, asg, res, size, pol.Min, once) ||
		!size.Known && info.EnclosingLoop(asg) == nil && info.DwarfedBeside(asg, res) {
		return analysis.Diagnostic{}, sizepolicy.Size{}, false
	}
	size.Source = func() string { return info.SizeSource(asg, res) }
	if size.Known {
		size.Formula = func() string { f, _ := arrays.FormulaExpr(res); return f }
	}
	ch.final = res
	valueText := in.Snippet(asg.Value, 28)
	// `a = b + a` updates a; `c = 2 * b` with b dead reuses b: take the running value from the right
	if !ch.swapFor(func(n *ast.Name) bool { return n.ID == tgt.ID }) {
		ch.swapFor(func(n *ast.Name) bool {
			a, ok := info.Array(n)
			return ok && a.Origin == arrays.Fresh && a.DType == res.DType && arrays.SameShape(a, res) &&
				!readLater(info, asg, n.ID) && !info.MayAlias(asg, n.ID)
		})
	}
	base, baseIsName := ch.base.(*ast.Name)
	baseArr, baseIsArr := info.Array(ch.base)
	onNumPy := numpyChain(info, res)
	// NumPy adds `a + (b * c)` into the temporary b * c: the whole chain makes no array beyond
	// its operands' own, so updating a or b in place saves nothing there (elision.go)
	elided := onNumPy && elidedFirst(info, ch, res) && elidedRest(ch)
	switch {
	case baseIsName && base.ID == tgt.ID && baseIsArr && baseArr.DType == res.DType && arrays.SameShape(baseArr, res):
		// (a result of another dtype or shape cannot live in the old buffer: not reported)
		if readsTarget(ch, tgt.ID) || elided {
			return analysis.Diagnostic{}, sizepolicy.Size{}, false
		}
		if info.MayAlias(asg, tgt.ID) {
			// a view (a = b[::2]), a parameter or an array that escaped: updating it in place
			// would change the array it shares data with, so the rebinding is what the code needs
			// — once. Rebound on every iteration of a loop, it holds a fresh array from the second
			// on: a copy before the loop makes the update in place right (no fix: the copy's place
			// needs a human).
			if loop := info.EnclosingLoop(asg); loop != nil && !sizeVaries(info, loop, res) && freshAfterFirst(info, loop, asg, tgt.ID) {
				return in.Diagnostic(asg, "`%s = %s` allocates a new array of %s on every iteration; copy `%s` once before the loop and update it in place",
					tgt.ID, valueText, nb, tgt.ID), size, true
			}
			return analysis.Diagnostic{}, sizepolicy.Size{}, false
		}
		d := in.Diagnostic(asg, "`%s = %s` allocates a new array of %s; update `%s` in place", tgt.ID, valueText, nb, tgt.ID)
		if fix, ok := inPlaceFix(pass, in, info, asg, ch, tgt.ID, tgt.ID, false); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		return d, size, true
	case baseIsName && baseIsArr && baseArr.Origin == arrays.Fresh && baseArr.DType == res.DType && arrays.SameShape(baseArr, res) &&
		!readLater(info, asg, base.ID) && !info.MayAlias(asg, base.ID):
		if elided {
			return analysis.Diagnostic{}, sizepolicy.Size{}, false
		}
		d := in.Diagnostic(asg, "`%s` allocates %s while `%s` is never used again; reuse `%s`", valueText, nb, base.ID, base.ID)
		if fix, ok := inPlaceFix(pass, in, info, asg, ch, base.ID, tgt.ID, true); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		return d, size, true
	case len(ch.ops) > 1 && !(onNumPy && elidedRest(ch)):
		// (on NumPy the operators after the first compute in place into its result: no
		// temporary beside the result)
		inner := ch.ops[0]
		ia, ok := info.Array(inner)
		if !ok || ia.Origin != arrays.Fresh || ia.DType != res.DType || !arrays.SameShape(ia, res) {
			break // an intermediate of another dtype or shape cannot become the result buffer
		}
		isize, inb, ok := sizeOf(ia)
		if !ok || pol.Decide(isize) == sizepolicy.Quiet {
			break
		}
		n := len(ch.ops) - 1
		what := "a temporary"
		if n > 1 {
			what = fmt.Sprintf("%d temporaries", n)
		}
		d := in.Diagnostic(asg, "`%s` allocates %s of %s for `%s`; compute it in place", valueText, what, inb, in.Snippet(inner, 28))
		if fix, ok := inPlaceFix(pass, in, info, asg, ch, tgt.ID, tgt.ID, true); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		return d, size, true
	}
	if len(ch.ops) == 1 && temporaryOperands(info, ch.ops[0], res) && !(onNumPy && elidedFirst(info, ch, res)) {
		// A = np.zeros((n, n)) + 8 * np.eye(n): both operands are arrays of the result's size
		// that die at once; the sum could be computed in either of them
		op := ch.ops[0]
		return in.Diagnostic(asg, "`%s` allocates %s for a result both temporaries `%s` and `%s` could hold; compute it in one of them",
			valueText, nb, in.Snippet(op.Left, 20), in.Snippet(op.Right, 20)), size, true
	}
	if loop := info.EnclosingLoop(asg); loop != nil && !references(asg.Value, tgt.ID) && !keptPerIteration(info, loop, tgt.ID) &&
		!sizeVaries(info, loop, res) && !info.DwarfedIn([]ast.Stmt{loop}, res) {
		return in.Diagnostic(asg, "`%s` allocates %s on every iteration; preallocate and pass `out=`", valueText, nb), size, true
	}
	return analysis.Diagnostic{}, sizepolicy.Size{}, false
}

// sizeOf returns what is known of a's size for the size policy and its text for the message:
// "8,388,608 bytes" when known, a formula such as "8·A.shape[1] bytes" when it scales with the
// data; false when neither (a size the message could not state).
func sizeOf(a *arrays.Array) (sizepolicy.Size, string, bool) {
	if n, ok := a.NBytes(); ok {
		return sizepolicy.Size{Bytes: n, Known: true}, arrays.Bytes(n), true
	}
	if f, ok := arrays.BytesExpr(a); ok {
		return sizepolicy.Size{}, f + " bytes", true
	}
	return sizepolicy.Size{}, "", false
}

func references(e ast.Node, name string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if nm, ok := n.(*ast.Name); ok && nm.ID == name {
			found = true
		}
		return !found
	})
	return found
}

// readLater reports whether name may be read after asg: a plain read, or through the mask of an
// index array used later (rule AL301's fix re-evaluates `nonzero(mask)`'s mask at the scatter,
// so updating a name of that mask in place here would change what the fixed code selects).
func readLater(info *arrays.Info, asg *ast.Assign, name string) bool {
	if info.ReadAfter(asg, name) {
		return true
	}
	s := info.ScopeOf(asg)
	for _, loads := range s.Loads {
		for _, n := range loads {
			if n.Start < asg.End {
				continue
			}
			if a, ok := info.Array(n); ok && a.Producer != nil && a.MaskExpr != nil && references(a.MaskExpr, name) {
				return true
			}
		}
	}
	return false
}

// keptPerIteration reports whether the loop hands the array bound to name somewhere that keeps
// it (a list, another name, a function): then each iteration needs its own array.
func keptPerIteration(info *arrays.Info, loop ast.Stmt, name string) bool {
	s := info.ScopeOf(loop)
	for _, n := range s.Loads[name] {
		if loop.Span().Encloses(n.Span()) && info.Escapes(n) {
			return true
		}
	}
	return false
}

// smallOnce reports a known-size temporary allocated once, outside any loop, smaller than once
// on a backend whose memory is not a user-sized pool (everything but cuPyNumeric). With
// min-bytes 0 every temporary speaks, as the option says. A statement of a function the file
// calls inside a loop (`for …: a = get_accel(pos)`) runs once per iteration of that loop, not
// once.
func smallOnce(info *arrays.Info, asg ast.Stmt, res *arrays.Array, size sizepolicy.Size, minBytes, once int64) bool {
	return minBytes > 0 && size.Known && size.Bytes < once && res.Backend&imports.CuPyNumeric == 0 &&
		info.EnclosingLoop(asg) == nil && info.CalledInLoop(asg) == nil
}

// temporaryOperands reports whether both operands of op are fresh arrays no name holds (calls or
// operators) with res's dtype and shape, one of them made by a creation function (np.zeros,
// np.eye: no data computed, only memory): three arrays of that size live at once where two do.
// A sum of two computed terms (np.exp(x) + np.log(y)) is a formula, left as written.
func temporaryOperands(info *arrays.Info, op *ast.BinOp, res *arrays.Array) bool {
	created := false
	for _, e := range []ast.Expr{op.Left, op.Right} {
		if c, ok := e.(*ast.Call); ok {
			if f, ok := info.Callee(c); ok && !f.Method && (f.Func.Kind == npapi.Constructor || f.Func.Kind == npapi.Like) {
				created = true
			}
		}
	}
	if !created {
		return false
	}
	for _, e := range []ast.Expr{op.Left, op.Right} {
		switch e.(type) {
		case *ast.Call, *ast.BinOp:
		default:
			return false
		}
		a, ok := info.Array(e)
		if !ok || a.Origin != arrays.Fresh || a.DType != res.DType || !arrays.SameShape(a, res) {
			return false
		}
	}
	return true
}

// freshAfterFirst reports whether name, rebound by asg on every iteration of loop, holds an
// array only asg made from the second iteration on: asg is a statement of the loop's own body
// (not under a branch), and no other read of name in the loop hands the array on (stores it,
// returns it, passes it to a function that is not an array function) and no other statement of
// the loop binds it.
func freshAfterFirst(info *arrays.Info, loop ast.Stmt, asg *ast.Assign, name string) bool {
	var body []ast.Stmt
	switch l := loop.(type) {
	case *ast.For:
		body = l.Body
	case *ast.While:
		body = l.Body
	default:
		return false
	}
	if !slices.Contains(body, ast.Stmt(asg)) {
		return false
	}
	ok := true
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
				ast.Inspect(n, func(x ast.Node) bool {
					if nm, isName := x.(*ast.Name); isName && nm.ID == name {
						ok = false
					}
					return ok
				})
				return false
			case ast.Stmt:
				if n != ast.Stmt(asg) && slices.ContainsFunc(assigned(n), func(t string) bool { return t == name }) {
					ok = false
				}
			case *ast.Name:
				if n.ID == name && !asg.Span().Encloses(n.Span()) && info.Escapes(n) {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// assigned returns the names a statement binds itself (ast.StmtTargets).
func assigned(st ast.Stmt) []string {
	var out []string
	for _, t := range ast.StmtTargets(st) {
		out = append(out, ast.TargetNames(t)...)
	}
	return out
}
