// Package hostarraytodevice defines rule AL201: an array built by NumPy on the host and handed
// at once to a device library (cp.asarray(np.zeros(n)), jax.device_put(np.ones(n)),
// torch.zeros(n).to("cuda")), where creating it on the device would do.
package hostarraytodevice

import (
	_ "embed"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse/ast"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
	"golang.org/x/tools/go/analysis"
)

//go:embed doc.md
var doc string

// Rule is AL201 host-array-to-device.
var Rule = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL201", Name: "host-array-to-device", Since: "0.2.0", Doc: doc,
	Summary:  "array built on the host only to be copied to the device",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixSometimes,
	Options:  []analyzer.Option{minBytesOpt.Option},
	Requires: []*analysis.Analyzer{pyinspect.Analyzer, arrays.Analyzer},
	Run:      run,
})

// creators are the NumPy constructors whose device libraries have the same function with the
// same arguments (CuPy, cuPyNumeric, jax.numpy), so the fix can swap the module.
var creators = map[string]bool{"zeros": true, "ones": true, "empty": true, "full": true,
	"arange": true, "linspace": true, "eye": true, "identity": true}

// random are host random constructors: the device libraries draw other numbers, so there is a
// finding but no fix.
var random = map[string]bool{"random.rand": true, "random.randn": true, "random.random": true,
	"random.uniform": true, "random.normal": true, "random.randint": true, "random.random_sample": true}

// movers are the device conversions of the array libraries, by backend-neutral API name.
var movers = map[string]bool{"asarray": true, "array": true, "jax.device_put": true}

// torchCreators are torch's host constructors that take device=.
var torchCreators = map[string]bool{"zeros": true, "ones": true, "empty": true, "full": true,
	"arange": true, "linspace": true, "eye": true, "rand": true, "randn": true}

// minBytesOpt is the size below which an array is too small to matter.
var minBytesOpt = sizepolicy.MinBytes("skip arrays known to be smaller than this many bytes (arrays of unknown size are reported)")

func run(pass *analysis.Pass) (any, error) {
	in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
	info := pass.ResultOf[arrays.Analyzer].(*arrays.Info)
	imp := info.Imports()
	if imp.Backends()&(imports.CuPy|imports.CuPyNumeric|imports.JAX) == 0 && !imp.ImportsUnder("torch") {
		return nil, nil // no device library imported: nothing is moved to a device
	}
	minBytes := minBytesOpt.Value(pass)
	for n := range in.Inspector.Preorder((*ast.Call)(nil)) {
		outer := n.(*ast.Call)
		d, inner, ok := checkLibrary(pass, in, info, imp, outer)
		torch := false
		if !ok {
			d, inner, ok = checkTorch(pass, in, info, outer)
			torch = true
		}
		if ok && large(info, inner, torch, minBytes) {
			pass.Report(d)
		}
	}
	return nil, nil
}

// checkLibrary handles cp.asarray(np.zeros(n)), jnp.array(np.ones(n)), jax.device_put(…).
func checkLibrary(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, imp *imports.Info, outer *ast.Call) (analysis.Diagnostic, *ast.Call, bool) {
	if len(outer.Args) == 0 {
		return analysis.Diagnostic{}, nil, false
	}
	inner, ok := outer.Args[0].(*ast.Call)
	if !ok {
		return analysis.Diagnostic{}, nil, false // (the syntax first: most calls are not of a call)
	}
	ref, ok := imp.Resolve(outer.Func)
	if !ok || !movers[ref.API] || !ref.Backend.Device() {
		return analysis.Diagnostic{}, nil, false
	}
	c, ok := info.Callee(inner)
	if !ok || c.Method || c.Generator || c.Ref.Backend != imports.NumPy || !(creators[c.Ref.API] || random[c.Ref.API]) {
		return analysis.Diagnostic{}, nil, false
	}
	lib := libraryName(ref)
	d := in.Diagnostic(outer, "`%s` is built in host memory, then copied to %s; create it on the device",
		clip(in.Text(inner)), lib)
	if creators[c.Ref.API] {
		if fix, ok := libraryFix(pass, in, imp, outer, inner, ref, c.Ref.API); ok {
			d.SuggestedFixes = []analysis.SuggestedFix{fix}
		}
	}
	return d, inner, true
}

func libraryName(ref imports.Ref) string {
	switch {
	case ref.Backend.Has(imports.JAX):
		return "a JAX device"
	case ref.Backend.Has(imports.CuPyNumeric):
		return "cuPyNumeric"
	case ref.Backend.Has(imports.CuPy):
		return "the GPU"
	}
	return "the device"
}

// checkTorch handles torch.zeros(n).to("cuda") and torch.zeros(n).cuda().
func checkTorch(pass *analysis.Pass, in *pyinspect.Result, info *arrays.Info, outer *ast.Call) (analysis.Diagnostic, *ast.Call, bool) {
	attr, ok := outer.Func.(*ast.Attribute)
	if !ok || (attr.Attr != "to" && attr.Attr != "cuda") {
		return analysis.Diagnostic{}, nil, false
	}
	inner, ok := attr.Value.(*ast.Call)
	if !ok {
		return analysis.Diagnostic{}, nil, false
	}
	fn, ok := torchFunc(info, inner.Func)
	if !ok || !torchCreators[fn] || keyword(inner, "device") != nil {
		return analysis.Diagnostic{}, nil, false
	}
	device, ok := torchDevice(in, attr.Attr, outer)
	if !ok {
		return analysis.Diagnostic{}, nil, false
	}
	d := in.Diagnostic(outer, "`%s` is built in host memory, then copied to %s; pass `device=%s`",
		clip(in.Text(inner)), device, device)
	if fix, ok := torchFix(pass, in, outer, inner, device); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	}
	return d, inner, true
}

// torchDevice returns the device a .to(…)/.cuda() call moves to, as source text: only a
// literal string naming a GPU ("cuda", "cuda:0") or a torch.device literal; ok is false for
// anything else (.to(dtype), .to(x), .to("cpu")).
func torchDevice(in *pyinspect.Result, method string, c *ast.Call) (string, bool) {
	if method == "cuda" {
		if len(c.Args) == 0 && len(c.Keywords) == 0 {
			return `"cuda"`, true
		}
		return "", false
	}
	if len(c.Args) != 1 || len(c.Keywords) != 0 {
		return "", false
	}
	s, ok := c.Args[0].(*ast.Constant)
	if !ok || s.Value.Kind != ast.ConstStr || !strings.HasPrefix(s.Value.Str, "cuda") {
		return "", false
	}
	return in.Text(s), true
}

// torchFunc returns the torch function a call target names (`torch.zeros` with `import torch`).
func torchFunc(info *arrays.Info, e ast.Expr) (string, bool) {
	a, ok := e.(*ast.Attribute)
	if !ok {
		return "", false
	}
	root, ok := a.Value.(*ast.Name)
	if !ok {
		return "", false
	}
	s := info.ScopeOf(root)
	if s == nil {
		return "", false
	}
	if d := s.Lookup(root.ID); d != nil {
		s = d
	}
	bs := s.Bindings[root.ID]
	if len(bs) == 0 {
		return "", false
	}
	for _, b := range bs {
		al, ok := b.Node.(*ast.Alias)
		if b.Kind != imports.BindImport || !ok || al.Name != "torch" {
			return "", false
		}
	}
	return a.Attr, true
}

func keyword(c *ast.Call, name string) ast.Expr {
	for _, k := range c.Keywords {
		if k.Arg == name {
			return k.Value
		}
	}
	return nil
}

func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 40 {
		return s[:37] + "..."
	}
	return s
}
