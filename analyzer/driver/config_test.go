package driver

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"golang.org/x/tools/go/analysis"
)

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestConfigErrorsNameFileKeyAndLine(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"arraylint.toml", "select = [\"AL8\"]\nselct = [\"AL801\"]\n", "arraylint.toml:2: key `selct`: unknown key"},
		{"pyproject.toml", "[project]\nname = \"x\"\n\n[tool.arraylint]\nignore = \"AL801\"\n", "pyproject.toml:5: key `tool.arraylint.ignore`: want an array of strings, have the string \"AL801\""},
		{"arraylint.toml", "select = [\"AL8\", \"AL999\"]\n", "arraylint.toml:1: key `select`: unknown rule or prefix \"AL999\""},
		{"arraylint.toml", "\n[rules.AL803]\nmax-len = \"wide\"\n", "arraylint.toml:3: key `rules.AL803.max-len`: parse size \"wide\""},
		{"arraylint.toml", "[rules.test-long-line]\nwidth = 3\n", "arraylint.toml:2: key `rules.test-long-line.width`: rule AL803 (test-long-line) has no option \"width\""},
		{"arraylint.toml", "[rules.nope]\n", "arraylint.toml:1: key `rules.nope`: unknown rule \"nope\""},
		// A --config file (any name but pyproject.toml) written as a pyproject.toml: the error says
		// where its tables go.
		{"ci.toml", "[tool.arraylint.rules.AL803]\nmax-len = 3\n", "ci.toml:1: key `tool`: unknown key: only a file named pyproject.toml reads [tool.arraylint]; this file takes the same settings at the top level (`select = …`, [rules.AL301], [memory])"},
		{"arraylint.toml", "[rules]\nAL801 = { severity = \"fatal\" }\n", "arraylint.toml:2: key `rules.AL801.severity`: want \"info\", \"warning\" or \"error\""},
		{"arraylint.toml", "select = [\n", "arraylint.toml: line 1"},
		{"arraylint.toml", "memory = 3\n", "arraylint.toml:1: key `memory`: want a table"},
		{"arraylint.toml", "[rules.AL803]\n\nmax-len = -5\n", "arraylint.toml:3: key `rules.AL803.max-len`: want a non-negative integer or size, have -5"},
		{"arraylint.toml", "[rules.AL807]\neven = 7\n", "arraylint.toml:2: key `rules.AL807.even`: 7 is odd"},
		{"arraylint.toml", "[testsection]\nsize = 1\ncolour = \"red\"\n", "arraylint.toml:3: key `testsection.colour`: not a size key"},
		{"arraylint.toml", "[testsection]\nsize = 1\n", "arraylint.toml:1: key `testsection`: the table is too small"},
	} {
		_, err := ParseConfig(tc.name, []byte(tc.src))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseConfig(%q) error = %v, want it to contain %q", tc.src, err, tc.want)
		}
		if err != nil && !strings.HasPrefix(err.Error(), "load config ") {
			t.Errorf("error %q does not follow `load config <file>: <cause>`", err)
		}
	}
}

// evenOption is a rule whose option has a Check: it must be even. The section "testsection"
// takes only the key size, of at least 2 (the real sections are checked by their own packages).
var evenOption = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL807", Name: "test-even-option", Summary: "has a checked option", Severity: analyzer.Info,
	Options: []analyzer.Option{{Name: "even", Default: int64(2), Doc: "an even number", Check: func(v any) error {
		if v.(int64)%2 == 1 {
			return fmt.Errorf("%d is odd", v)
		}
		return nil
	}}},
	Run: func(*analysis.Pass) (any, error) { return nil, nil },
})

func init() {
	analyzer.RegisterSectionCheck("testsection", func(m map[string]any) (string, error) {
		for k := range m {
			if k != "size" {
				return k, fmt.Errorf("not a size key")
			}
		}
		if n, _ := m["size"].(int64); n < 2 {
			return "", fmt.Errorf("the table is too small")
		}
		return "", nil
	})
}

