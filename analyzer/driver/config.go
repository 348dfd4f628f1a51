package driver

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/arraylint/arraylint/analyzer"
)

// Config is the configuration that applies to a file: the `[tool.arraylint]` table of a
// pyproject.toml, or the top level of an arraylint.toml, plus command-line overrides.
//
// Keys: select, extend-select, ignore (rule codes, names, code prefixes such as "AL3", or "ALL"),
// exclude (globs), include and extend-include (globs of the files a directory walk checks),
// per-file-ignores (glob → codes), respect-gitignore (bool), rules (per-rule
// tables keyed by code or name holding `severity` and the rule's options) and memory (read by the
// memory estimator through Section). A Config is immutable once loaded.
type Config struct {
	// Path is the configuration file, or "" for the defaults.
	Path string
	// Dir is the directory relative globs are resolved against.
	Dir string

	layers           []selection
	exclude          []*glob
	include          []*glob // nil: defaultInclude
	extendInclude    []*glob
	perFileIgnores   []fileIgnore
	respectGitignore bool
	severity         map[string]analyzer.Severity // by code
	options          map[string]map[string]any    // by code, then option name
	sections         map[string]map[string]any
	globals          map[string]any            // top-level values of Global rule options, by name
	flags            map[string]map[string]any // command-line values of sections (WithFlags)
	cacheDir         string                    // `cache-dir`, absolute ("" when not set)
	cacheDirNote     string                    // where cacheDir came from, for WriteSettings
}

// selection is one layer of rule selection: config file first, command line last.
type selection struct {
	selectors []string // nil keeps the previous layer's set; "ALL" selects everything
	extend    []string
	ignore    []string
}

type fileIgnore struct {
	glob  *glob
	codes []string
}

// Default returns the configuration used where no file is found: every rule on.
func Default(dir string) *Config {
	return &Config{Dir: dir, respectGitignore: true}
}

// FileDir is the directory of the configuration file, or "" when c is the defaults (no file).
func (c *Config) FileDir() string {
	if c == nil || c.Path == "" {
		return ""
	}
	return c.Dir
}

// CacheDir returns the `cache-dir` setting as an absolute path, or "" when it is not set.
func (c *Config) CacheDir() string {
	if c == nil {
		return ""
	}
	return c.cacheDir
}

// RespectGitignore reports whether `.gitignore` files are honoured when walking directories.
func (c *Config) RespectGitignore() bool { return c.respectGitignore }

// Section returns the raw values of a top-level table that the core does not interpret, such as
// "memory" (nil when absent). The map must not be modified.
func (c *Config) Section(name string) map[string]any {
	if c == nil {
		return nil
	}
	return c.sections[name]
}

// Flags returns the command-line values given for a section such as "memory" (nil when none),
// in the section's own keys and value types. They are kept apart from Section because the
// section's reader decides how they rank against the file's own settings. The map must not be
// modified.
func (c *Config) Flags(name string) map[string]any {
	if c == nil {
		return nil
	}
	return c.flags[name]
}

// WithFlags returns a copy of c whose Flags for each section named in flags are those values.
func (c *Config) WithFlags(flags map[string]map[string]any) *Config {
	if len(flags) == 0 {
		return c
	}
	cp := *c
	cp.flags = flags
	return &cp
}

// WithOptions returns a copy of c in which every registered rule that declares an option named
// by a key of opts takes that value, converted like a config value (so "80GiB" works for a size).
// It is how command-line flags such as `check --target h100` reach the rules that read them.
func (c *Config) WithOptions(opts map[string]any) (*Config, error) {
	if len(opts) == 0 {
		return c, nil
	}
	cp := *c
	cp.options = make(map[string]map[string]any, len(c.options))
	for code, m := range c.options {
		cp.options[code] = maps.Clone(m)
	}
	for name, v := range opts {
		declared := false
		for _, r := range analyzer.Registered() {
			o, ok := r.DeclaredOption(name)
			if !ok {
				continue
			}
			declared = true
			val, err := o.Convert(v)
			if err != nil {
				return nil, fmt.Errorf("option %s of %s: %w", name, r.Spec.Code, err)
			}
			if cp.options[r.Spec.Code] == nil {
				cp.options[r.Spec.Code] = map[string]any{}
			}
			cp.options[r.Spec.Code][name] = val
		}
		if !declared {
			return nil, fmt.Errorf("option %s: no rule declares it", name)
		}
	}
	return &cp, nil
}

