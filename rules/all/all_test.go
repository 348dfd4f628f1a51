package all_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/rules/all"
	"github.com/arraylint/arraylint/rules/all/internal/gen"
)

// TestGenerated fails when all.go or the generated docs are stale (gopls' approach).
func TestGenerated(t *testing.T) {
	root, err := gen.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := gen.RulePackages(root)
	if err != nil {
		t.Fatal(err)
	}
	want, err := gen.AllGo(pkgs)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(filepath.Join(root, "rules", "all", "all.go"))
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("rules/all/all.go is stale: run go generate ./rules/all")
	}
	for rel, data := range gen.Docs(all.Rules) {
		got, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s is stale: run go generate ./rules/all", rel)
		}
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if spliced, ok := gen.SpliceReadme(readme, gen.ReadmeTable(all.Rules)); !ok || !bytes.Equal(spliced, readme) {
		t.Errorf("the rules table of README.md is stale: run go generate ./rules/all")
	}
	pages, _ := filepath.Glob(filepath.Join(root, "docs", "rules", "AL*.md"))
	if len(pages) != len(all.Rules) {
		t.Errorf("docs/rules has %d pages for %d rules: run go generate ./rules/all", len(pages), len(all.Rules))
	}
}

func TestRegistry(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range all.Rules {
		if seen[r.Spec.Code] || seen[r.Spec.Name] {
			t.Errorf("%s (%s) listed twice", r.Spec.Code, r.Spec.Name)
		}
		seen[r.Spec.Code], seen[r.Spec.Name] = true, true
		if analyzer.Lookup(r.Spec.Code) != r || analyzer.Lookup(r.Spec.Name) != r {
			t.Errorf("%s is not the registered rule for its code and name", r.Spec.Code)
		}
		if r.Spec.Since == "" {
			t.Errorf("%s has no Since", r.Spec.Code)
		}
	}
	if _, err := driver.NewRunner(all.Rules); err != nil {
		t.Fatal(err)
	}
}

var sectionOrder = []string{"What it does", "Why is this bad?", "Example", "Use instead", "Fix safety", "Options", "References"}

// sections splits a doc.md into its `## ` sections, in order.
func sections(doc string) (names []string, bodies map[string]string) {
	bodies = map[string]string{}
	cur := ""
	for line := range strings.Lines(doc) {
		if h, ok := strings.CutPrefix(line, "## "); ok {
			cur = strings.TrimSpace(h)
			names = append(names, cur)
			continue
		}
		if cur != "" {
			bodies[cur] += line
		}
	}
	return names, bodies
}

var blockRE = regexp.MustCompile("(?s)```(\\w*)\\n(.*?)```")

type block struct{ lang, code string }

func blocks(s string) []block {
	var out []block
	for _, m := range blockRE.FindAllStringSubmatch(s, -1) {
		out = append(out, block{m[1], m[2]})
	}
	return out
}

func codesOf(t *testing.T, src string) []string {
	t.Helper()
	cfg, err := driver.ParseConfig("arraylint.toml", []byte("select = [\"ALL\"]\n")) // preview rules too
	if err != nil {
		t.Fatal(err)
	}
	fs, err := driver.CheckSource(context.Background(), "example.py", []byte(src), cfg, all.Rules)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range fs {
		out = append(out, f.Code)
	}
	return out
}

// TestDocs checks every rule's documentation: the sections in order (Fix safety exactly when the
// rule has fixes), every option documented, every python block parsing, and the rule firing on
// its Example and staying silent on its Use instead.
func TestDocs(t *testing.T) {
	for _, r := range all.Rules {
		t.Run(r.Spec.Code, func(t *testing.T) {
			names, bodies := sections(r.Spec.Doc)
			want := slices.Clone(sectionOrder)
			if r.Spec.Fix == analyzer.FixNever {
				want = slices.DeleteFunc(want, func(s string) bool { return s == "Fix safety" })
			}
			if !slices.Equal(names, want) {
				t.Fatalf("doc.md sections are %q, want %q", names, want)
			}
			for _, o := range r.Spec.Options {
				if !strings.Contains(bodies["Options"], o.Name) {
					t.Errorf("option %s is not described under ## Options", o.Name)
				}
			}
			for name, body := range bodies {
				for _, b := range blocks(body) {
					if b.lang != "python" {
						continue
					}
					f, err := pyparse.Parse([]byte(b.code))
					if err != nil || len(f.Errors) > 0 {
						t.Errorf("## %s: python block does not parse (%v %v):\n%s", name, err, f.Errors, b.code)
					}
				}
			}
			var example, instead []string
			for _, b := range blocks(bodies["Example"]) {
				if b.lang == "python" || (r == driver.SyntaxError && b.lang == "text") {
					example = append(example, b.code)
				}
			}
			for _, b := range blocks(bodies["Use instead"]) {
				if b.lang == "python" {
					instead = append(instead, b.code)
				}
			}
			if r == driver.InternalError || r == driver.IOError {
				return // no Python source should crash a rule, and I/O errors are about files, not source
			}
			if len(example) == 0 || len(instead) == 0 {
				t.Fatalf("## Example and ## Use instead need a python block each")
			}
			for _, src := range example {
				if !slices.Contains(codesOf(t, src), r.Spec.Code) {
					t.Errorf("%s does not fire on its Example:\n%s", r.Spec.Code, src)
				}
			}
			for _, src := range instead {
				if slices.Contains(codesOf(t, src), r.Spec.Code) {
					t.Errorf("%s fires on its Use instead:\n%s", r.Spec.Code, src)
				}
			}
		})
	}
}
