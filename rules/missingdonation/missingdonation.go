// Package missingdonation defines rule AL107: a jitted step called in a loop whose outputs
// rebind its inputs (`params, opt_state = step(params, opt_state, batch)`) without donating
// them, so each call holds the old and the new state at once.
package missingdonation

import (
	_ "embed"
	"fmt"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL107 missing-donation.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL107", Name: "missing-donation", Since: "0.3.0", Doc: doc,
	Summary:  "jitted step rebinds its inputs without donating them",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer, jaxtrace.Analyzer},
	Options:  sizepolicy.Options(minBytes),
	Run:      run,
})

var minBytes = sizepolicy.MinBytes("stay quiet on state known to be smaller than this many bytes in all (the memory donation would save)")

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	tr := pass.ResultOf[jaxtrace.Analyzer].(*jaxtrace.Info)
	if len(tr.Funcs()) == 0 {
		return nil, nil
	}
	arr := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	pol := sizepolicy.For(pass, in.Path, arr, minBytes.Value(pass))
	if pol.Silent() {
		return nil, nil // test code: nothing is reported, so nothing is asked of the arrays
	}
	seen := map[*ast.Assign]bool{}
	var found []finding
	in.Inspector.Inspect(func(n ast.Node) bool {
		var body []ast.Stmt
		switch l := n.(type) {
		case *ast.For:
			body = l.Body
		case *ast.While:
			body = l.Body
		default:
			return true
		}
		if tr.Enclosing(n) != nil {
			return true // inside a traced function the inner jit is inlined: donation does nothing
		}
		for _, st := range ast.Flatten(body, ast.NotScope) {
			if a, ok := st.(*ast.Assign); ok && !seen[a] {
				seen[a] = true
				if f, ok := check(in, arr, tr, a, n.(ast.Stmt)); ok && pol.Decide(f.size) != sizepolicy.Quiet {
					found = append(found, f)
				}
			}
		}
		return true
	})
	// One fix per transformation, on its first finding, donating what every finding asks: two
	// fixes would each add the keyword.
	union := map[*jaxtrace.Transform][]int{}
	for _, f := range found {
		union[f.t] = append(union[f.t], f.positions...)
	}
	fixed := map[*jaxtrace.Transform]bool{}
	for _, f := range found {
		nums := numsText(append(slices.Clone(f.t.DonateNums), f.positions...))
		d := in.Diagnostic(f.a, "%s rebound to `%s`'s outputs undonated: old and new both live; donate with `donate_argnums=%s`",
			f.what, f.callee, nums)
		if !fixed[f.t] {
			fixed[f.t] = true
			if fix, ok := donateFix(pass, in, f.t, numsText(append(slices.Clone(f.t.DonateNums), union[f.t]...))); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
		}
		pol.Report(pass, f.size, d)
	}
	return nil, nil
}

// finding is one rebinding call to report.
type finding struct {
	a         *ast.Assign
	t         *jaxtrace.Transform
	what      string // the rebound arguments and their size
	size      sizepolicy.Size
	callee    string
	positions []int // the argument positions to donate, as the transformation counts them
}