func TestConfigValues(t *testing.T) {
	cfg, err := ParseConfig("pyproject.toml", []byte(`
[tool.other]
x = 1
[tool.arraylint]
extend-select = ["AL803"]
ignore = ["AL801"]
exclude = ["build/", "gen_*.py"]
respect-gitignore = false
[tool.arraylint.per-file-ignores]
"tests/**" = ["test-boom"]
[tool.arraylint.rules.AL803]
max-len = "1KiB"
[tool.arraylint.memory]
device-bytes = "16GiB"
custom = [1, 2]
`))
	if err != nil {
		t.Fatal(err)
	}
	dir := cfg.Dir
	if cfg.Enabled(badWord, filepath.Join(dir, "a.py")) || !cfg.Enabled(boom, filepath.Join(dir, "a.py")) {
		t.Error("ignore not applied")
	}
	if cfg.Enabled(boom, filepath.Join(dir, "tests", "sub", "t.py")) {
		t.Error("per-file-ignores not applied")
	}
	if !cfg.Excluded(filepath.Join(dir, "build"), true) || !cfg.Excluded(filepath.Join(dir, "src", "gen_x.py"), false) || cfg.Excluded(filepath.Join(dir, "src", "x.py"), false) {
		t.Error("exclude globs wrong")
	}
	if cfg.RespectGitignore() {
		t.Error("respect-gitignore = false ignored")
	}
	if v, _ := cfg.Option(longLine, "max-len"); v != int64(1024) {
		t.Errorf("max-len = %v, want 1024", v)
	}
	mem := cfg.Section("memory")
	if mem["device-bytes"] != "16GiB" || len(mem["custom"].([]any)) != 2 {
		t.Errorf("memory section = %v", mem)
	}
	// No [tool.arraylint] table: defaults.
	cfg, err = ParseConfig("pyproject.toml", []byte("[project]\nname = \"x\"\n"))
	if err != nil || !cfg.Enabled(badWord, "a.py") {
		t.Errorf("pyproject without the table: %v", err)
	}
}

func TestConfigDiscovery(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"pyproject.toml":                "[tool.arraylint]\nignore = [\"AL801\"]\n",
		"pkg/mod.py":                    "",
		"pkg/sub/pyproject.toml":        "[project]\nname = \"no arraylint table\"\n",
		"pkg/sub/x.py":                  "",
		"other/arraylint.toml":          "select = [\"AL801\"]\n",
		"other/pyproject.toml":          "[tool.arraylint]\nselect = [\"AL802\"]\n",
		"other/y.py":                    "",
		"broken/arraylint.toml":         "select = 3\n",
		"broken/z.py":                   "",
		"pkg/sub/deeper/arraylint.toml": "",
	})
	cc := &ConfigCache{}
	for _, tc := range []struct {
		file     string
		wantPath string
		badWord  bool
	}{
		{"pkg/mod.py", "pyproject.toml", false},
		{"pkg/sub/x.py", "pyproject.toml", false},    // a pyproject without the table is skipped
		{"other/y.py", "other/arraylint.toml", true}, // arraylint.toml wins in its directory
		{"pkg/sub/deeper/q.py", "pkg/sub/deeper/arraylint.toml", true},
	} {
		cfg, err := cc.ForFile(filepath.Join(root, tc.file))
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Path != filepath.Join(root, tc.wantPath) {
			t.Errorf("%s: config %q, want %q", tc.file, cfg.Path, tc.wantPath)
		}
		if got := cfg.Enabled(badWord, filepath.Join(root, tc.file)); got != tc.badWord {
			t.Errorf("%s: AL801 enabled = %v, want %v", tc.file, got, tc.badWord)
		}
	}
	if _, err := cc.ForFile(filepath.Join(root, "broken", "z.py")); err == nil || !strings.Contains(err.Error(), "arraylint.toml:1: key `select`") {
		t.Errorf("broken config: %v", err)
	}
	// Command-line overrides reach every discovered configuration.
	cc = &ConfigCache{Select: []string{"AL802"}}
	cfg, err := cc.ForFile(filepath.Join(root, "other", "y.py"))
	if err != nil || cfg.Enabled(badWord, "y.py") || !cfg.Enabled(boom, "y.py") {
		t.Errorf("--select override: %v", err)
	}
	cfg, err = LoadConfig(filepath.Join(root, "pkg", "sub"))
	if err != nil || cfg.Path != filepath.Join(root, "pyproject.toml") {
		t.Errorf("LoadConfig: %v %v", cfg, err)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"512": 512, "1MiB": 1 << 20, "1.5 GB": 1_500_000_000, "16KiB": 16384, "2kB": 2000, "7B": 7} {
		got, err := analyzer.ParseSize(in)
		if err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "MiB", "-1", "1 XB", "NaN", "1e300GB"} {
		if _, err := analyzer.ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q) accepted", in)
		}
	}
}

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		".git/HEAD":               "",
		".gitignore":              "build/\n*.gen.py\n!keep.gen.py\n/top_only.py\n",
		"a.py":                    "",
		"stub.pyi":                "",
		"notes.txt":               "",
		"top_only.py":             "",
		"sub/top_only.py":         "",
		"x.gen.py":                "",
		"keep.gen.py":             "",
		"build/b.py":              "",
		"pkg/.gitignore":          "local.py\n",
		"pkg/local.py":            "",
		"pkg/kept.py":             "",
		"pkg/__pycache__/c.py":    "",
		"venv/pyvenv.cfg":         "",
		"venv/lib/site.py":        "",
		"node_modules/n.py":       "",
		"arraylint.toml":          "exclude = [\"skipme\"]\n",
		"skipme/s.py":             "",
		"deep/dir/arraylint.toml": "exclude = [\"*.py\"]\n",
		"deep/dir/d.py":           "",
		"deep/e.py":               "",
	})
	got, err := Discover([]string{root}, &ConfigCache{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		got[i], _ = filepath.Rel(root, got[i])
		got[i] = filepath.ToSlash(got[i])
	}
	want := []string{"a.py", "deep/e.py", "keep.gen.py", "pkg/kept.py", "stub.pyi", "sub/top_only.py"}
	if !slices.Equal(got, want) {
		t.Errorf("Discover = %q, want %q", got, want)
	}
	// Explicit paths are always checked; ignore files of ancestors up to the repository root
	// apply below an explicit directory.
	got, err = Discover([]string{filepath.Join(root, "x.gen.py"), filepath.Join(root, "build"), filepath.Join(root, "sub")}, &ConfigCache{})
	for i := range got {
		got[i], _ = filepath.Rel(root, got[i])
		got[i] = filepath.ToSlash(got[i])
	}
	if want := []string{"x.gen.py", "build/b.py", "sub/top_only.py"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("explicit paths: %q %v, want %q", got, err, want)
	}
	if _, err := Discover([]string{filepath.Join(root, "nope")}, &ConfigCache{}); err == nil {
		t.Error("missing path accepted")
	}
}

