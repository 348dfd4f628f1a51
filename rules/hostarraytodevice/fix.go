package hostarraytodevice

import (
	"maps"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file defines the fixes: create the array with the device library's constructor.
//
//	cp.asarray(np.zeros(n))          →  cp.zeros(n)
//	jnp.array(np.arange(8))          →  jnp.arange(8)
//	jax.device_put(np.ones((4, 4)))  →  jnp.ones((4, 4))          (unsafe)
//	torch.zeros(n).to("cuda")        →  torch.zeros(n, device="cuda")  (unsafe)

// libraryFix replaces the conversion by the same constructor of the device library, with the
// constructor's arguments as written. It is offered only when the conversion has no other
// argument (dtype=, copy=, a device) to carry over, and the constructor takes no keyword but
// dtype= (order= and like= differ between libraries). It is safe for asarray/array, whose result
// has the dtype the constructor gives on that library; for jax.device_put it is unsafe, since
// device_put commits the array to a device and jnp's constructors do not.
func libraryFix(pass *analysis.Pass, in *pyinspect.Result, imp *imports.Info, outer, inner *ast.Call, ref imports.Ref, api string) (analysis.SuggestedFix, bool) {
	if len(outer.Args) != 1 || len(outer.Keywords) != 0 {
		return analysis.SuggestedFix{}, false
	}
	for _, k := range inner.Keywords {
		if k.Arg != "dtype" {
			return analysis.SuggestedFix{}, false // order=, like=, …: the device library may not take it
		}
	}
	var mod string
	app := analyzer.Safe
	if ref.API == "jax.device_put" {
		mod = jnpAlias(imp)
		if mod == "" {
			return analysis.SuggestedFix{}, false
		}
		app = analyzer.Unsafe
	} else {
		at, ok := outer.Func.(*ast.Attribute)
		if !ok {
			return analysis.SuggestedFix{}, false // from cupy import asarray: no module name to use
		}
		mod = in.Text(at.Value)
	}
	args := string(in.File.Src[inner.Func.Span().End:inner.End])
	text := mod + "." + api + args
	fix := analysis.SuggestedFix{Message: "Create it with `" + mod + "." + api + "`",
		TextEdits: []analysis.TextEdit{in.Replace(outer, text)}}
	analyzer.SetApplicability(pass, &fix, app)
	return fix, true
}

// jnpAlias returns a module-level name bound to jax.numpy, or "" when there is none.
func jnpAlias(imp *imports.Info) string {
	for _, name := range slices.Sorted(maps.Keys(imp.Root.Bindings)) {
		bs := imp.Root.Bindings[name]
		if len(bs) == 1 && bs[0].Kind == imports.BindImport && bs[0].Ref != nil && bs[0].Ref.Qual == "jax.numpy" {
			return name
		}
	}
	return ""
}

// torchFix moves the device into the constructor: torch.zeros(n).to("cuda") →
// torch.zeros(n, device="cuda"). It is unsafe: for torch.tensor(data) the data is still built
// on the host, and a constructor's device= allocates where .to() would copy.
func torchFix(pass *analysis.Pass, in *pyinspect.Result, outer, inner *ast.Call, device string) (analysis.SuggestedFix, bool) {
	text := in.Text(inner)
	if !strings.HasSuffix(text, ")") {
		return analysis.SuggestedFix{}, false
	}
	text = strings.TrimRight(strings.TrimSuffix(text, ")"), " \t\r\n")
	switch {
	case strings.HasSuffix(text, "("):
	case strings.HasSuffix(text, ","):
		text += " "
	default:
		text += ", "
	}
	text += "device=" + device + ")"
	fix := analysis.SuggestedFix{Message: "Pass `device=" + device + "` to the constructor",
		TextEdits: []analysis.TextEdit{in.Replace(outer, text)}}
	analyzer.SetApplicability(pass, &fix, analyzer.Unsafe)
	return fix, true
}
