// Package astypecopy defines rule AL303: an array created only to be converted with astype, an
// astype to the dtype the array already has, and astype(T, copy=False) where T differs.
package astypecopy

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
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
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer},
	Run:      run,
})

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	for n := range in.Inspector.Preorder((*ast.Call)(nil)) {
		call := n.(*ast.Call)
		c, ok := info.Callee(call)
		if !ok || !c.Method || c.Func.Name != "astype" {
			continue
		}
		if d, ok := check(in, info, call, c.Recv); ok {
			pass.Report(d)
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
	return a, ok
}

func check(in *pyinspect.Result, info *arrays.Info, call *ast.Call, recv ast.Expr) (analysis.Diagnostic, bool) {
	src, _ := info.Array(recv)
	args, ok := parseArgs(info, call)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	made, isMade := constructor(info, recv)
	known := src.DType.Known()
	switch {
	case args.copyFalse && known && src.DType != args.target:
		d := in.Diagnostic(call, "`copy=False` cannot avoid the copy: %s to %s always allocates", src.DType, args.target)
		if n, ok := nbytesAs(src, args.target); ok {
			d.Message += fmt.Sprintf(" (%s)", arrays.Bytes(n))
		}
		return d, true
	case args.copyFalse:
		return analysis.Diagnostic{}, false
	case known && src.DType == args.target && !args.copyTrue && (src.Origin == arrays.Fresh || isMade):
		d := in.Diagnostic(call, "`%s` is already %s: `astype` copies it anyway", clip(in.Text(recv)), src.DType)
		if n, ok := src.NBytes(); ok {
			d.Message += fmt.Sprintf(" (%s)", arrays.Bytes(n))
		}
		if !args.extra {
			fix := analysis.SuggestedFix{Message: "Remove the redundant `astype`",
				TextEdits: []analysis.TextEdit{in.Replace(call, in.Text(recv))}}
			// A fresh temporary nobody else sees can simply be used; a named array may be
			// mutated later through the copy, so dropping the copy is unsafe there.
			if isMade {
				analyzer.SetApplicability(&fix, analyzer.Safe)
			} else {
				analyzer.SetApplicability(&fix, analyzer.Unsafe)
			}
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		return d, true
	case isMade:
		from := "an array"
		if known {
			from = src.DType.String() + " data"
		}
		d := in.Diagnostic(call, "`%s` makes %s only to cast it to %s", made.name, from, args.target)
		if n, ok := src.NBytes(); ok {
			d.Message = fmt.Sprintf("`%s` makes %s (%s) only to cast it to %s", made.name, from, arrays.Bytes(n), args.target)
		}
		if fix, ok := dtypeFix(in, info, call, made, args); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
		return d, true
	}
	return analysis.Diagnostic{}, false
}

func nbytesAs(a *arrays.Array, t npapi.DType) (int64, bool) {
	n, ok := a.Size()
	if !ok || !t.Known() {
		return 0, false
	}
	return n * t.ItemSize(), true
}

func clip(s string) string {
	if len(s) > 30 {
		return s[:27] + "..."
	}
	return s
}

// made describes the constructor call an astype receiver is.
type made struct {
	call   *ast.Call
	callee arrays.Callee
	name   string // for messages: "zeros", "random.random", "rng.random"
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
		name = clip(exprText(info, call.Func)) // rng.random: a Generator or RandomState method
	}
	return made{call: call, callee: c, name: name}, true
}

// dtypeFix moves the cast into the constructor: dtype= for functions that take it (safe for
// zeros/ones/empty/eye/identity and their *_like forms; unsafe for full, whose fill value may not
// fit the new dtype, and for ranges and random sampling, whose values are computed differently), or the Generator API for legacy random functions (unsafe: a
// different random stream).
func dtypeFix(in *pyinspect.Result, info *arrays.Info, call *ast.Call, m made, args astypeArgs) (analysis.SuggestedFix, bool) {
	if args.extra || !args.target.Known() {
		return analysis.SuggestedFix{}, false
	}
	tText := in.Text(args.targetX)
	f := m.callee.Func
	var text string
	app := analyzer.Unsafe
	switch {
	case f.DTypeKw:
		if m.callee.Generator && f.Name != "integers" && args.target != npapi.Float32 && args.target != npapi.Float64 {
			return analysis.SuggestedFix{}, false // Generator floats come only as float32/float64
		}
		t, ok := withDType(in, m.call, f, tText)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		text = t
		if (f.Kind == npapi.Constructor || f.Kind == npapi.Like) && f.Name != "full" && f.Name != "full_like" {
			// full(n, 300, dtype=np.int8) raises where .astype wraps around: unsafe
			app = analyzer.Safe
		}
	case f.Kind == npapi.Random && !m.callee.Generator:
		t, ok := generatorCall(in, m.call, f, args, tText)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		text = t
	default:
		return analysis.SuggestedFix{}, false
	}
	fix := analysis.SuggestedFix{Message: fmt.Sprintf("Create the array as `%s` directly", args.target),
		TextEdits: []analysis.TextEdit{in.Replace(call, text)}}
	analyzer.SetApplicability(&fix, app)
	return fix, true
}

// withDType returns the constructor call's text with dtype set to tText.
func withDType(in *pyinspect.Result, call *ast.Call, f *npapi.Func, tText string) (string, bool) {
	for _, k := range call.Keywords {
		if k.Arg == "dtype" {
			return replaceIn(in, call, k.Value, tText), true
		}
		if k.Arg == "" {
			return "", false // **kwargs may hold dtype
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
	full := in.Text(call)
	body := strings.TrimRight(full[:len(full)-1], " \t")
	sep := ", "
	switch {
	case strings.HasSuffix(body, "("):
		sep = ""
	case strings.HasSuffix(body, ","):
		sep = " "
	}
	return body + sep + "dtype=" + tText + ")", true
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