// WithDefaults returns a copy of c whose default set also holds the rules codes names (preview
// rules included): the configuration's own select and ignore still apply on top. A test
// harness's rule under test runs so.
func (c *Config) WithDefaults(codes ...string) *Config {
	cp := *c
	cp.layers = append([]selection{{extend: codes}}, c.layers...)
	return &cp
}

// WithOverrides returns a copy of c with command-line --select (replacing the configured set when
// non-empty) and --ignore applied on top. Selectors are validated like config values.
func (c *Config) WithOverrides(sel, ignore []string) (*Config, error) {
	for _, s := range slices.Concat(sel, ignore) {
		if err := checkSelector(s); err != nil {
			return nil, err
		}
	}
	if len(sel) == 0 && len(ignore) == 0 {
		return c, nil
	}
	cp := *c
	cp.layers = append(slices.Clip(c.layers), selection{selectors: sel, ignore: ignore})
	if len(sel) == 0 {
		cp.layers[len(cp.layers)-1].selectors = nil
	}
	return &cp, nil
}

var prefixRE = regexp.MustCompile(`^AL[0-9]{0,2}$`)

// checkSelector accepts ALL, a registered code or name, or a code prefix (AL, AL3, AL30).
func checkSelector(s string) error {
	if s == "ALL" || prefixRE.MatchString(s) || analyzer.Lookup(s) != nil {
		return nil
	}
	return fmt.Errorf("unknown rule or prefix %q", s)
}

// matches reports whether selector s selects rule r.
func matches(s string, r *analyzer.Rule) bool {
	if s == "ALL" {
		return true
	}
	if prefixRE.MatchString(s) {
		return strings.HasPrefix(r.Spec.Code, s)
	}
	return s == r.Spec.Code || s == r.Spec.Name
}

func matchesAny(ss []string, r *analyzer.Rule) bool {
	return slices.ContainsFunc(ss, func(s string) bool { return matches(s, r) })
}

// Enabled reports whether rule r runs on path (relative paths are taken relative to the working
// directory): by default every rule does but the preview ones; each layer may replace the set
// (select), add to it (extend-select) and remove from it (ignore), and per-file-ignores remove
// more.
func (c *Config) Enabled(r *analyzer.Rule, path string) bool { return c.enabler(path)(r) }

// enabler returns Enabled for one path, resolving the path against c.Dir once.
func (c *Config) enabler(path string) func(*analyzer.Rule) bool {
	var ignores [][]string
	if len(c.perFileIgnores) > 0 {
		rel := c.rel(path)
		for _, fi := range c.perFileIgnores {
			if fi.glob.matchPath(rel, false) {
				ignores = append(ignores, fi.codes)
			}
		}
	}
	return func(r *analyzer.Rule) bool {
		on := !r.Spec.Preview
		for _, l := range c.layers {
			if l.selectors != nil {
				on = matchesAny(l.selectors, r)
			}
			if matchesAny(l.extend, r) {
				on = true
			}
			if matchesAny(l.ignore, r) {
				on = false
			}
		}
		for _, codes := range ignores {
			if on && matchesAny(codes, r) {
				on = false
			}
		}
		return on
	}
}

// DefaultInclude are the globs of the files a directory walk checks when the configuration has no
// `include`: Python sources, stubs and Jupyter notebooks.
var DefaultInclude = []string{"*.py", "*.pyi", "*.ipynb"}

