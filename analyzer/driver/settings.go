package driver

// This file prints the settings that apply to one file, for `check --show-settings FILE`.

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/arraymodel/absint"
)

// WithCacheDir returns a copy of c whose cache directory is dir, as the command line resolved
// it (ARRAYLINT_CACHE_DIR, `cache-dir` or the default), for WriteSettings to show with note (a
// comment such as "  # ARRAYLINT_CACHE_DIR").
func (c *Config) WithCacheDir(dir, note string) *Config {
	cp := *c
	cp.cacheDir, cp.cacheDirNote = dir, note
	return &cp
}

// WriteSettings writes, as TOML-like text, the configuration that applies to path: the file it
// came from, the rules enabled for path with their severity and options (configured values and
// defaults alike), the exclude globs, whether .gitignore files are honoured, the per-file-ignores
// that match path, and the raw tables such as memory, with the values the command line gives them
// (marked `# command line`).
func (c *Config) WriteSettings(w io.Writer, path string, rules []*analyzer.Rule) error {
	src := c.Path
	if src == "" {
		src = "(none: defaults)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# Settings for %s\n", path)
	fmt.Fprintf(&b, "config-file = %s\n", quote(src))
	fmt.Fprintf(&b, "config-dir = %s\n", quote(c.Dir))
	// The analysis follows imports of modules under the project root (absint's project
	// modules): it is part of a file's settings, and of its cache key.
	fmt.Fprintf(&b, "project-root = %s  # imported modules under it are followed\n", quote(absint.ProjectRootOf(c.FileDir(), path)))
	if c.cacheDir != "" {
		fmt.Fprintf(&b, "cache-dir = %s%s\n", quote(c.cacheDir), c.cacheDirNote)
	}
	fmt.Fprintf(&b, "respect-gitignore = %t\n", c.respectGitignore)
	var globs []string
	for _, g := range c.exclude {
		globs = append(globs, quote(g.pattern))
	}
	fmt.Fprintf(&b, "exclude = [%s]\n", strings.Join(globs, ", "))
	fmt.Fprintf(&b, "excluded = %t\n", c.Excluded(path, false))
	rel := c.rel(path)
	var pfi []string
	for _, fi := range c.perFileIgnores {
		if fi.glob.matchPath(rel, false) {
			pfi = append(pfi, fmt.Sprintf("%s = %s", quote(fi.glob.pattern), quoteList(fi.codes)))
		}
	}
	fmt.Fprintf(&b, "matching-per-file-ignores = [%s]\n", strings.Join(pfi, ", "))
	enabled := c.enabler(path)
	var codes []string
	for _, r := range rules {
		if enabled(r) {
			codes = append(codes, r.Spec.Code)
		}
	}
	fmt.Fprintf(&b, "enabled = %s\n", quoteList(codes))
	for _, name := range slices.Sorted(maps.Keys(c.globals)) {
		fmt.Fprintf(&b, "%s = %s\n", name, value(c.globals[name]))
	}
	for _, r := range rules {
		if !enabled(r) {
			continue
		}
		fmt.Fprintf(&b, "\n[rules.%s]  # %s\n", r.Spec.Code, r.Spec.Name)
		fmt.Fprintf(&b, "severity = %s\n", quote(c.Severity(r).String()))
		for _, o := range r.Spec.Options {
			v, _ := c.Option(r, o.Name)
			fmt.Fprintf(&b, "%s = %s\n", o.Name, value(v))
		}
	}
	names := slices.Collect(maps.Keys(c.sections))
	for name := range c.flags {
		if !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(&b, "\n[%s]\n", name)
		sec, flags := c.sections[name], c.flags[name]
		for _, k := range sectionKeys(name, sec, flags) {
			if v, ok := flags[k]; ok {
				fmt.Fprintf(&b, "%s = %s  # command line\n", k, value(v))
			} else {
				fmt.Fprintf(&b, "%s = %s\n", k, value(sec[k]))
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// sectionKeys lists the keys set in a section's configuration table or on the command line:
// first those analyzer.SectionKeys declares, in its order, then the rest sorted. Keys starting
// with "$" carry the environment (LEGATE_CONFIG), not settings, and are left out.
func sectionKeys(name string, tables ...map[string]any) []string {
	set := map[string]bool{}
	for _, t := range tables {
		for k := range t {
			if !strings.HasPrefix(k, "$") {
				set[k] = true
			}
		}
	}
	var out []string
	for _, k := range analyzer.SectionKeys(name) {
		if set[k] {
			out = append(out, k)
			delete(set, k)
		}
	}
	return append(out, slices.Sorted(maps.Keys(set))...)
}

// quote writes s as a TOML basic string (JSON's escapes are valid TOML).
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = quote(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// value renders an option or table value.
func value(v any) string {
	switch v := v.(type) {
	case string:
		return quote(v)
	case []string:
		return quoteList(v)
	case map[string]any:
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			parts = append(parts, k+" = "+value(v[k]))
		}
		return "{ " + strings.Join(parts, ", ") + " }"
	}
	return fmt.Sprint(v)
}
