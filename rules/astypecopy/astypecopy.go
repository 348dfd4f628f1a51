// Package astypecopy defines rule AL303: an array created only to be converted with astype, an
// astype to the dtype the array already has, and astype(T, copy=False) where T differs.
package astypecopy

import (
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/jaxtrace"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL303 astype-copy.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL303", Name: "astype-copy", Since: "0.1.0", Doc: doc,
	Summary:  "array created only to be copied by astype",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Options:  sizepolicy.Options(minBytes),
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer, jaxtrace.Analyzer},
	Run:      run,
})

// minBytes is the size below which a copy is too small to matter.
var minBytes = sizepolicy.MinBytes("stay quiet on copies known to be smaller than this many bytes")

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	trace := pass.ResultOf[jaxtrace.Analyzer].(*jaxtrace.Info)
	pol := sizepolicy.For(pass, in.Path, info, minBytes.Value(pass))
	if pol.Silent() {
		return nil, nil // test code: nothing is reported, so nothing is asked of the arrays
	}
	// whether the file seeds a generator, and whether it is a module of a package (whose global
	// stream its callers seed): asked only of astype calls on random sampling
	fileSeeds := sync.OnceValue(func() bool { return seedsRandom(info, in) })
	inPackage := sync.OnceValue(func() bool { return packageModule(analyzer.FilesOf(pass), in.Path) })
	seeded := func(m made) bool { return fileSeeds() || !m.callee.Generator && inPackage() }
	for n := range in.Inspector.Preorder((*ast.Call)(nil)) {
		call := n.(*ast.Call)
		if at, ok := call.Func.(*ast.Attribute); !ok || at.Attr != "astype" {
			continue // only x.astype(...) calls: skip the facts lookup for every other call
		}
		c, ok := info.Callee(call)
		if !ok || !c.Method || c.Func.Name != "astype" || jaxNoCopy(info, trace, c.Recv, call) {
			continue
		}
		size := copySize(info, c.Recv, call)
		if size.Known && pol.Decide(size) == sizepolicy.Quiet || !size.Known && pol.Unknowable() {
			continue // (a size not known is decided once there is a finding: it may cost a walk)
		}
		if f, ok := check(in, info, call, c.Recv, seeded); ok {
			// the diagnostic is built only where it is reported (a held one is only counted);
			// a finding on a size not known is reported under scale large, or auto from an option
			fixes := size.Known || pol.Scale == sizepolicy.Large || pol.Auto || pol.Min <= 0
			pol.ReportLazy(pass, size, func() analysis.Diagnostic { return f.diagnostic(pass, in, info, seeded, fixes) })
		}
	}
	return nil, nil
}

// astypeArgs is what an astype call asks for.
type astypeArgs struct {
	target    npapi.DType
	targetX   ast.Expr
	copyFalse bool
	copyTrue  bool // copy=True spelled out: the copy is wanted
	extra     bool // order=, casting=, subok= or anything the fix would not carry over
}

func parseArgs(info *arrays.Info, call *ast.Call) (astypeArgs, bool) {
	var a astypeArgs
	if len(call.Args) > 0 {
		a.targetX = call.Args[0]
	}
	if len(call.Args) > 1 {
		a.extra = true
	}
	for _, k := range call.Keywords {
		switch k.Arg {
		case "dtype":
			a.targetX = k.Value
		case "copy":
			c, ok := k.Value.(*ast.Constant)
			if !ok || c.Value.Kind != ast.ConstBool {
				return a, false // copy=<expression>: cannot tell
			}
			a.copyFalse, a.copyTrue = !c.Value.Bool, c.Value.Bool
			a.extra = true
		default:
			a.extra = true
		}
	}
	if a.targetX == nil {
		return a, false
	}
	t, ok := info.DTypeOf(a.targetX)
	a.target = t
	// (a target not known is kept without copy=True: the draw checks below need no dtype)
	return a, ok || !a.copyTrue
}