var defaultInclude = func() []*glob {
	var gs []*glob
	for _, s := range DefaultInclude {
		g, err := compileGlob(s, false)
		if err != nil {
			panic(err)
		}
		gs = append(gs, g)
	}
	return gs
}()

// Included reports whether a directory walk checks the file at path: it matches an `include` glob
// (DefaultInclude when there is no `include`) or an `extend-include` glob.
func (c *Config) Included(path string) bool {
	inc := c.include
	if inc == nil {
		inc = defaultInclude
		if len(c.extendInclude) == 0 && !strings.Contains(path, ".py") && !strings.Contains(path, ".ipynb") {
			return false // no default glob can match: no regexp run for each entry of a walk
		}
	}
	rel := c.rel(path)
	for _, gs := range [][]*glob{inc, c.extendInclude} {
		for _, g := range gs {
			if g.matchPath(rel, false) {
				return true
			}
		}
	}
	return false
}

// Excluded reports whether path matches an `exclude` glob.
func (c *Config) Excluded(path string, isDir bool) bool {
	if len(c.exclude) == 0 {
		return false
	}
	rel := c.rel(path)
	for _, g := range c.exclude {
		if g.matchPath(rel, isDir) {
			return true
		}
	}
	return false
}

// rel returns path relative to c.Dir with forward slashes (or the cleaned absolute path when path
// is outside c.Dir).
func (c *Config) rel(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return filepath.ToSlash(path)
	}
	if c.Dir != "" {
		if r, err := filepath.Rel(c.Dir, abs); err == nil && !strings.HasPrefix(r, "..") {
			return filepath.ToSlash(r)
		}
	}
	return filepath.ToSlash(abs)
}

// Severity returns the severity configured for r, or its default.
func (c *Config) Severity(r *analyzer.Rule) analyzer.Severity {
	if s, ok := c.severity[r.Spec.Code]; ok {
		return s
	}
	return r.Spec.Severity
}

// Option returns the configured value of r's option name, or its default. ok is false when r
// declares no such option.
func (c *Config) Option(r *analyzer.Rule, name string) (v any, ok bool) {
	o, ok := r.DeclaredOption(name)
	if !ok {
		return nil, false
	}
	if c != nil {
		if v, set := c.options[r.Spec.Code][name]; set {
			return v, true
		}
		if v, set := c.globals[name]; set && o.Global {
			return v, true
		}
	}
	return o.Default, true
}

// ConfigFileNames are the files LoadConfig looks for in each directory, in order of preference.
var ConfigFileNames = []string{"arraylint.toml", "pyproject.toml"}

// LoadConfig finds the configuration for files in dir: the nearest arraylint.toml, or
// pyproject.toml with a [tool.arraylint] table, in dir or its parents. Without one it returns
// Default(dir).
func LoadConfig(dir string) (*Config, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("load config for %s: %w", dir, err)
	}
	for d := abs; ; d = filepath.Dir(d) {
		if c, err := loadConfigIn(d); c != nil || err != nil {
			return c, err
		}
		if filepath.Dir(d) == d {
			return Default(abs), nil
		}
	}
}

// loadConfigIn loads the configuration file of directory d, or returns nil, nil if d has none.
// A configuration file that is there but cannot be read (no permission, a named pipe, a
// directory) is an error, as it is for Ruff: passing over it would check the files with other
// settings than the project's without a word.
func loadConfigIn(d string) (*Config, error) {
	for _, name := range ConfigFileNames {
		p := filepath.Join(d, name)
		data, _, err := ReadFile(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("load config %s: %w", p, unwrapPathError(err))
		}
		if name == "pyproject.toml" && !hasArraylintTable(data) {
			continue
		}
		c, found, err := parseConfig(p, data)
		if err != nil || found {
			return c, err
		}
	}
	return nil, nil
}

