package absint

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file finds, reads and parses the modules of the analysed file's project that it imports
// (`from .solver import step`, `import mypkg.kernels as k`), for projectmod.go to evaluate their
// functions with the caller's arguments. Only files under Options.ProjectRoot are read (symbolic
// links resolved), each at most MaxProjectFileBytes, at most MaxProjectFiles per estimate.
// Parsed files are kept in a small cache shared by the estimates of a run (check, the server),
// checked against the file's bytes on every use so a changed file is parsed again.

// Files is how the interpreter reads the project's files: every read and every look-up of a
// project module goes through it, so a caller can record what an analysis depended on (the
// driver's content cache does). Config.Files nil reads the file system directly.
type Files interface {
	ReadFile(path string) ([]byte, error)
	Stat(path string) (fs.FileInfo, error)
	// ReadDir lists a directory (projectcallers.go's search of the project's modules).
	ReadDir(path string) ([]fs.DirEntry, error)
}

// osFiles reads the file system directly.
type osFiles struct{}

func (osFiles) ReadFile(path string) ([]byte, error)       { return os.ReadFile(path) }
func (osFiles) Stat(path string) (fs.FileInfo, error)      { return os.Stat(path) }
func (osFiles) ReadDir(path string) ([]fs.DirEntry, error) { return os.ReadDir(path) }

// Bounds of the project modules an estimate reads.
const (
	// MaxProjectFiles is the number of project modules one estimate reads (the analysed file
	// not counted); a module beyond it is listed as unknown.
	MaxProjectFiles = 32
	// MaxProjectFileBytes is the largest project module read.
	MaxProjectFileBytes = 1 << 20
	// maxProjectCacheBytes bounds the source bytes of the parsed modules kept between estimates
	// (their syntax trees and indexes take some 100 bytes per source byte, kept as long as a
	// server runs).
	maxProjectCacheBytes = 512 << 10
)

// importBind is what an import statement binds a name to: module (dotted, relative by level)
// itself when name is "", else its attribute name.
type importBind struct {
	module string
	level  int
	name   string
	line   int // the import statement's line in its file
}

// parsedModule is a project file read and parsed: its syntax tree, array-library imports,
// project import bindings and top-level functions. It is shared read-only between estimates.
type parsedModule struct {
	src   []byte
	file  *pyparse.File
	imp   *imports.Info
	binds map[string]importBind
	stars []importBind // `from X import *`
	defs  []*ast.FunctionDef
	// classes are its class statements at module level (under if/try/with too).
	classes []*ast.ClassDef
	// assigns are the values of module-level assignments to a name (the last one; nil when
	// the name is also bound otherwise: augmented, unpacked, in a loop).
	assigns map[string]ast.Expr
}

// projectCache keeps parsed modules by absolute path.
var projectCache = struct {
	sync.Mutex
	byPath map[string]*parsedModule
	order  []string // least recently used first, for eviction
	bytes  int      // source bytes of the modules kept
}{byPath: map[string]*parsedModule{}}

// ParsedSet keeps the modules parsed during a series of estimates of one file (Scale's), whatever
// the shared cache drops: nil keeps none.
type ParsedSet map[string]*parsedModule

// readProjectFile reads and parses the module at path, or says why it cannot; set, when not nil,
// holds the parses of the estimates of the same series.
func readProjectFile(files Files, path string, set ParsedSet) (*parsedModule, error) {
	info, err := files.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	tooBig := fmt.Errorf("over the %d KiB limit for imported modules", MaxProjectFileBytes>>10)
	if info.Size() > MaxProjectFileBytes {
		return nil, tooBig
	}
	src, err := files.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if len(src) > MaxProjectFileBytes {
		return nil, tooBig
	}
	if pm, ok := set[path]; ok && bytes.Equal(pm.src, src) {
		return pm, nil
	}
	pm, err := parseCached(path, src)
	if err != nil {
		return nil, err
	}
	if set != nil {
		set[path] = pm
	}
	return pm, nil
}

// parseCached returns the module at path whose bytes are src, parsed: the shared cache's when
// it holds the same bytes for path (ProjectCallers' search and the estimates share it), else
// parsed now and kept there.
func parseCached(path string, src []byte) (*parsedModule, error) {
	projectCache.Lock()
	pm, ok := projectCache.byPath[path]
	projectCache.Unlock()
	if ok && bytes.Equal(pm.src, src) {
		keep(path, pm) // the most recently used is dropped last
		return pm, nil
	}
	pf, err := pyparse.Parse(src)
	if err != nil {
		return nil, err
	}
	if len(pf.Errors) > 0 {
		line, _ := pf.Lines.LineCol(pf.Errors[0].Start)
		return nil, fmt.Errorf("syntax error at line %d: %s", line, pf.Errors[0].Msg)
	}
	pm = parseModule(pf, imports.Build(pf.Module))
	pm.src = src
	keep(path, pm)
	return pm, nil
}