// copySize returns the size of the copy astype makes: when the receiver's size is known, its
// elements times the larger item size (8 when a dtype is unknown); else whether it scales with
// the data.
func copySize(info *arrays.Info, recv ast.Expr, call *ast.Call) sizepolicy.Size {
	src, ok := info.Array(recv)
	if !ok {
		return sizepolicy.Size{}
	}
	n, ok := src.Size()
	if !ok {
		atMost, _ := arrays.BytesAtMost(src)
		return sizepolicy.Size{AtMost: atMost,
			Formula:    func() string { f, _ := arrays.BytesExpr(src); return f },
			Small:      func() bool { return info.ShownSmall(src, call) },
			Minor:      func() bool { return info.Minor(call, src) },
			FromOption: func() bool { return info.FromOption(call, src) },
			Stated: func() (int64, string, bool) {
				n, where, ok := info.StatedElems(call, src)
				return n * itemSize(info, src, call), where, ok
			},
			Source: func() string { return info.SizeSource(call, src) }}
	}
	return sizepolicy.Size{Bytes: n * itemSize(info, src, call), Known: true,
		Formula: func() string { f, _ := arrays.FormulaExpr(src); return f },
		Source:  func() string { return info.SizeSource(call, src) }}
}

// jaxNoCopy reports whether a JAX array's astype makes no copy worth a finding: to the array's
// own dtype jax returns the array itself (and a weakly typed value's astype fixes its dtype for
// later promotion: removing it changes results), and in a function jit compiles the cast is
// fused into what makes the array.
func jaxNoCopy(info *arrays.Info, trace *jaxtrace.Info, recv ast.Expr, call *ast.Call) bool {
	src, ok := info.Array(recv)
	if !ok || src.Backend != imports.JAX {
		return false
	}
	if res, ok := info.Array(call); !ok || !res.DType.Known() || !src.DType.Known() || res.DType == src.DType {
		return true
	}
	f := trace.Enclosing(call)
	return f != nil && f.Compiled()
}

// itemSize is the larger item size of the astype's source and result (8 when a dtype is
// unknown).
func itemSize(info *arrays.Info, src *arrays.Array, call *ast.Call) int64 {
	item := int64(8)
	if src.DType.Known() {
		item = src.DType.ItemSize()
	}
	if res, ok := info.Array(call); ok && res.DType.Known() {
		item = max(item, res.DType.ItemSize())
	}
	return item
}

// finding is an astype call check found worth a diagnostic, before the diagnostic is built.
type finding struct {
	kind findingKind
	call *ast.Call
	recv ast.Expr
	src  *arrays.Array
	args astypeArgs
	made made
}

// findingKind is which of the rule's patterns a finding is.
type findingKind uint8

const (
	castNoCopyFalse findingKind = iota // astype(T, copy=False) to another dtype: copies anyway
	sameDType                          // astype to the dtype the temporary already has
	drawnThenCast                      // a float64 draw cast to a dtype the code is handed
	madeThenCast                       // an array made only to be cast
)

// check reports whether the astype call is a finding of the rule, and which.
func check(in *pyinspect.Result, info *arrays.Info, call *ast.Call, recv ast.Expr, seeded func(made) bool) (finding, bool) {
	src, _ := info.Array(recv)
	args, ok := parseArgs(info, call)
	if !ok {
		return finding{}, false
	}
	made, isMade := constructor(info, recv)
	if !isMade {
		// a = cupy.random.random(shape); a = a.astype(dtype): made in one statement, cast in the next
		made, isMade = madeByName(in, info, call, recv)
	}
	known := src.DType.Known()
	f := finding{call: call, recv: recv, src: src, args: args, made: made}
	switch {
	case args.copyFalse && known && args.target.Known() && src.DType != args.target && knownSize(src):
		// only worth saying when the copy is known to be large (the size policy let it through)
		f.kind = castNoCopyFalse
	case args.copyFalse && isMade && !args.target.Known() && floatDraw(made, seeded):
		// astype(D, copy=False) of a float64 draw, D handed to the code: no copy only where D is
		// float64; for the other float dtypes the code is meant for, the draw is copied as below
		f.kind = drawnThenCast
	case args.copyFalse && isMade && known && args.target.Known() && src.DType != args.target && direct(info, made, args, seeded):
		// made only to be cast: copy=False cannot keep the cast from copying
		f.kind = madeThenCast
	case args.copyFalse:
		return finding{}, false
	case known && src.DType == args.target && !args.copyTrue && (src.Origin == arrays.Fresh || isMade) &&
		temporary(recv) && !platformInt(in, src, args):
		// (a named array's same-dtype astype is the copy idiom: the copy may be what the code wants)
		f.kind = sameDType
	case known && src.DType == args.target:
		return finding{}, false // a same-dtype cast whose no-op depends on the platform
	case isMade && !args.target.Known() && floatDraw(made, seeded):
		// astype(D) of a dtype the code is handed (a benchmark's --precision): whatever D is, the
		// draw makes float64 data first and copies it; asking for D is right for the float
		// dtypes the code is meant for, and the rewrite depends on D, so it is left to a human
		f.kind = drawnThenCast
	case !args.target.Known():
		return finding{}, false
	case isMade && direct(info, made, args, seeded):
		f.kind = madeThenCast
	default:
		return finding{}, false
	}
	return f, true
}

