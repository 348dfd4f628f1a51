package all_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/rules/all"
	"github.com/arraylint/arraylint/rules/all/internal/gen"
)

// This file checks that the rule and option names the user docs mention exist in the code: a
// suppression comment, a --select or --ignore list, or an option named in a rule's Options
// section or in prose ("AL101's `target` option") that the code does not know sends users to
// an AL902, a usage error or a configuration the loader rejects. (TOML blocks are loaded by
// TestDocTOMLBlocksLoad.)

// docFiles returns README.md and docs/**/*.md, keyed by their path relative to the repository.
func docFiles(t *testing.T) map[string]string {
	t.Helper()
	root, err := gen.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	read := func(p string) {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = string(data)
	}
	read(filepath.Join(root, "README.md"))
	err = filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			read(p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// ruleIndex maps every rule code and name, the tool's own included, to its rule.
func ruleIndex() map[string]*analyzer.Rule {
	idx := map[string]*analyzer.Rule{}
	for _, r := range append(append([]*analyzer.Rule{}, all.Rules...), driver.ToolRules()...) {
		idx[r.Spec.Code] = r
		idx[r.Spec.Name] = r
	}
	return idx
}

func hasOption(r *analyzer.Rule, name string) bool {
	if name == "severity" { // every rule's table takes it
		return true
	}
	for _, o := range r.Spec.Options {
		if o.Name == name {
			return true
		}
	}
	return false
}

var (
	// Lists of rules in suppression comments and on command lines.
	suppressRE = regexp.MustCompile(`(?:#\s*noqa:\s*|#\s*arraylint:\s*ignore\[|#\s*arraylint:\s*file-ignore\s+|--(?:select|ignore|extend-select)[ =])([A-Za-z0-9_-]+(?:\s*,\s*[A-Za-z0-9_-]+)*)`)
	// A rule's own code or name: AL and three digits, or kebab-case with a hyphen.
	ruleRefRE = regexp.MustCompile(`^(?:AL\d{3}|[a-z]+(?:-[a-z]+)+)$`)
	// Prose naming one rule's option: "AL101's `target` option", "the AL101 `target` option",
	// "the `target` option of AL101".
	optionProseRE = regexp.MustCompile("(AL\\d{3})(?:'s)? `([a-z-]+)` option|`([a-z-]+)` option of (AL\\d{3})")
	// The list items of a rule page's Options section: "- `name` …" or "- `a`, `b`: …".
	optionItemRE = regexp.MustCompile("(?m)^- ((?:`[a-z-]+`(?:, | and | or )?)+)")
	backquoted   = regexp.MustCompile("`([a-z-]+)`")
	rulePageRE   = regexp.MustCompile(`^docs/rules/(AL\d{3})\.md$`)
)

// TestDocRuleAndOptionNames checks every rule and option name that README.md and docs/ mention
// in a suppression comment, a --select/--ignore list, an option sentence or a rule page's
// Options list against the registered rules.
func TestDocRuleAndOptionNames(t *testing.T) {
	rules := ruleIndex()
	checked := 0
	for path, text := range docFiles(t) {
		for _, m := range suppressRE.FindAllStringSubmatch(text, -1) {
			if path == "docs/rules/AL902.md" || path == "docs/rules/AL903.md" {
				break // these pages show suppressions of unknown codes on purpose
			}
			for _, name := range strings.Split(m[1], ",") {
				name = strings.TrimSpace(name)
				if !ruleRefRE.MatchString(name) || name == "file-ignore" {
					continue // another tool's code (E501), a placeholder (CODE, ALnnn)
				}
				checked++
				if rules[name] == nil {
					t.Errorf("%s: %q names no rule (code or name): %s", path, name, m[0])
				}
			}
		}
		for _, m := range optionProseRE.FindAllStringSubmatch(text, -1) {
			code, opt := m[1], m[2]
			if code == "" {
				code, opt = m[4], m[3]
			}
			checked++
			if r := rules[code]; r == nil || !hasOption(r, opt) {
				t.Errorf("%s: %q: %s has no option %q", path, m[0], code, opt)
			}
		}
		if pm := rulePageRE.FindStringSubmatch(path); pm != nil {
			r := rules[pm[1]]
			if r == nil {
				t.Errorf("%s: no rule %s", path, pm[1])
				continue
			}
			_, opts, _ := strings.Cut(text, "\n## Options\n")
			opts, _, _ = strings.Cut(opts, "\n## ")
			for _, item := range optionItemRE.FindAllStringSubmatch(opts, -1) {
				for _, b := range backquoted.FindAllStringSubmatch(item[1], -1) {
					checked++
					if !hasOption(r, b[1]) {
						t.Errorf("%s: the Options section lists `%s`, which is not an option of %s (%s)", path, b[1], r.Spec.Code, r.Spec.Name)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("checked %d names; the README's suppression examples and the rule pages hold more", checked)
	}
}