// parseModule indexes a parsed file with its import map: its import bindings (every import
// statement, in functions too; a name bound to two different modules is left out) and its
// top-level functions and classes.
func parseModule(f *pyparse.File, imp *imports.Info) *parsedModule {
	pm := &parsedModule{file: f, imp: imp, binds: map[string]importBind{}}
	conflict := map[string]bool{}
	bind := func(name string, b importBind) {
		if old, ok := pm.binds[name]; conflict[name] || ok && (old.module != b.module || old.level != b.level || old.name != b.name) {
			delete(pm.binds, name)
			conflict[name] = true
			return
		}
		pm.binds[name] = b
	}
	ast.Inspect(f.Module, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && imp.Optional(st) {
			return false // taken to fail: the fallback's import binds the name
		}
		switch n := n.(type) {
		case *ast.Import:
			line := f.Lines.Line(n.Start)
			for _, a := range n.Names {
				if a.Asname != "" {
					bind(a.Asname, importBind{module: a.Name, line: line})
				} else {
					first, _, _ := strings.Cut(a.Name, ".")
					bind(first, importBind{module: first, line: line})
				}
			}
		case *ast.ImportFrom:
			line := f.Lines.Line(n.Start)
			for _, a := range n.Names {
				b := importBind{module: n.Module, level: n.Level, name: a.Name, line: line}
				if a.Name == "*" {
					pm.stars = append(pm.stars, b)
					continue
				}
				local := a.Name
				if a.Asname != "" {
					local = a.Asname
				}
				bind(local, b)
			}
		}
		return true
	})
	pm.assigns = moduleAssigns(f.Module.Body, imp)
	// Functions at module level, also under if/try/with (a fallback definition).
	ast.Inspect(f.Module, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FunctionDef:
			pm.defs = append(pm.defs, n)
			return false
		case *ast.ClassDef:
			pm.classes = append(pm.classes, n)
			return false
		case *ast.AsyncFunctionDef, *ast.Lambda:
			return false
		}
		return true
	})
	return pm
}

// within reports whether path (symbolic links resolved) is under root (resolved).
func within(root, path string) bool {
	real, err := filepath.EvalSymlinks(path)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(root, real)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// moduleFile finds the file of a module under base: base/a/b.py or base/a/b/__init__.py for
// "a.b" ("" is base's own __init__.py), or "".
func moduleFile(files Files, base, dotted string) string {
	p := base
	if dotted != "" {
		p = filepath.Join(base, filepath.FromSlash(strings.ReplaceAll(dotted, ".", "/")))
		if info, err := files.Stat(p + ".py"); err == nil && !info.IsDir() {
			return p + ".py"
		}
	}
	if info, err := files.Stat(filepath.Join(p, "__init__.py")); err == nil && !info.IsDir() {
		return filepath.Join(p, "__init__.py")
	}
	return ""
}

// ProjectRootMarkers are the entries that make a directory a project's root when no arraylint
// configuration says where it is: a Python project's metadata or a version-control checkout.
var ProjectRootMarkers = []string{"pyproject.toml", "setup.py", "setup.cfg", ".git", ".hg"}

// ProjectRootOf is the project root of the file at path: the directory of its configuration
// (configDir, as the driver's discovery finds it), else the nearest directory holding the file
// that has one of ProjectRootMarkers (benchpress/benchmarks/heat/heat.py imports
// `benchpress.benchmarks.util` from its checkout's root, where setup.py is), else the file's own
// directory.
func ProjectRootOf(configDir, path string) string {
	if configDir != "" {
		return configDir
	}
	if path == "" || path == "-" {
		return ""
	}
	dir := filepath.Dir(path)
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir
	}
	for d := abs; ; {
		for _, m := range ProjectRootMarkers {
			if _, err := os.Stat(filepath.Join(d, m)); err == nil {
				return d
			}
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}

// moduleAssigns indexes the module-level `NAME = value` statements (under if/try too, the last
// one winning; a try whose body imports an optional module runs its ImportError handler
// instead); a name also bound by another statement (augmented, unpacked, a loop target) maps to
// nil.
func moduleAssigns(body []ast.Stmt, imp *imports.Info) map[string]ast.Expr {
	out := map[string]ast.Expr{}
	var walk func([]ast.Stmt)
	other := func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			if name, ok := n.(*ast.Name); ok {
				out[name.ID] = nil
			}
			return true
		})
	}
	walk = func(body []ast.Stmt) {
		for _, st := range body {
			switch st := st.(type) {
			case *ast.Assign:
				for _, t := range st.Targets {
					if n, ok := t.(*ast.Name); ok && len(st.Targets) == 1 {
						if old, seen := out[n.ID]; !seen || old != nil {
							out[n.ID] = st.Value
						}
					} else {
						other(t)
					}
				}
			case *ast.AnnAssign:
				if n, ok := st.Target.(*ast.Name); ok && st.Value != nil {
					out[n.ID] = st.Value
				}
			case *ast.AugAssign:
				other(st.Target)
			case *ast.For:
				other(st.Target)
				walk(st.Body)
				walk(st.Orelse)
			case *ast.If:
				walk(st.Body)
				walk(st.Orelse)
			case *ast.Try:
				if h := imports.FallbackHandler(st); h != nil && importsOptional(st.Body, imp) {
					walk(h.Body)
				} else {
					walk(st.Body)
					walk(st.Orelse)
				}
				walk(st.Finalbody)
			case *ast.With:
				walk(st.Body)
			}
		}
	}
	walk(body)
	return out
}

// keep caches pm as path's parse, most recently used, dropping the least recently used entries
// past maxProjectCacheBytes.
func keep(path string, pm *parsedModule) {
	c := &projectCache
	c.Lock()
	defer c.Unlock()
	if old, seen := c.byPath[path]; seen {
		c.bytes -= len(old.src)
		c.order = slices.DeleteFunc(c.order, func(p string) bool { return p == path })
	}
	c.byPath[path], c.bytes = pm, c.bytes+len(pm.src)
	c.order = append(c.order, path)
	for c.bytes > maxProjectCacheBytes && len(c.order) > 1 {
		c.bytes -= len(c.byPath[c.order[0]].src)
		delete(c.byPath, c.order[0])
		c.order = c.order[1:]
	}
}

// importsOptional reports whether body (not the functions it defines) holds an import taken to
// fail.
func importsOptional(body []ast.Stmt, imp *imports.Info) bool {
	found := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda:
				return false
			case ast.Stmt:
				found = found || imp.Optional(n)
			}
			return !found
		})
	}
	return found
}