// check finds an assignment whose targets rebind arguments of a jitted call that are not
// donated.
func check(in *pyinspect.Result, arr *arrays.Info, tr *jaxtrace.Info, a *ast.Assign, loop ast.Stmt) (finding, bool) {
	call, ok := a.Value.(*ast.Call)
	if !ok || len(a.Targets) != 1 {
		return finding{}, false
	}
	fn, t, shift, ok := tr.Callee(call)
	if !ok || t.OptsUnknown {
		return finding{}, false
	}
	targets := map[string]bool{}
	for _, e := range flatten(a.Targets[0]) {
		targets[in.Text(e)] = true
	}
	// outIndex is the position of the target a rebound argument is, among the call's outputs
	// (-1 when the targets are not one flat tuple of names: its output sharding is then unknown)
	outIndex, outs := func(arg ast.Expr) int { return 0 }, 1
	if tup, ok := a.Targets[0].(*ast.Tuple); ok {
		outs = len(tup.Elts)
		outIndex = func(arg ast.Expr) int {
			for j, e := range tup.Elts {
				if plainRef(e) && in.Text(e) == in.Text(arg) {
					return j
				}
			}
			return -1
		}
	}
	var names []string
	var positions []int
	var parts []statePart
	// consider takes arg, bound to the callee's positional parameter p (name, when the callee's
	// signature is known), as a rebound argument to donate unless it is static, donated or a key
	consider := func(arg ast.Expr, p int, name string) {
		if st, _ := t.Static(fn, p, name); st || t.Donated(fn, p, name) {
			return
		}
		if prngKey(arr, arg) {
			return // a PRNG key is two 32-bit words: nothing to save by donating it
		}
		if relaid(in, t, p-t.Shift, outIndex(arg), outs) {
			return // laid out otherwise on the way out: XLA cannot reuse its buffer
		}
		names = append(names, "`"+in.Text(arg)+"`")
		positions = append(positions, p-t.Shift)
		parts = append(parts, statePartOf(arr, arg, loop))
	}
	for j, arg := range call.Args {
		if _, star := arg.(*ast.Starred); star {
			return finding{}, false // positions after a *args are unknown
		}
		if !plainRef(arg) || !targets[in.Text(arg)] {
			continue
		}
		p := j + shift
		name := ""
		if fn != nil {
			if p >= fn.Positional {
				continue
			}
			name = fn.Params[p]
		} else if len(t.DonateNames) > 0 || len(t.StaticNames) > 0 {
			return finding{}, false // names without a signature: which positions they cover is unknown
		}
		consider(arg, p, name)
	}
	// a state passed by keyword (`train_step(state=state, batch=b)`): JAX maps donate_argnums to
	// the parameter of that position through the signature, however the call passes it
	for _, kw := range call.Keywords {
		// (a **kwargs binds no parameter a positional argument or keyword already binds)
		if kw.Arg == "" || fn == nil || !plainRef(kw.Value) || !targets[in.Text(kw.Value)] {
			continue
		}
		if p := slices.Index(fn.Params[:fn.Positional], kw.Arg); p >= shift {
			consider(kw.Value, p, kw.Arg)
		}
	}
	if len(names) == 0 {
		return finding{}, false
	}
	size, total := stateSize(arr, parts, a)
	what := strings.Join(names, ", ")
	if size.Known && total > 0 {
		what += " (" + arrays.Bytes(total) + ")"
	}
	return finding{a: a, t: t, what: what, size: size, callee: in.Snippet(call.Func, 30), positions: positions}, true
}

// statePart is what is known of the size of one rebound argument.
type statePart struct {
	bytes int64         // the size, when known
	known bool          // the size is known
	array *arrays.Array // the array it holds, when the array model has one
}

// statePartOf is the size of a rebound argument: known at the call, or else the size of the
// array its name was last assigned before the loop (the state the loop carries keeps its shape
// and dtype: the jitted step would be compiled again otherwise). An array of known length and
// unknown dtype counts 4 bytes an element, JAX's default float32.
func statePartOf(arr *arrays.Info, arg ast.Expr, loop ast.Stmt) statePart {
	var x *arrays.Array
	if a, ok := arr.Array(arg); ok {
		x = a
	}
	if name, ok := arg.(*ast.Name); ok && (x == nil || !sizeKnown(x)) {
		var before *ast.Assign
		for _, n := range arr.Assignments(arr.ScopeOf(name), name.ID) {
			if a, ok := n.(*ast.Assign); ok && a.End <= loop.Span().Start && len(a.Targets) == 1 {
				if t, ok := a.Targets[0].(*ast.Name); ok && t.ID == name.ID {
					before = a
				}
			}
		}
		if before != nil {
			if a, ok := arr.Array(before.Value); ok {
				x = a
			}
		}
	}
	if x == nil {
		return statePart{}
	}
	if n, ok := x.NBytes(); ok {
		return statePart{bytes: n, known: true, array: x}
	}
	if n, ok := x.Size(); ok {
		return statePart{bytes: 4 * n, known: true, array: x}
	}
	return statePart{array: x}
}

// sizeKnown reports whether a's element count is known.
func sizeKnown(a *arrays.Array) bool {
	_, ok := a.Size()
	return ok
}

// stateSize is the size of the rebound state for the size policy: known when every part is,
// else the sizes the project's callers state for the unknown parts (arrays.Info.StatedElems,
// 4 bytes an element), else unknown (the scale setting decides).
func stateSize(arr *arrays.Info, parts []statePart, at ast.Node) (sizepolicy.Size, int64) {
	var total int64
	known := true
	for _, p := range parts {
		total += p.bytes
		known = known && p.known
	}
	if known {
		return sizepolicy.Size{Bytes: total, Known: true}, total
	}
	stated := func() (int64, string, bool) {
		sum := total
		var wheres []string
		for _, p := range parts {
			if p.known {
				continue
			}
			if p.array == nil {
				return 0, "", false
			}
			n, where, ok := arr.StatedElems(at, p.array)
			if !ok {
				return 0, "", false
			}
			sum += 4 * n
			if !slices.Contains(wheres, where) {
				wheres = append(wheres, where)
			}
		}
		return sum, strings.Join(wheres, "; "), true
	}
	// every unknown part shown small, or minor beside the code's data, as AL303 asks of one array
	all := func(pred func(*arrays.Array) bool) func() bool {
		return func() bool {
			for _, p := range parts {
				if !p.known && (p.array == nil || !pred(p.array)) {
					return false
				}
			}
			return true
		}
	}
	return sizepolicy.Size{Stated: stated,
		Small: all(func(a *arrays.Array) bool { return arr.ShownSmall(a, at) }),
		Minor: all(func(a *arrays.Array) bool { return arr.Minor(at, a) })}, total
}