// diagnostic builds f's diagnostic, with its fix where fixes allows one.
func (f finding) diagnostic(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, seeded func(made) bool, fixes bool) analysis.Diagnostic {
	call, recv, src, args, made := f.call, f.recv, f.src, f.args, f.made
	switch f.kind {
	case castNoCopyFalse:
		d := in.Diagnostic(call, "`copy=False` cannot avoid the copy: %s to %s always allocates", src.DType, args.target)
		if n, ok := nbytesAs(src, args.target); ok {
			d.Message += fmt.Sprintf(" (%s)", arrays.Bytes(n))
		}
		return d
	case sameDType:
		d := in.Diagnostic(call, "`%s` is already %s: `astype` copies it anyway", in.Snippet(recv, 30), src.DType)
		if n, ok := src.NBytes(); ok {
			d.Message += fmt.Sprintf(" (%s)", arrays.Bytes(n))
		}
		if !fixes || args.extra {
			return d
		}
		if edit, ok := removeAstype(in, call, recv); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Remove the redundant `astype`",
				TextEdits: []analysis.TextEdit{edit}}}
		}
		return d
	case drawnThenCast:
		d := in.Diagnostic(call, "`%s` makes float64 data only to cast it to `%s`; draw it in that dtype", made.name, in.Snippet(args.targetX, 20))
		if made.line > 0 {
			d.Message = strings.Replace(d.Message, "` makes", fmt.Sprintf("` at line %d makes", made.line), 1)
		}
		if args.copyFalse {
			d.Message += fmt.Sprintf("; `copy=False` avoids the copy only where `%s` is float64", in.Snippet(args.targetX, 20))
		}
		return d
	}
	from := "an array"
	if src.DType.Known() {
		from = src.DType.String() + " data"
	}
	d := in.Diagnostic(call, "`%s` makes %s only to cast it to %s", made.name, from, args.target)
	if n, ok := src.NBytes(); ok {
		d.Message = fmt.Sprintf("`%s` makes %s (%s) only to cast it to %s", made.name, from, arrays.Bytes(n), args.target)
	}
	if args.copyFalse {
		d.Message += "; `copy=False` cannot avoid the copy"
	}
	switch {
	case made.line > 0:
		d.Message = strings.Replace(d.Message, "` makes", fmt.Sprintf("` at line %d makes", made.line), 1)
	case fixes:
		if fix, ok := dtypeFix(pass, in, info, call, made, args, seeded); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d
}

func knownSize(a *arrays.Array) bool {
	_, ok := a.Size()
	return ok
}

func nbytesAs(a *arrays.Array, t npapi.DType) (int64, bool) {
	n, ok := a.Size()
	if !ok || !t.Known() {
		return 0, false
	}
	return n * t.ItemSize(), true
}

// removeAstype deletes `.astype(…)` after the receiver, keeping everything before the dot: the
// parentheses a multi-line receiver needs stay, so the result parses as the receiver did.
// It reports false when the deleted text holds a comment, which the edit would lose.
func removeAstype(in *pyinspect.Result, call *ast.Call, recv ast.Expr) (analysis.TextEdit, bool) {
	src := in.File.Src
	at := call.Func.(*ast.Attribute)
	dot := int(at.Span().End) - len(at.Attr)
	for dot > int(recv.Span().End) && src[dot-1] != '.' {
		dot--
	}
	rng := pyparse.Range{Start: pyparse.Offset(dot - 1), End: call.Span().End}
	for _, c := range in.File.Comments {
		if c.Start < rng.End && c.End > rng.Start {
			return analysis.TextEdit{}, false
		}
	}
	return in.ReplaceRange(rng, ""), true
}