// unwrapPathError drops the operation and path of an *fs.PathError, which the caller names
// itself; other errors are returned as they are.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// hasArraylintTable is a cheap pre-check that avoids decoding unrelated pyproject.toml files;
// ParseConfig decides for real.
func hasArraylintTable(data []byte) bool {
	return strings.Contains(string(data), "arraylint")
}

// LoadConfigFile loads the configuration file at path (arraylint.toml or pyproject.toml, told
// apart by name) for every file checked, as --config does.
func LoadConfigFile(path string) (*Config, error) {
	data, _, err := ReadFile(path) // a named pipe is refused, not waited on
	if err != nil {
		return nil, fmt.Errorf("load config %s: %w", path, unwrapPathError(err))
	}
	return ParseConfig(path, data)
}

// ParseConfig parses configuration file data read from path. A pyproject.toml without a
// [tool.arraylint] table gives the defaults.
func ParseConfig(path string, data []byte) (*Config, error) {
	c, _, err := parseConfig(path, data)
	return c, err
}

// parseConfig is ParseConfig that also tells whether the file holds arraylint configuration.
func parseConfig(path string, data []byte) (*Config, bool, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, false, fmt.Errorf("load config %s: %w", path, err)
	}
	doc, err := readTOML(data)
	if err != nil {
		return nil, false, fmt.Errorf("load config %s: %w", path, err)
	}
	c := Default(filepath.Dir(abs))
	c.Path = path
	table, prefix := doc.values, ""
	if filepath.Base(path) == "pyproject.toml" {
		tool, _ := doc.values["tool"].(map[string]any)
		table, _ = tool["arraylint"].(map[string]any)
		prefix = "tool.arraylint."
		if table == nil {
			return c, false, nil
		}
	}
	p := &configParser{c: c, doc: doc, path: path, prefix: prefix}
	p.parse(table)
	if p.err != nil {
		return nil, false, p.err
	}
	return c, true, nil
}

// configParser validates the table and fills c; the first error wins.
type configParser struct {
	c      *Config
	doc    *tomlDoc
	path   string
	prefix string
	err    error
}

func (p *configParser) fail(key, format string, args ...any) {
	if p.err == nil {
		p.err = fmt.Errorf("load config %s:%d: key `%s`: %s", p.path, p.doc.line(p.prefix+key), p.prefix+key, fmt.Sprintf(format, args...))
	}
}

