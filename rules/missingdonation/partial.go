package missingdonation

import (
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

// This file writes the options of a bare `@jax.jit` decorator the way every JAX accepts:
// `@functools.partial(jax.jit, donate_argnums=…)`. `@jax.jit(donate_argnums=…)`, a transformation
// called with options alone, needs JAX 0.8.1 or later, while code written for an older JAX (it
// calls `jax.tree_map`, removed in 0.6.0) runs on none that accepts it (the fourth JAX corpus's
// review: bench/jaxrules/review4.md).

// partialName returns how the module names functools.partial through a top-level import
// (`functools.partial`, `ft.partial`, `partial`), or false.
func partialName(mod *ast.Module) (string, bool) {
	for _, st := range mod.Body {
		switch s := st.(type) {
		case *ast.Import:
			for _, a := range s.Names {
				if a.Name == "functools" {
					if a.Asname != "" {
						return a.Asname + ".partial", true
					}
					return "functools.partial", true
				}
			}
		case *ast.ImportFrom:
			if s.Module != "functools" || s.Level != 0 {
				continue
			}
			for _, a := range s.Names {
				if a.Name == "partial" {
					if a.Asname != "" {
						return a.Asname, true
					}
					return "partial", true
				}
			}
		}
	}
	return "", false
}

// importFunctools returns the edit that adds `import functools` on a line of its own before the
// module's first top-level import (after any `from __future__` import, which must come first),
// or false when there is no such import at the start of a line.
func importFunctools(in *pyinspect.Result) (analysis.TextEdit, bool) {
	src := in.File.Src
	for _, st := range in.File.Module.Body {
		switch s := st.(type) {
		case *ast.ImportFrom:
			if s.Module == "__future__" {
				continue
			}
		case *ast.Import:
		default:
			continue
		}
		start := st.Span().Start
		if start > 0 && src[start-1] != '\n' {
			return analysis.TextEdit{}, false
		}
		return in.ReplaceRange(pyparse.Range{Start: start, End: start}, "import functools\n"), true
	}
	return analysis.TextEdit{}, false
}

// bareDecoratorEdits returns the edits that give the bare transformation at site the keyword
// donate_argnums=nums through functools.partial, importing functools when the module does not.
func bareDecoratorEdits(in *pyinspect.Result, site ast.Node, nums string) ([]analysis.TextEdit, bool) {
	name, ok := partialName(in.File.Module)
	var edits []analysis.TextEdit
	if !ok {
		imp, ok := importFunctools(in)
		if !ok {
			return nil, false
		}
		name, edits = "functools.partial", append(edits, imp)
	}
	return append(edits, in.Replace(site, name+"("+in.Text(site)+", donate_argnums="+nums+")")), true
}