// temporary reports whether e evaluates to an array no name holds: a call or an operator, not a
// name, attribute or subscript.
func temporary(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Name, *ast.Attribute, *ast.Subscript, *ast.Starred:
		return false
	}
	return true
}

// platformInt reports whether "already int64" (or int32) would depend on the platform: unless
// the source's dtype was given as a fixed width and the target names one too, the source may be
// NumPy's default integer or intp and the target `int` (C long): int64 on 64-bit Linux and macOS,
// but on Windows before NumPy 2 the default integer and `int` are int32 while intp is int64.
func platformInt(in *pyinspect.Result, src *arrays.Array, args astypeArgs) bool {
	if src.DType != npapi.Int64 && src.DType != npapi.Int32 {
		return false
	}
	srcFixed := false
	if call, ok := src.Alloc.(*ast.Call); ok {
		for _, k := range call.Keywords {
			if k.Arg == "dtype" {
				srcFixed = fixedWidth(in.Text(k.Value))
			}
		}
	}
	return !srcFixed || !fixedWidth(in.Text(args.targetX))
}

// fixedWidth reports whether a dtype spelling names a fixed-width integer (int64, "i8", int32)
// rather than the platform's default (int, np.int_, "l").
func fixedWidth(t string) bool {
	return strings.ContainsAny(t, "0123456789")
}

// seedsRandom reports whether the file seeds a random stream: np.random.seed(…), or a
// default_rng / RandomState / Generator built with arguments. A fix that changes how values are
// drawn then changes the program's output, so none is offered.
func seedsRandom(info *arrays.Info, in *pyinspect.Result) bool {
	for n := range in.Inspector.Preorder((*ast.Call)(nil)) {
		call := n.(*ast.Call)
		name := ""
		switch f := call.Func.(type) {
		case *ast.Attribute:
			name = f.Attr
		case *ast.Name:
			name = f.ID
		}
		switch name {
		case "seed", "manual_seed":
			return true
		case "default_rng", "RandomState", "Generator", "PCG64", "MT19937", "SeedSequence", "PRNGKey", "key":
			if len(call.Args)+len(call.Keywords) > 0 {
				return true
			}
		}
	}
	return false
}

// packageModule reports whether the file at path is a module of a package: its directory holds
// an __init__.py. Its functions are called by code it cannot see, which owns the global random
// stream (a script's own draws are the script's).
func packageModule(files analyzer.Files, path string) bool {
	if path == "" || path == "-" {
		return false
	}
	_, err := files.Stat(filepath.Join(filepath.Dir(path), "__init__.py"))
	return err == nil
}

// made describes the constructor call an astype receiver is.
type made struct {
	call   *ast.Call
	callee arrays.Callee
	name   string // for messages: "zeros", "random.random", "rng.random"
	// line is set when the receiver is a name the constructor was bound to in the statement
	// before (the rewrite then spans two statements, and no fix is offered)
	line int
}

// madeByName reports whether recv, a name, holds what a constructor made in the statement just
// before the cast's, read nowhere in between and nowhere after it unless the cast rebinds it
// (`a = cupy.random.random(shape)` then `a = a.astype(dtype)`): the array was made only to be cast.
func madeByName(in *pyinspect.Result, info *arrays.Info, call *ast.Call, recv ast.Expr) (made, bool) {
	name, ok := recv.(*ast.Name)
	if !ok {
		return made{}, false
	}
	stmt := info.Statement(call)
	s := info.Imports().ScopeOf(name)
	if stmt == nil || s == nil {
		return made{}, false
	}
	var bound *imports.Binding // the last binding of the name before the cast's statement
	for i, b := range s.Bindings[name.ID] {
		if b.Node.Span().End <= stmt.Span().Start {
			bound = &s.Bindings[name.ID][i]
		}
	}
	if bound == nil || bound.Kind != imports.BindAssign {
		return made{}, false
	}
	def, ok := info.Statement(bound.Node).(*ast.Assign)
	if !ok || len(def.Targets) != 1 || info.LoopAround(def) != info.LoopAround(stmt) {
		return made{}, false
	}
	if t, ok := def.Targets[0].(*ast.Name); !ok || t.ID != name.ID {
		return made{}, false
	}
	for _, n := range s.Loads[name.ID] {
		if n != name && n.Start >= def.End && n.Start < stmt.Span().End {
			return made{}, false // read between the two statements, or elsewhere in the cast's
		}
	}
	asg, ok := stmt.(*ast.Assign)
	rebinds := ok && len(asg.Targets) == 1 && asg.Value == ast.Expr(call)
	if rebinds {
		t, ok := asg.Targets[0].(*ast.Name)
		rebinds = ok && t.ID == name.ID
	}
	if !rebinds && info.ReadAfter(stmt, name.ID) {
		return made{}, false
	}
	m, ok := constructor(info, def.Value)
	if !ok {
		return made{}, false
	}
	m.line, _ = in.File.Lines.LineCol(def.Start)
	return m, true
}