func (p *configParser) parse(t map[string]any) {
	var sel selection
	hasLayer := false
	for _, k := range slices.Sorted(maps.Keys(t)) {
		v := t[k]
		switch k {
		case "select":
			sel.selectors = p.selectors(k, v)
			if sel.selectors == nil {
				sel.selectors = []string{}
			}
			hasLayer = true
		case "extend-select":
			sel.extend = p.selectors(k, v)
			hasLayer = true
		case "ignore":
			sel.ignore = p.selectors(k, v)
			hasLayer = true
		case "exclude":
			for _, s := range p.strings(k, v) {
				g, err := compileGlob(s, false)
				if err != nil {
					p.fail(k, "%v", err)
					continue
				}
				p.c.exclude = append(p.c.exclude, g)
			}
		case "include", "extend-include":
			gs := []*glob{}
			for _, s := range p.strings(k, v) {
				g, err := compileGlob(s, false)
				if err != nil {
					p.fail(k, "%v", err)
					continue
				}
				gs = append(gs, g)
			}
			if k == "include" {
				p.c.include = gs
			} else {
				p.c.extendInclude = gs
			}
		case "respect-gitignore":
			b, ok := v.(bool)
			if !ok {
				p.fail(k, "want true or false, have %s", analyzer.DescribeValue(v))
			}
			p.c.respectGitignore = b
		case "per-file-ignores":
			m, ok := v.(map[string]any)
			if !ok {
				p.fail(k, "want a table of glob = [codes], have %s", analyzer.DescribeValue(v))
				continue
			}
			for _, pat := range slices.Sorted(maps.Keys(m)) {
				g, err := compileGlob(pat, false)
				if err != nil {
					p.fail(k+"."+pat, "%v", err)
					continue
				}
				p.c.perFileIgnores = append(p.c.perFileIgnores, fileIgnore{glob: g, codes: p.selectors(k+"."+pat, m[pat])})
			}
		case "rules":
			p.rules(k, v)
		case "cache-dir":
			dir, ok := v.(string)
			if !ok || dir == "" {
				p.fail(k, "want a directory path, have %s", analyzer.DescribeValue(v))
				continue
			}
			if !filepath.IsAbs(dir) {
				dir = filepath.Join(p.c.Dir, dir)
			}
			p.c.cacheDir = filepath.Clean(dir)
		default:
			if tool, ok := v.(map[string]any); ok && k == "tool" && p.prefix == "" && tool["arraylint"] != nil {
				// arraylint.toml or a --config file holding a pyproject.toml's tables.
				p.fail(k, "unknown key: only a file named pyproject.toml reads [tool.arraylint]; this file takes the same settings at the top level (`select = …`, [rules.AL301], [memory])")
				continue
			}
			if o, ok := globalOption(k); ok {
				conv, err := o.Convert(v)
				if err != nil {
					p.fail(k, "%v", err)
					continue
				}
				if p.c.globals == nil {
					p.c.globals = map[string]any{}
				}
				p.c.globals[k] = conv
				continue
			}
			if !analyzer.IsSection(k) {
				p.fail(k, "unknown key")
				continue
			}
			m, ok := v.(map[string]any)
			if !ok {
				p.fail(k, "want a table, have %s", analyzer.DescribeValue(v))
				continue
			}
			if check := analyzer.SectionCheckOf(k); check != nil {
				if key, err := check(m); err != nil {
					if key != "" {
						key = k + "." + key
					} else {
						key = k
					}
					p.fail(key, "%v", err)
					continue
				}
			}
			if p.c.sections == nil {
				p.c.sections = map[string]map[string]any{}
			}
			p.c.sections[k] = m
		}
	}
	if hasLayer {
		p.c.layers = []selection{sel}
	}
}

func (p *configParser) strings(key string, v any) []string {
	list, ok := v.([]any)
	if !ok {
		p.fail(key, "want an array of strings, have %s", analyzer.DescribeValue(v))
		return nil
	}
	var out []string
	for _, e := range list {
		s, ok := e.(string)
		if !ok {
			p.fail(key, "want an array of strings, have an element %s", analyzer.DescribeValue(e))
			return nil
		}
		out = append(out, s)
	}
	return out
}

func (p *configParser) selectors(key string, v any) []string {
	ss := p.strings(key, v)
	for _, s := range ss {
		if err := checkSelector(s); err != nil {
			p.fail(key, "%v", err)
		}
	}
	return ss
}

func (p *configParser) rules(key string, v any) {
	m, ok := v.(map[string]any)
	if !ok {
		p.fail(key, "want a table of rule tables, have %s", analyzer.DescribeValue(v))
		return
	}
	for _, name := range slices.Sorted(maps.Keys(m)) {
		rk := key + "." + name
		r := analyzer.Lookup(name)
		if r == nil {
			p.fail(rk, "unknown rule %q", name)
			continue
		}
		t, ok := m[name].(map[string]any)
		if !ok {
			p.fail(rk, "want a table, have %s", analyzer.DescribeValue(m[name]))
			continue
		}
		for _, opt := range slices.Sorted(maps.Keys(t)) {
			ok := rk + "." + opt
			val := t[opt]
			if opt == "severity" {
				s, _ := val.(string)
				sev, err := analyzer.ParseSeverity(s)
				if err != nil {
					p.fail(ok, "want \"info\", \"warning\" or \"error\", have %s", analyzer.DescribeValue(val))
					continue
				}
				if p.c.severity == nil {
					p.c.severity = map[string]analyzer.Severity{}
				}
				p.c.severity[r.Spec.Code] = sev
				continue
			}
			o, found := r.DeclaredOption(opt)
			if !found {
				p.fail(ok, "rule %s (%s) has no option %q", r.Spec.Code, r.Spec.Name, opt)
				continue
			}
			conv, err := o.Convert(val)
			if err != nil {
				p.fail(ok, "%v", err)
				continue
			}
			if p.c.options == nil {
				p.c.options = map[string]map[string]any{}
			}
			if p.c.options[r.Spec.Code] == nil {
				p.c.options[r.Spec.Code] = map[string]any{}
			}
			p.c.options[r.Spec.Code][opt] = conv
		}
	}
}