// keyMakers are the jax.random functions that return PRNG keys.
var keyMakers = map[string]bool{
	"PRNGKey": true, "key": true, "split": true, "fold_in": true, "clone": true, "wrap_key_data": true,
}

// prngKey reports whether arg names a PRNG key: some assignment in its scope binds it (alone
// or as an element of a tuple target) from jax.random.PRNGKey, key, split or fold_in, and
// none binds it from anything but a key maker or a call.
func prngKey(arr *arrays.Info, arg ast.Expr) bool {
	name, ok := arg.(*ast.Name)
	if !ok {
		return false
	}
	s := arr.ScopeOf(name)
	if s == nil {
		return false
	}
	key := false
	for _, n := range arr.Assignments(s, name.ID) {
		a, ok := n.(*ast.Assign)
		if !ok {
			continue
		}
		v := a.Value
		if sub, ok := v.(*ast.Subscript); ok {
			v = sub.Value // jax.random.split(key)[0]
		}
		c, ok := v.(*ast.Call)
		if !ok {
			return false
		}
		if r, ok := arr.Imports().Resolve(c.Func); ok && strings.HasPrefix(r.Qual, "jax.random.") && keyMakers[strings.TrimPrefix(r.Qual, "jax.random.")] {
			key = true
		}
	}
	return key
}

// plainRef reports whether e is a name or an attribute chain on one (`params`, `self.state`).
func plainRef(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.Name:
		return true
	case *ast.Attribute:
		return plainRef(x.Value)
	}
	return false
}

// flatten returns the plain references an assignment target binds.
func flatten(e ast.Expr) []ast.Expr {
	switch x := e.(type) {
	case *ast.Tuple:
		var out []ast.Expr
		for _, el := range x.Elts {
			out = append(out, flatten(el)...)
		}
		return out
	case *ast.List:
		var out []ast.Expr
		for _, el := range x.Elts {
			out = append(out, flatten(el)...)
		}
		return out
	}
	if plainRef(e) {
		return []ast.Expr{e}
	}
	return nil
}

// numsText renders positions as a tuple literal, sorted and without repeats: "(0, 1)", "(2,)".
func numsText(ps []int) string {
	slices.Sort(ps)
	ps = slices.Compact(ps)
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = fmt.Sprint(p)
	}
	if len(parts) == 1 {
		return "(" + parts[0] + ",)"
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// donateFix sets donate_argnums on the transformation: replaces a literal donate_argnums, adds
// the keyword to the options call (`jax.jit(f, …)`, `partial(jax.jit, …)`), or turns a bare
// `@jax.jit` into `@functools.partial(jax.jit, donate_argnums=…)` (partial.go). It is unsafe: a caller that reads a donated
// argument after the call gets an error.
func donateFix(pass *analysis.Pass, in *pyinspect.Result, t *jaxtrace.Transform, nums string) (analysis.SuggestedFix, bool) {
	var edit analysis.TextEdit
	switch {
	case t.Opts == nil:
		edits, ok := bareDecoratorEdits(in, t.Site, nums)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		fix := analysis.SuggestedFix{Message: "Donate with `donate_argnums=" + nums + "`", TextEdits: edits}
		analyzer.SetApplicability(pass, &fix, analyzer.Unsafe)
		return fix, true
	default:
		for _, kw := range t.Opts.Keywords {
			if kw.Arg == "donate_argnums" {
				edit = in.Replace(kw.Value, nums)
			}
		}
		if edit.NewText == nil {
			src := in.File.Src
			end := t.Opts.End - 1 // the closing parenthesis
			if end <= t.Opts.Start || src[end] != ')' {
				return analysis.SuggestedFix{}, false
			}
			k := end - 1
			for k > t.Opts.Start && (src[k] == ' ' || src[k] == '\t' || src[k] == '\n' || src[k] == '\r') {
				k--
			}
			text := ", donate_argnums=" + nums
			switch src[k] {
			case ',':
				text = " donate_argnums=" + nums
			case '(':
				text = "donate_argnums=" + nums
			}
			edit = in.ReplaceRange(pyparse.Range{Start: k + 1, End: k + 1}, text)
		}
	}
	fix := analysis.SuggestedFix{Message: "Donate with `donate_argnums=" + nums + "`", TextEdits: []analysis.TextEdit{edit}}
	analyzer.SetApplicability(pass, &fix, analyzer.Unsafe)
	return fix, true
}