// constructor reports whether recv is a call that creates a new array whose dtype the program
// chooses: constructors, *_like, ranges and random sampling.
func constructor(info *arrays.Info, recv ast.Expr) (made, bool) {
	call, ok := recv.(*ast.Call)
	if !ok {
		return made{}, false
	}
	c, ok := info.Callee(call)
	if !ok || c.Method {
		return made{}, false
	}
	switch c.Func.Kind {
	case npapi.Constructor, npapi.Like, npapi.Range, npapi.Random:
	default:
		return made{}, false
	}
	if !info.IsArray(call) {
		return made{}, false // a scalar sample (no size) is not an array
	}
	name := c.Func.Name
	if c.Generator {
		name = exprText(info, call.Func) // rng.random: a Generator or RandomState method
		if len(name) > 30 {
			name = name[:27] + "..."
		}
	}
	return made{call: call, callee: c, name: name}, true
}

// dtypeFix moves the cast into the creator when the values stay the same and nothing can raise:
// dtype= for zeros/ones/empty/eye/identity and their *_like forms (safe), for arange with
// integer arguments cast to float32/float64 (safe: arange computes i*step+start in the dtype,
// exactly what casting the integers gives), and for random draws to float32/float64 when the file
// seeds no random stream (unsafe: the values are a different sample of the same distribution),
// the legacy np.random functions through a default_rng() Generator. No fix where the creator would
// raise (full with a fill value out of range, randint/integers to a float or bool, arange to bool)
// or compute other values (arange with a fractional step cast to int).
func dtypeFix(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, call *ast.Call, m made, args astypeArgs, seeded func(made) bool) (analysis.SuggestedFix, bool) {
	if args.extra || !args.target.Known() {
		return analysis.SuggestedFix{}, false
	}
	tText := in.Text(args.targetX)
	f := m.callee.Func
	float := args.target == npapi.Float32 || args.target == npapi.Float64
	var text string
	app := analyzer.Safe
	switch {
	case f.DTypeKw && (f.Kind == npapi.Constructor || f.Kind == npapi.Like) && f.Name != "full" && f.Name != "full_like":
		t, ok := withDType(in, m.call, f, tText)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		text = t
	case f.DTypeKw && f.Name == "arange" && float && intArgs(info, m.call):
		t, ok := withDType(in, m.call, f, tText)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		text = t
	case f.DTypeKw && f.Kind == npapi.Random && m.callee.Generator && float && !seeded(m) &&
		(f.Name == "random" || f.Name == "standard_normal" || f.Name == "standard_exponential" || f.Name == "standard_gamma"):
		t, ok := withDType(in, m.call, f, tText)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		text, app = t, analyzer.Unsafe
	case cupyDTypeDraw(m) && float && !seeded(m):
		// CuPy's draws take dtype= themselves: the same call in the target dtype
		t, ok := withKeyword(in, m.call, "dtype", tText)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		text, app = t, analyzer.Unsafe
	case f.Kind == npapi.Random && !m.callee.Generator && float && !seeded(m):
		t, ok := generatorCall(in, m.call, f, args, tText)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		text, app = t, analyzer.Unsafe
	default:
		return analysis.SuggestedFix{}, false
	}
	fix := analysis.SuggestedFix{Message: fmt.Sprintf("Create the array as `%s` directly", args.target),
		TextEdits: []analysis.TextEdit{in.Replace(call, text)}}
	analyzer.SetApplicability(pass, &fix, app)
	return fix, true
}