// ConfigCache finds and caches the configuration of each directory, applying the same
// command-line overrides to every configuration it loads. It is safe for concurrent use; its
// exported fields must not change once it is in use.
type ConfigCache struct {
	// Fixed, when set, is used for every file (--config).
	Fixed *Config
	// Select and Ignore are the command-line overrides.
	Select, Ignore []string
	// Options are command-line rule options (see Config.WithOptions), e.g. "warn-fraction": 0.5.
	Options map[string]any
	// Flags are command-line values of sections (see Config.WithFlags), e.g. "memory":
	// {"target": "h100"}.
	Flags map[string]map[string]any
	// ForceExclude applies exclude globs and .gitignore files to paths named on the command
	// line too (--force-exclude), as pre-commit hooks need: they pass every changed file.
	ForceExclude bool

	mu    sync.Mutex
	byDir map[string]*Config

	fixedOnce sync.Once
	fixed     *Config // Fixed with the overrides applied
	fixedErr  error
}

// withOverrides applies the cache's command-line overrides to c.
func (cc *ConfigCache) withOverrides(c *Config) (*Config, error) {
	c, err := c.WithOverrides(cc.Select, cc.Ignore)
	if err != nil {
		return nil, err
	}
	return c.WithFlags(cc.Flags).WithOptions(cc.Options)
}

// ForDir returns the configuration for files directly in dir. A nil cache gives Default.
func (cc *ConfigCache) ForDir(dir string) (*Config, error) {
	if cc == nil {
		return Default(dir), nil
	}
	if cc.Fixed != nil {
		cc.fixedOnce.Do(func() { cc.fixed, cc.fixedErr = cc.withOverrides(cc.Fixed) })
		return cc.fixed, cc.fixedErr
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("load config for %s: %w", dir, err)
	}
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if c, ok := cc.byDir[abs]; ok {
		return c, nil
	}
	c, err := loadConfigIn(abs)
	switch {
	case err != nil:
		return nil, err
	case c != nil:
		if c, err = cc.withOverrides(c); err != nil {
			return nil, err
		}
	case filepath.Dir(abs) != abs:
		cc.mu.Unlock()
		c, err = cc.ForDir(filepath.Dir(abs)) // already carries the overrides
		cc.mu.Lock()
		if err != nil {
			return nil, err
		}
	default:
		if c, err = cc.withOverrides(Default(abs)); err != nil {
			return nil, err
		}
	}
	if cc.byDir == nil {
		cc.byDir = map[string]*Config{}
	}
	cc.byDir[abs] = c
	return c, nil
}

// ForFile returns the configuration for the file at path.
func (cc *ConfigCache) ForFile(path string) (*Config, error) { return cc.ForDir(filepath.Dir(path)) }

// globalOption returns the Global option named name that a registered rule declares.
func globalOption(name string) (analyzer.Option, bool) {
	for _, r := range analyzer.Registered() {
		if o, ok := r.DeclaredOption(name); ok && o.Global {
			return o, true
		}
	}
	return analyzer.Option{}, false
}

// Global returns the top-level value of the Global rule option name, if the configuration sets it.
func (c *Config) Global(name string) (any, bool) {
	if c == nil {
		return nil, false
	}
	v, ok := c.globals[name]
	return v, ok
}
