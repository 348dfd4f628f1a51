package all_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/rules/all"
	"github.com/arraylint/arraylint/rules/all/internal/gen"
	"github.com/arraylint/arraylint/rules/internal/sizepolicy"
)

// The size options are declared once, in sizepolicy: no rule spells "min-bytes", "check-tests"
// or "scale" itself, so the options mean the same in every rule that has them.
func TestSizeOptionsDeclaredOnce(t *testing.T) {
	root, err := gen.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(root, "rules", "internal", "sizepolicy")
	names := map[string]bool{sizepolicy.MinBytes("").Name: true, sizepolicy.CheckTests.Name: true, sizepolicy.Scale.Name: true}
	err = filepath.WalkDir(filepath.Join(root, "rules"), func(p string, d fs.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && (d.Name() == "testdata" || p == home):
			return filepath.SkipDir
		case d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go"):
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && names[s] {
					rel, _ := filepath.Rel(root, p)
					t.Errorf("%s spells the option %q: build it with sizepolicy", rel, s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sized := 0
	for _, r := range all.Rules {
		has := map[string]bool{}
		for _, o := range r.Spec.Options {
			has[o.Name] = true
		}
		if has["min-bytes"] {
			sized++
		}
		if has["check-tests"] && (!has["scale"] || !has["min-bytes"]) {
			t.Errorf("%s has check-tests without the rest of the size policy's options (sizepolicy.Options)", r.Spec.Code)
		}
	}
	if sized < 7 {
		t.Errorf("%d rules have min-bytes, want at least the seven sized rules", sized)
	}
}