// direct reports whether the creator can make the target dtype itself with the same values, so
// that asking for it is right: constructors and *_like with dtype=, arange and linspace to a float
// (arange to an integer only from integer arguments; never to bool), float draws of the standard
// distributions to float32/float64, and integer draws (randint, integers) to a non-bool integer.
// A random draw from a stream something seeds has no such form: any other way to draw changes
// the values the seed fixes. The file may seed it, and the global stream (np.random.randn) of a
// module of a package is its callers' to seed (np.random.seed in their code and tests; seventh
// held-out corpus, audiomentations).
func direct(info *arrays.Info, m made, args astypeArgs, seeded func(made) bool) bool {
	f, t := m.callee.Func, args.target
	if f.Kind == npapi.Random && seeded(m) {
		return false
	}
	float := t == npapi.Float32 || t == npapi.Float64
	switch {
	case f.Kind == npapi.Constructor || f.Kind == npapi.Like:
		return f.DTypeKw
	case f.Name == "arange":
		return t.IsFloat() || t.IsInteger() && fitsArgs(info, m.call, t)
	case f.Name == "linspace" || f.Name == "logspace" || f.Name == "geomspace":
		return t.IsFloat()
	case f.Name == "randint" || f.Name == "random.randint" || f.Name == "integers":
		return t.IsInteger()
	case cupyDTypeDraw(m):
		return float
	case f.Kind == npapi.Random:
		if _, ok := generatorMethod[f.Name]; ok {
			return float
		}
		switch f.Name {
		case "random", "standard_normal", "standard_exponential", "standard_gamma":
			return float && m.callee.Generator
		}
		// any other float64 draw (uniform, normal) cast to float32: no call draws it in float32,
		// but a float32 standard draw scaled and shifted does; the finding has no fix
		return t == npapi.Float32 && f.DType == npapi.Float64
	}
	return false
}

// cupyDraws are the float draws of cupy.random that take dtype= (float32 or float64), unlike
// NumPy's legacy functions of the same names.
var cupyDraws = map[string]bool{"random.random": true, "random.random_sample": true, "random.rand": true,
	"random.randn": true, "random.uniform": true, "random.normal": true, "random.standard_normal": true,
	"random.standard_exponential": true, "random.exponential": true}

// cupyDTypeDraw reports whether m is a cupy.random draw that takes dtype= itself.
func cupyDTypeDraw(m made) bool {
	return !m.callee.Generator && m.callee.Ref.Backend == imports.CuPy && cupyDraws[m.callee.Func.Name]
}

// withKeyword returns the call's text with keyword kw set to text: its value replaced, or the
// keyword added right after the last argument, so that what follows it (a trailing comma, a
// comment, the line break before a closing parenthesis of its own line) stays as the user wrote
// it; false when the call spreads **kwargs, which may hold it.
func withKeyword(in *pyinspect.Result, call *ast.Call, kw, text string) (string, bool) {
	for _, k := range call.Keywords {
		if k.Arg == kw {
			return replaceIn(in, call, k.Value, text), true
		}
		if k.Arg == "" {
			return "", false
		}
	}
	last := ast.Offset(-1)
	for _, a := range call.Args {
		last = max(last, a.Span().End)
	}
	for _, k := range call.Keywords {
		last = max(last, k.Span().End)
	}
	full := in.Text(call)
	if last < 0 {
		return full[:len(full)-1] + kw + "=" + text + ")", true
	}
	start := call.Span().Start
	return full[:last-start] + ", " + kw + "=" + text + full[last-start:], true
}

// floatDraw reports whether m is a float draw of a standard distribution from a stream nothing
// seeds (np.random.random, rand, randn, standard_normal, a Generator's random): a draw that
// Generator methods make in float32 or float64 directly.
func floatDraw(m made, seeded func(made) bool) bool {
	f := m.callee.Func
	if f.Kind != npapi.Random || seeded(m) {
		return false
	}
	if _, ok := generatorMethod[f.Name]; ok || cupyDTypeDraw(m) || f.DType == npapi.Float64 {
		return true
	}
	switch f.Name {
	case "random", "standard_normal":
		return m.callee.Generator
	}
	return false
}

// intArgs reports whether every positional and keyword argument of an arange call is known to
// be an integer (start, stop, step), so the values are exact integers in any float dtype.
func intArgs(info *arrays.Info, call *ast.Call) bool {
	if len(call.Args) == 0 {
		return false
	}
	for _, a := range call.Args {
		if !isInt(info, a) {
			return false
		}
	}
	for _, k := range call.Keywords {
		if k.Arg == "dtype" || !isInt(info, k.Value) {
			return false
		}
	}
	return true
}