func TestGlob(t *testing.T) {
	for _, tc := range []struct {
		pat, path string
		dir, want bool
	}{
		{"*.py", "a/b/c.py", false, true},
		{"*.py", "c.pyi", false, false},
		{"a/*.py", "a/c.py", false, true},
		{"a/*.py", "x/a/c.py", false, false},
		{"**/gen/*.py", "x/y/gen/z.py", false, true},
		{"**/gen/*.py", "gen/z.py", false, true},
		{"a/**", "a/b/c", false, true},
		{"a/**/z", "a/z", false, true},
		{"build/", "build", false, false},
		{"build/", "x/build", true, true},
		{"f?o.py", "foo.py", false, true},
		{"[ab].py", "b.py", false, true},
		{"[!ab].py", "b.py", false, false},
	} {
		g, err := compileGlob(tc.pat, true)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.match(tc.path, tc.dir); got != tc.want {
			t.Errorf("%q matches %q (dir %v) = %v, want %v", tc.pat, tc.path, tc.dir, got, tc.want)
		}
	}
	if _, err := compileGlob("[ab", false); err == nil {
		t.Error("unclosed class accepted")
	}
}

// --show-settings lists a section's keys in the order declared for it, with the command line's
// values (marked) over the file's, and leaves out the environment's "$" keys.
func TestWriteSettingsSections(t *testing.T) {
	analyzer.RegisterSectionKeys("memory", "target", "hbm", "backend")
	cfg, err := ParseConfig("arraylint.toml", []byte("[memory]\nbackend = \"numpy\"\nzzz = 1\ntarget = \"h100\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	cfg = cfg.WithFlags(map[string]map[string]any{"memory": {"hbm": "16GiB", "$LEGATE_CONFIG": "--sysmem 4"}})
	var b strings.Builder
	if err := cfg.WriteSettings(&b, "x.py", nil); err != nil {
		t.Fatal(err)
	}
	want := "\n[memory]\ntarget = \"h100\"\nhbm = \"16GiB\"  # command line\nbackend = \"numpy\"\nzzz = 1\n"
	if got := b.String(); !strings.HasSuffix(got, want) {
		t.Errorf("settings end with\n%s\nwant\n%s", got[strings.LastIndex(got, "\n[memory]"):], want)
	}
}

// TestPreviewRules: a preview rule runs only when a selector names it (its code, its name, a
// prefix or ALL), and the configuration's ignore still wins over a harness's WithDefaults.
func TestPreviewRules(t *testing.T) {
	preview := analyzer.MustRule(analyzer.RuleSpec{Code: "AL806", Name: "test-preview", Summary: "a preview rule",
		Severity: analyzer.Warning, Preview: true, Run: func(*analysis.Pass) (any, error) { return nil, nil }})
	for _, tc := range []struct {
		toml string
		want bool
	}{
		{"", false},
		{"select = [\"ALL\"]\n", true},
		{"select = [\"AL8\"]\n", true},
		{"extend-select = [\"test-preview\"]\n", true},
		{"extend-select = [\"AL806\"]\nignore = [\"AL806\"]\n", false},
	} {
		cfg, err := ParseConfig("arraylint.toml", []byte(tc.toml))
		if err != nil {
			t.Fatal(err)
		}
		if got := cfg.Enabled(preview, "a.py"); got != tc.want {
			t.Errorf("%q: Enabled = %v, want %v", tc.toml, got, tc.want)
		}
	}
	cfg, _ := ParseConfig("arraylint.toml", []byte("ignore = [\"AL806\"]\n"))
	if cfg.WithDefaults("AL806").Enabled(preview, "a.py") {
		t.Error("WithDefaults: the configuration's ignore no longer applies")
	}
	if cfg, _ := ParseConfig("arraylint.toml", nil); !cfg.WithDefaults("AL806").Enabled(preview, "a.py") {
		t.Error("WithDefaults: the preview rule does not run")
	}
}
