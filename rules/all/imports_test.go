package all_test

import (
	"errors"
	"go/build"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/rules/all/internal/gen"
)

// This file tests the module's import graph: the layers import only downwards, and a rule
// imports no other rule (what rules share lives in arraymodel, memanalyzer, pyinspect or
// rules/internal).

// layers lists the module's packages from the bottom up, as import paths relative to the module
// ("x/..." is x and every package under it; "x" is x alone). A package may import packages of
// its own layer and of the layers below it, never of a layer above; every package must be in
// exactly one layer, so a new package is placed here when it is added.
var layers = []struct {
	name  string
	paths []string
}{
	// Python source: bytes to syntax trees and notebooks to programs, and the Python files the
	// tests and benchmarks read (internal/pycorpus); nothing of ours above.
	{"source", []string{"pyparse/...", "notebook/...", "internal/pycorpus"}},
	// The rule framework: what rules and the array model import (Rule, RuleSpec, Option,
	// Severity, Finding, Pass, applicability) and the parsed file every rule requires.
	//
	// The driver (runner, configuration, discovery, noqa, fix writing) is analyzer/driver, in
	// the "driver" layer: arraymodel, memory and rules import analyzer, never analyzer/driver.
	{"framework", []string{"analyzer", "analyzer/pyinspect"}},
	// The array model: the API table, the interpreter, the facts rules read, Pallas kernels and
	// TPU tiles.
	{"arraymodel", []string{"arraymodel/..."}},
	// Heap models, targets and reports, and the per-file estimate the rules read.
	{"memory", []string{"memory/..."}},
	// One package per rule, their shared internals and the registry.
	{"rules", []string{"rules/..."}},
	// What runs rules and shows their findings: the driver, the registry that joins the rules
	// to the driver's own (rules/all), printers, the language server, the command and the
	// benchmarks' tools.
	{"driver", []string{"analyzer/driver/...", "rules/all/...", "analyzer/analysistest/...", "analyzer/changed/...",
		"analyzer/printers/...", "analyzer/udiff/...", "lsp/...", "cmd/...", "bench/..."}},
}

// pkgImports is one package's imports of the module's own packages, relative to the module.
type pkgImports struct {
	imports []string // of its non-test files
	tests   []string // of its tests, in the package and as package_test
}

// modulePackages reads the imports of every package of the module with go/build, as the go
// command would for this platform, leaving out testdata and directories the go command skips.
func modulePackages(t *testing.T) map[string]pkgImports {
	t.Helper()
	root, err := gen.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	own := func(paths []string) []string {
		var out []string
		for _, p := range paths {
			if rel, ok := strings.CutPrefix(p, gen.Module+"/"); ok {
				out = append(out, rel)
			}
		}
		return out
	}
	pkgs := map[string]pkgImports{}
	err = filepath.WalkDir(root, func(dir string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, dir)
		name := d.Name()
		if rel != "." && (name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")) {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil && rel != "." {
			return filepath.SkipDir // another module
		}
		p, err := build.Default.ImportDir(dir, 0)
		if noGo := (*build.NoGoError)(nil); errors.As(err, &noGo) {
			return nil
		}
		if err != nil {
			return err
		}
		pkgs[filepath.ToSlash(rel)] = pkgImports{imports: own(p.Imports), tests: own(append(p.TestImports, p.XTestImports...))}
		return nil
	})
	if err != nil {
		t.Fatalf("read the module's packages: %v", err)
	}
	if len(pkgs) < 20 {
		t.Fatalf("found %d packages under %s, want the module's", len(pkgs), root)
	}
	return pkgs
}

// layerOf returns the index in layers of the layer holding pkg, or -1 (none) or -2 (several):
// the most specific path that names it decides ("rules/all/..." in the driver's layer before
// "rules/..." in the rules').
func layerOf(pkg string) int {
	found, longest := -1, -1
	for i, l := range layers {
		for _, p := range l.paths {
			base, tree := strings.CutSuffix(p, "/...")
			if pkg != base && !(tree && strings.HasPrefix(pkg, base+"/")) {
				continue
			}
			switch {
			case len(base) > longest:
				found, longest = i, len(base)
			case len(base) == longest && found != i:
				found = -2
			}
		}
	}
	return found
}

// TestLayers fails when a package imports one of a higher layer (pyparse < the rule framework <
// arraymodel < memory < rules < the driver, the server and the command).
func TestLayers(t *testing.T) {
	pkgs := modulePackages(t)
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		from := layerOf(pkg)
		switch from {
		case -1:
			t.Errorf("%s is in no layer: add it to layers in rules/all/imports_test.go", pkg)
			continue
		case -2:
			t.Errorf("%s is in several layers of rules/all/imports_test.go", pkg)
			continue
		}
		for _, imp := range pkgs[pkg].imports {
			if to := layerOf(imp); to > from {
				t.Errorf("%s (%s) imports %s (%s): imports point only down the layers", pkg, layers[from].name, imp, layers[to].name)
			}
		}
	}
}

// TestNoRuleImportsARule fails when a package under rules/ other than the registry imports a
// rule package (one declaring `var Rule`) but its own, in its code or its tests: what two rules
// share lives in arraymodel, memory/memanalyzer, analyzer/pyinspect or rules/internal.
func TestNoRuleImportsARule(t *testing.T) {
	root, err := gen.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	rulePaths, err := gen.RulePackages(root)
	if err != nil {
		t.Fatal(err)
	}
	isRule := map[string]bool{}
	for _, p := range rulePaths {
		isRule[strings.TrimPrefix(p, gen.Module+"/")] = true
	}
	if len(isRule) < 10 {
		t.Fatalf("found %d rule packages, want every rule's", len(isRule))
	}
	pkgs := modulePackages(t)
	for _, pkg := range slices.Sorted(maps.Keys(pkgs)) {
		if !strings.HasPrefix(pkg, "rules/") || pkg == "rules/all" || strings.HasPrefix(pkg, "rules/all/") {
			continue
		}
		for _, imp := range slices.Concat(pkgs[pkg].imports, pkgs[pkg].tests) {
			if isRule[imp] && imp != pkg {
				t.Errorf("%s imports rule package %s: move what they share to arraymodel, memory/memanalyzer, analyzer/pyinspect or rules/internal", pkg, imp)
			}
		}
	}
}