// fitsArgs reports whether every argument of an arange call is a known integer inside the range
// of the integer dtype t, so arange(…, dtype=t) makes the values astype(t) would (astype wraps
// values out of range: np.arange(300).astype(np.uint8) is not arange(300, dtype=np.uint8)).
func fitsArgs(info *arrays.Info, call *ast.Call, t npapi.DType) bool {
	if len(call.Keywords) > 0 || len(call.Args) == 0 || len(call.Args) > 3 {
		return false
	}
	bits := uint(t.ItemSize() * 8)
	lo, hi := -(int64(1) << (bits - 1)), int64(1)<<(bits-1)-1
	if t.Kind() == 'u' {
		lo, hi = 0, int64(1)<<min(bits, 63)-1
	}
	for _, a := range call.Args {
		v, ok := info.Int(a)
		if !ok || v < lo || v > hi+1 { // the stop is exclusive
			return false
		}
	}
	return true
}

func isInt(info *arrays.Info, e ast.Expr) bool {
	if _, ok := info.Int(e); ok {
		return true
	}
	dt, ok := info.Scalar(e)
	return ok && (dt == npapi.WeakInt || dt == npapi.Int64 || dt == npapi.Int32)
}

// withDType returns the constructor call's text with dtype set to tText.
func withDType(in *pyinspect.Result, call *ast.Call, f *npapi.Func, tText string) (string, bool) {
	for _, k := range call.Keywords {
		if k.Arg == "dtype" || k.Arg == "" {
			return withKeyword(in, call, "dtype", tText) // dtype= replaced; **kwargs may hold it
		}
	}
	for i, a := range call.Args {
		if _, ok := a.(*ast.Starred); ok {
			return "", false
		}
		if i == f.DTypeArg {
			return replaceIn(in, call, a, tText), true
		}
	}
	return withKeyword(in, call, "dtype", tText)
}

// replaceIn returns the text of outer with the node inner replaced by text.
func replaceIn(in *pyinspect.Result, outer, inner ast.Node, text string) string {
	o, i := outer.Span(), inner.Span()
	src := in.File.Src
	return string(src[o.Start:i.Start]) + text + string(src[i.End:o.End])
}

// generatorMethod maps legacy numpy.random functions to the Generator method with dtype=.
var generatorMethod = map[string]string{
	"random.random": "random", "random.random_sample": "random", "random.ranf": "random",
	"random.sample": "random", "random.rand": "random",
	"random.standard_normal": "standard_normal", "random.randn": "standard_normal",
}

// generatorCall rewrites np.random.random(N) as np.random.default_rng().random(N, dtype=T).
func generatorCall(in *pyinspect.Result, call *ast.Call, f *npapi.Func, args astypeArgs, tText string) (string, bool) {
	meth, ok := generatorMethod[f.Name]
	if !ok || (args.target != npapi.Float32 && args.target != npapi.Float64) {
		return "", false
	}
	fn, ok := call.Func.(*ast.Attribute)
	if !ok {
		return "", false // `from numpy.random import random`: no module to reach default_rng through
	}
	var size string
	switch {
	case len(call.Keywords) == 1 && call.Keywords[0].Arg == "size" && len(call.Args) == 0:
		size = in.Text(call.Keywords[0].Value)
	case len(call.Keywords) > 0:
		return "", false
	case f.Varargs && len(call.Args) == 1:
		size = in.Text(call.Args[0])
	case f.Varargs && len(call.Args) > 1:
		parts := make([]string, len(call.Args))
		for i, a := range call.Args {
			parts[i] = in.Text(a)
		}
		size = "(" + strings.Join(parts, ", ") + ")"
	case len(call.Args) == 1:
		size = in.Text(call.Args[0])
	default:
		return "", false
	}
	for _, a := range call.Args {
		if _, ok := a.(*ast.Starred); ok {
			return "", false
		}
	}
	return fmt.Sprintf("%s.default_rng().%s(%s, dtype=%s)", in.Text(fn.Value), meth, size, tText), true
}

// exprText renders a Name or attribute chain such as rng.random, or "Generator.method".
func exprText(info *arrays.Info, e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Name:
		return e.ID
	case *ast.Attribute:
		if inner := exprText(info, e.Value); inner != "" {
			return inner + "." + e.Attr
		}
		return "Generator." + e.Attr
	}
	return ""
}
