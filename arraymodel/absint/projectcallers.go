package absint

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file finds what the callers of a function state for one of its parameters anywhere in
// the project: the calls of a top-level function, or of a top-level class (its __init__), made
// in the analysed file and in every other module of the project that imports it, each argument
// evaluated where the call is — a literal, arithmetic on literals, a module constant of the
// calling file (under `if __name__ == "__main__":` too, or imported from a module of the
// project), or a parameter of the calling function followed to its own callers the same way.
// The rules ask it for a size whose symbols no call in the file binds: a CuPy layer whose
// d_model the training script sets to 64 is 32 kB at the size the program runs at.
//
// Every call must state the same integer. Test code is no caller (its sizes are fixtures it
// chooses); any other use of the name — passed on, subclassed, isinstance, a classmethod's
// cls(...) — may call it with anything, and then nothing is stated. A project of more than
// MaxCallerFiles modules states nothing: an incomplete search is no statement.

// MaxCallerFiles bounds the modules of a project searched for callers.
const MaxCallerFiles = 4000

// maxCallerHops bounds how many calling functions a parameter is followed through.
const maxCallerHops = 6

// Stated is an integer every caller in the project states for a parameter.
type Stated struct {
	Value int64
	// Where describes the first call that states it, for a message: "`D_MODEL` at
	// main_transformer.py:146".
	Where string
}

// ProjectCallers answers, for one analysed file, what its project's callers state. Make one
// per analysis of a file (NewProjectCallers); it reads each project file at most once, through
// the Files it is given, so that a cache of the analysis knows every file it read.
type ProjectCallers struct {
	files  Files
	root   string // resolved project root
	skip   func(path string) bool
	home   *callerModule
	byPath map[string]*callerModule // read modules by resolved path (nil: unreadable)
	srcs   map[string][]byte        // the bytes of the files read, by path
	list   []string                 // the project's modules, nil until listed
	links  []string                 // the project's symbolically linked .py files, listed with list
	listed bool
	memo   map[callerKey]*statedResult
}

// callerModule is one module of the project as the search sees it.
type callerModule struct {
	path string
	rel  string
	src  []byte
	file *pyparse.File
	pm   *parsedModule
	// scopes maps each call to the innermost def, lambda or class around it (nil at module level)
	scopes map[*ast.Call][]ast.Node
	calls  []*ast.Call
	names  []*ast.Name // every Name, to find the uses that are not calls
	attrs  []*ast.Attribute
	callee map[ast.Expr]bool
	// indexed: calls, scopes, names, attrs and callee are filled (index)
	indexed bool
}

type callerKey struct {
	path string
	def  *ast.FunctionDef
	p    string
}

type statedResult struct {
	s    Stated
	ok   bool
	busy bool
}

// CallerRoot is the directory whose modules are searched for the callers of the file at path:
// its project's root (ProjectRootOf) when a configuration or a project marker says where that
// is; else the scripts around the file — the file's directory and each directory above it that
// holds Python modules itself, or a package the file imports (imported: the first names of its
// absolute imports), up to three levels (a repository of scripts without metadata, whose
// main.py imports layers.transformer from the directory it runs in, or whose
// solvers/euler.py imports misc.utils from the directory above).
func CallerRoot(configDir, path string, imported ...string) string {
	root := ProjectRootOf(configDir, path)
	if path == "" || path == "-" || root != filepath.Dir(path) {
		return root
	}
	dir, err := filepath.Abs(root)
	if err != nil {
		return root
	}
	for _, m := range ProjectRootMarkers {
		if _, err := os.Stat(filepath.Join(dir, m)); err == nil {
			return root // the file's directory is the project's root
		}
	}
	for range 3 {
		up := filepath.Dir(dir)
		if up == dir || !holdsModules(up) && !holdsImported(up, dir, imported) {
			break
		}
		dir = up
	}
	return dir
}

// holdsImported reports whether dir holds a package directory of Python modules named after one
// of the imported names, where from (the directory below) holds neither that package nor a
// module of that name: the import finds it only from dir.
func holdsImported(dir, from string, imported []string) bool {
	for _, name := range imported {
		if name == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(from, name)); err == nil {
			continue
		}
		if _, err := os.Stat(filepath.Join(from, name+".py")); err == nil {
			continue
		}
		if holdsModules(filepath.Join(dir, name)) {
			return true
		}
	}
	return false
}

// holdsModules reports whether dir holds a Python module itself.
func holdsModules(dir string) bool {
	es, err := os.ReadDir(dir)
	if err != nil {
		return false
	}
	return slices.ContainsFunc(es, func(e fs.DirEntry) bool { return !e.IsDir() && strings.HasSuffix(e.Name(), ".py") })
}

// NewProjectCallers prepares the search for the file f at path (imports imp) in the project
// rooted at root, reading files through files (nil: the file system); skip says which modules
// are test code and call nothing that counts.
func NewProjectCallers(files Files, root, path string, f *pyparse.File, imp *imports.Info, skip func(string) bool) *ProjectCallers {
	if files == nil {
		files = osFiles{}
	}
	pc := &ProjectCallers{files: files, skip: skip, byPath: map[string]*callerModule{}, memo: map[callerKey]*statedResult{}}
	if r, err := filepath.Abs(root); err == nil {
		if r, err = filepath.EvalSymlinks(r); err == nil {
			pc.root = r
		}
	}
	if f == nil || f.Module == nil || pc.root == "" {
		return pc
	}
	p := path
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			p = real
		}
	}
	pc.home = indexCallerModule(p, pc.relOf(p), nil, f, parseModule(f, imp))
	pc.byPath[p] = pc.home
	return pc
}

// Param returns the integer every call in the project passes for parameter p of def: a
// top-level function of the file, or the __init__ of a top-level class.
func (pc *ProjectCallers) Param(def *ast.FunctionDef, p string) (Stated, bool) {
	if pc == nil || pc.home == nil {
		return Stated{}, false
	}
	return pc.param(pc.home, def, p, 0)
}

func (pc *ProjectCallers) relOf(p string) string {
	if rel, err := filepath.Rel(pc.root, p); err == nil && !strings.HasPrefix(rel, "..") {
		return filepath.ToSlash(rel)
	}
	return filepath.Base(p)
}

// param is Param for a def of module m, hops calling functions away from the question.
func (pc *ProjectCallers) param(m *callerModule, def *ast.FunctionDef, p string, hops int) (Stated, bool) {
	key := callerKey{m.path, def, p}
	if r, ok := pc.memo[key]; ok {
		return r.s, r.ok && !r.busy
	}
	r := &statedResult{busy: true}
	pc.memo[key] = r
	r.s, r.ok = pc.stateParam(m, def, p, hops)
	r.busy = false
	return r.s, r.ok
}

func (pc *ProjectCallers) stateParam(m *callerModule, def *ast.FunctionDef, p string, hops int) (Stated, bool) {
	if hops > maxCallerHops {
		return Stated{}, false
	}
	name, method, ok := m.callable(def)
	if !ok {
		return Stated{}, false
	}
	if !imports.HasArg(def.Args, p) {
		return Stated{}, false
	}
	sites, ok := pc.sites(m, name)
	if !ok || len(sites) == 0 {
		return Stated{}, false
	}
	var out Stated
	i := 0
	for _, st := range sites {
		if st.alias && !canBind(def, st.call, method) {
			continue
		}
		arg, passed, ok := argument(def, st.call, p, method)
		if !ok {
			return Stated{}, false
		}
		var v int64
		where := ""
		if !passed {
			d := defaultExpr(def.Args, p)
			if d == nil {
				return Stated{}, false
			}
			if v, ok = literalInt(d); !ok {
				return Stated{}, false
			}
			where = fmt.Sprintf("the default of `%s` at %s:%d", p, st.m.rel, st.m.file.Lines.Line(st.call.Start))
		} else {
			var w string
			if v, w, ok = pc.intOf(st.m, st.scopes, arg, hops); !ok {
				return Stated{}, false
			}
			where = fmt.Sprintf("`%s` at %s:%d", textOf(st.m.src, arg), st.m.rel, st.m.file.Lines.Line(st.call.Start))
			if w != "" {
				where += ", " + w
			}
		}
		if i == 0 {
			out = Stated{Value: v, Where: where}
		} else if v != out.Value {
			return Stated{}, false // the callers state different sizes
		}
		i++
	}
	return out, i > 0
}

// callSite is one call of the asked function: the module it is in and the scopes around it.
type callSite struct {
	m      *callerModule
	call   *ast.Call
	scopes []ast.Node
	// alias is set for a call through a name bound to the function (`solve = lib.make`), which
	// may be bound to other functions too: a call that cannot bind the function's parameters
	// calls one of those.
	alias bool
}

// sites returns every call of the top-level function or class name of module home in the
// project, or false when the name may be called in ways the search cannot see.
func (pc *ProjectCallers) sites(home *callerModule, name string) ([]callSite, bool) {
	if home.escapesHome(name) {
		return nil, false
	}
	out := home.callsOf(name, map[string]bool{name: true}, nil)
	paths, ok := pc.projectFiles()
	if !ok {
		return nil, false
	}
	stems := pc.importNames(home)
	for _, path := range paths {
		if path == home.path || pc.skip != nil && pc.skip(path) {
			continue
		}
		src, err := pc.read(path)
		if err != nil || !bytes.Contains(src, []byte(name)) || stems != nil && !importsMention(src, stems) {
			continue
		}
		m := pc.module(path, src)
		if m == nil {
			continue
		}
		members, modules := pc.bindingsOf(m, home)
		if len(members) == 0 && len(modules) == 0 {
			continue
		}
		if m.escapes(name, members, modules) {
			return nil, false
		}
		out = append(out, m.callsOf(name, members, modules)...)
	}
	return out, true
}

// projectFiles lists the project's Python modules once per search (hidden directories,
// __pycache__, node_modules, site-packages and virtual environments left out), each directory
// through Files so that a cache of the analysis knows the listings it depends on; false when
// there are more than MaxCallerFiles.
func (pc *ProjectCallers) projectFiles() ([]string, bool) {
	if !pc.listed {
		pc.listed = true
		pc.list, pc.links = listProject(pc.files, pc.root)
	}
	return pc.list, pc.list != nil
}

// importNames returns the words one of which a module's text holds if it imports home: a
// module binds home's members only through an import whose dotted name ends in home's module
// name, its file's stem or the stem of a linked file that resolves to it. It returns nil for a
// package's __init__.py, which `from . import f` imports without naming it, so that every
// module that names the function is parsed. Modules without one of the words are not parsed:
// bindingsOf would find no binding in them.
func (pc *ProjectCallers) importNames(home *callerModule) [][]byte {
	base := filepath.Base(home.path)
	if base == "__init__.py" || !strings.HasSuffix(base, ".py") {
		return nil
	}
	out := [][]byte{[]byte(strings.TrimSuffix(base, ".py"))}
	for _, l := range pc.links {
		if real, err := filepath.EvalSymlinks(l); err == nil && real == home.path {
			out = append(out, []byte(strings.TrimSuffix(filepath.Base(l), ".py")))
		}
	}
	return out
}

// listProject walks root's tree in order and returns its modules and its linked .py files, or
// nil modules past MaxCallerFiles.
func listProject(files Files, root string) (list, links []string) {
	out := []string{}
	var walk func(dir string) bool
	walk = func(dir string) bool {
		es, err := files.ReadDir(dir)
		if err != nil {
			return true
		}
		if dir != root && slices.ContainsFunc(es, func(e fs.DirEntry) bool { return e.Name() == "pyvenv.cfg" }) {
			return true // a virtual environment
		}
		for _, e := range es {
			n := e.Name()
			p := filepath.Join(dir, n)
			switch {
			case e.IsDir():
				if strings.HasPrefix(n, ".") || n == "__pycache__" || n == "node_modules" || n == "site-packages" {
					continue
				}
				if !walk(p) {
					return false
				}
			case strings.HasSuffix(n, ".py") && e.Type().IsRegular():
				if len(out) == MaxCallerFiles {
					return false
				}
				out = append(out, p)
			case strings.HasSuffix(n, ".py") && e.Type()&fs.ModeSymlink != 0:
				links = append(links, p)
			}
		}
		return true
	}
	if !walk(root) {
		return nil, links
	}
	return out, links
}

// module reads and indexes the project module at path (src its bytes), or nil.
func (pc *ProjectCallers) module(path string, src []byte) *callerModule {
	if m, ok := pc.byPath[path]; ok {
		return m
	}
	var m *callerModule
	if len(src) <= MaxProjectFileBytes {
		if pm, err := parseCached(path, src); err == nil {
			m = indexCallerModule(path, pc.relOf(path), src, pm.file, pm)
		}
	}
	pc.byPath[path] = m
	return m
}

// read reads the file at path through the search's Files, once per search.
func (pc *ProjectCallers) read(path string) ([]byte, error) {
	if src, ok := pc.srcs[path]; ok {
		return src, nil
	}
	src, err := pc.files.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if pc.srcs == nil {
		pc.srcs = map[string][]byte{}
	}
	pc.srcs[path] = src
	return src, nil
}

// readModule reads the module at path through the search's Files, or nil.
func (pc *ProjectCallers) readModule(path string) *callerModule {
	if m, ok := pc.byPath[path]; ok {
		return m
	}
	src, err := pc.read(path)
	if err != nil {
		pc.byPath[path] = nil
		return nil
	}
	return pc.module(path, src)
}

// indexCallerModule makes the search's record of a module; its calls, names and attributes are
// indexed on first use (index), which only the modules searched for callers need.
func indexCallerModule(path, rel string, src []byte, f *pyparse.File, pm *parsedModule) *callerModule {
	if src == nil {
		src = f.Src
	}
	return &callerModule{path: path, rel: rel, src: src, file: f, pm: pm}
}

// index indexes the module's calls with the scopes around each, its names and the callees
// among them, once.
func (m *callerModule) index() {
	if m.indexed {
		return
	}
	m.indexed = true
	m.scopes, m.callee = map[*ast.Call][]ast.Node{}, map[ast.Expr]bool{}
	var open []ast.Node
	var opens []bool
	ast.Inspect(m.file.Module, func(n ast.Node) bool {
		if n == nil {
			if opens[len(opens)-1] {
				open = open[:len(open)-1]
			}
			opens = opens[:len(opens)-1]
			return true
		}
		o := false
		switch n := n.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.Lambda, *ast.ClassDef:
			o = true
		case *ast.Call:
			m.calls = append(m.calls, n)
			m.scopes[n] = slices.Clone(open)
			m.callee[n.Func] = true
		case *ast.Name:
			m.names = append(m.names, n)
		case *ast.Attribute:
			m.attrs = append(m.attrs, n)
		}
		if o {
			open = append(open, n)
		}
		opens = append(opens, o)
		return true
	})
}

// callable returns the name under which def is called from outside — its own for a top-level
// function, its class's for the __init__ of a top-level class (method set) — or false.
func (m *callerModule) callable(def *ast.FunctionDef) (name string, method, ok bool) {
	for _, st := range ast.Flatten(m.file.Module.Body, ast.NotScope) {
		switch st := st.(type) {
		case *ast.FunctionDef:
			if st == def {
				return def.Name, false, true
			}
		case *ast.ClassDef:
			for _, b := range st.Body {
				if b == ast.Stmt(def) && def.Name == "__init__" {
					if constructsItself(st) {
						return "", false, false
					}
					return st.Name, true, true
				}
			}
		}
	}
	return "", false, false
}

// constructsItself reports whether a class's own code makes instances other than through its
// name (`cls(...)` in a classmethod, `type(self)(...)`), calls the search does not see.
func constructsItself(c *ast.ClassDef) bool {
	found := false
	ast.Inspect(c, func(n ast.Node) bool {
		if call, ok := n.(*ast.Call); ok {
			switch f := call.Func.(type) {
			case *ast.Name:
				found = found || f.ID == "cls"
			case *ast.Call:
				if n, ok := f.Func.(*ast.Name); ok && n.ID == "type" {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// escapesHome reports whether the home module uses name other than to call it.
func (m *callerModule) escapesHome(name string) bool {
	m.index()
	for _, n := range m.names {
		if n.ID == name && !m.callee[n] {
			return true
		}
	}
	return false
}

// bindingsOf returns the names module m binds to the home module's members (`from .layers
// import Block as B`: B; `from layers import *`: every name) and the names and dotted texts it
// binds to the home module itself (`import layers.transformer as t`: t).
func (pc *ProjectCallers) bindingsOf(m, home *callerModule) (members map[string]bool, modules map[string]bool) {
	members, modules = map[string]bool{}, map[string]bool{}
	for local, b := range m.pm.binds {
		if b.name == "" {
			continue // `import a.b`: looked for by dotted text below
		}
		if pc.resolve(m, b.module, b.level) == home.path {
			members[local] = true
		} else if pc.resolve(m, joinDotted(b.module, b.name), b.level) == home.path {
			modules[local] = true
		}
	}
	for _, b := range m.pm.stars {
		if pc.resolve(m, b.module, b.level) == home.path {
			members["*"] = true
		}
	}
	ast.Inspect(m.file.Module, func(n ast.Node) bool {
		imp, ok := n.(*ast.Import)
		if !ok {
			return true
		}
		for _, a := range imp.Names {
			if pc.resolve(m, a.Name, 0) != home.path {
				continue
			}
			if a.Asname != "" {
				modules[a.Asname] = true
			} else {
				modules[a.Name] = true
			}
		}
		return true
	})
	return members, modules
}

func joinDotted(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return a + "." + b
}

// resolve returns the resolved path of the project module dotted (relative by level) imported
// from module m, or "".
func (pc *ProjectCallers) resolve(m *callerModule, dotted string, level int) string {
	var bases []string
	if level > 0 {
		base := filepath.Dir(m.path)
		for i := 1; i < level; i++ {
			base = filepath.Dir(base)
		}
		bases = []string{base}
	} else {
		bases = []string{pc.root, filepath.Join(pc.root, "src"), filepath.Dir(m.path)}
	}
	for _, b := range bases {
		if p := moduleFile(pc.files, b, dotted); p != "" {
			if real, err := filepath.EvalSymlinks(p); err == nil {
				return real
			}
			return p
		}
	}
	return ""
}

// escapes reports whether module m uses the home module's name other than to call it: a member
// binding read as a value, or `t.name` not called.
func (m *callerModule) escapes(name string, members, modules map[string]bool) bool {
	m.index()
	aliases, values := m.aliasesOf(name, members, modules)
	for _, n := range m.names {
		if m.callee[n] || values[n] {
			continue
		}
		if aliases[n.ID] && n.Ctx == ast.Load {
			return true // a name bound to the function, read other than to call it
		}
		if members[n.ID] && (n.ID == name || m.pm.binds[n.ID].name == name) {
			return true
		}
		if members["*"] && n.ID == name {
			return true
		}
	}
	for _, a := range m.attrs {
		if a.Attr == name && !m.callee[a] && !values[a] && modules[ExprText(a.Value)] {
			return true
		}
	}
	return false
}

// callsOf returns the calls in m of the home module's name: through a member binding (its
// local name), or as an attribute of a module binding.
func (m *callerModule) callsOf(name string, members, modules map[string]bool) []callSite {
	m.index()
	aliases, _ := m.aliasesOf(name, members, modules)
	var out []callSite
	for _, c := range m.calls {
		match := false
		switch f := c.Func.(type) {
		case *ast.Name:
			if members == nil {
				break
			}
			if b, ok := m.pm.binds[f.ID]; ok && members[f.ID] {
				match = b.name == name
			} else if f.ID == name && (members[name] || members["*"]) {
				_, bound := m.pm.binds[f.ID]
				match = !bound || members[name]
			}
		case *ast.Attribute:
			match = f.Attr == name && modules[ExprText(f.Value)]
		}
		if match {
			out = append(out, callSite{m: m, call: c, scopes: m.scopes[c]})
		} else if f, ok := c.Func.(*ast.Name); ok && aliases[f.ID] {
			out = append(out, callSite{m: m, call: c, scopes: m.scopes[c], alias: true})
		}
	}
	return out
}

// argument returns the expression call passes for parameter p of def (its __init__ when method:
// the instance is not passed), passed false when the call leaves it to its default; ok false
// when it cannot be told (*args, **kwargs).
func argument(def *ast.FunctionDef, call *ast.Call, p string, method bool) (arg ast.Expr, passed, ok bool) {
	for _, a := range call.Args {
		if _, star := a.(*ast.Starred); star {
			return nil, false, false
		}
	}
	for _, k := range call.Keywords {
		if k.Arg == "" {
			return nil, false, false
		}
		if k.Arg == p {
			return k.Value, true, true
		}
	}
	pos := ast.PositionalArgs(def.Args)
	if method && len(pos) > 0 {
		pos = pos[1:]
	}
	for i, a := range pos {
		if a.Arg == p {
			if i < len(call.Args) {
				return call.Args[i], true, true
			}
			return nil, false, true
		}
	}
	return nil, false, true // keyword-only, not passed
}

// literalInt is the value of an int literal (negated too).
func literalInt(e ast.Expr) (int64, bool) {
	switch e := e.(type) {
	case *ast.Constant:
		if e.Value.Kind == ast.ConstInt && e.Value.Big == nil {
			return e.Value.Int, true
		}
	case *ast.UnaryOp:
		if e.Op == ast.USub {
			v, ok := literalInt(e.Operand)
			return -v, ok
		}
	}
	return 0, false
}

// intOf evaluates e, an argument of a call in module m inside scopes, to an integer: literals
// and arithmetic on them, a module constant (of m, or imported into m from the project), a
// parameter of the top-level function or __init__ around the call followed to its callers.
// where says where a name's value comes from.
func (pc *ProjectCallers) intOf(m *callerModule, scopes []ast.Node, e ast.Expr, hops int) (int64, string, bool) {
	switch e := e.(type) {
	case *ast.Constant, *ast.UnaryOp:
		if v, ok := literalInt(e); ok {
			return v, "", true
		}
		if u, ok := e.(*ast.UnaryOp); ok && u.Op == ast.USub {
			v, w, ok := pc.intOf(m, scopes, u.Operand, hops)
			return -v, w, ok
		}
	case *ast.BinOp:
		a, wa, ok := pc.intOf(m, scopes, e.Left, hops)
		if !ok {
			return 0, "", false
		}
		b, wb, ok := pc.intOf(m, scopes, e.Right, hops)
		if !ok {
			return 0, "", false
		}
		v, ok := intArith(e.Op, a, b)
		return v, joinWhere(wa, wb), ok
	case *ast.Name:
		return pc.nameInt(m, scopes, e.ID, hops)
	}
	return 0, "", false
}

func joinWhere(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "" || a == b:
		return a
	}
	return a + ", " + b
}

// intArith is Python's integer arithmetic for the operators a size is made with.
func intArith(op ast.Operator, a, b int64) (int64, bool) {
	const lim = int64(1) << 62
	if a > lim || a < -lim || b > lim || b < -lim {
		return 0, false
	}
	switch op {
	case ast.Add:
		return a + b, true
	case ast.Sub:
		return a - b, true
	case ast.Mult:
		if a != 0 && (b > lim/abs64(a) || b < -lim/abs64(a)) {
			return 0, false
		}
		return a * b, true
	case ast.FloorDiv:
		if b == 0 {
			return 0, false
		}
		q := a / b
		if (a%b != 0) && ((a < 0) != (b < 0)) {
			q--
		}
		return q, true
	case ast.Pow:
		if b < 0 || b > 62 {
			return 0, false
		}
		v := int64(1)
		for range b {
			if v, _ = intArith(ast.Mult, v, a); v == 0 && a != 0 {
				return 0, false
			}
		}
		return v, true
	}
	return 0, false
}

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// nameInt is the integer name holds at a call in module m inside scopes.
func (pc *ProjectCallers) nameInt(m *callerModule, scopes []ast.Node, name string, hops int) (int64, string, bool) {
	for i := len(scopes) - 1; i >= 0; i-- {
		sc := scopes[i]
		if !bindsName(sc, name) {
			continue
		}
		if lam, ok := sc.(*ast.Lambda); ok && i == len(scopes)-1 {
			return pc.lambdaDefault(m, scopes[:i], lam, name, hops)
		}
		def, ok := sc.(*ast.FunctionDef)
		if !ok || !onlyLambdas(scopes[i+1:]) || assignedIn(def.Body, name) {
			return 0, "", false // a local of some scope the search does not follow
		}
		s, ok := pc.param(m, def, name, hops+1)
		if !ok {
			return 0, "", false
		}
		return s.Value, s.Where, true
	}
	// a module constant, or a constant imported from a module of the project
	if e, ok := m.pm.assigns[name]; ok {
		if e == nil {
			return 0, "", false
		}
		v, w, ok := pc.intOf(m, nil, e, hops+1)
		if !ok {
			return 0, "", false
		}
		line := 0
		if st := assignOf(m.file.Module, name); st != nil {
			line = m.file.Lines.Line(st.Span().Start)
		}
		return v, joinWhere(fmt.Sprintf("%s = %d at %s:%d", name, v, m.rel, line), w), true
	}
	if b, ok := m.pm.binds[name]; ok && b.name != "" && hops < maxCallerHops {
		if path := pc.resolve(m, b.module, b.level); path != "" && (pc.skip == nil || !pc.skip(path)) {
			if src := pc.readModule(path); src != nil {
				return pc.nameInt(src, nil, b.name, hops+1)
			}
		}
	}
	return 0, "", false
}

// bindsName reports whether scope binds name: a parameter of a def or lambda, or an
// assignment in a def's or class's own statements.
func bindsName(sc ast.Node, name string) bool {
	var args *ast.Arguments
	var body []ast.Stmt
	switch sc := sc.(type) {
	case *ast.FunctionDef:
		args, body = sc.Args, sc.Body
	case *ast.AsyncFunctionDef:
		args, body = sc.Args, sc.Body
	case *ast.Lambda:
		args = sc.Args
	case *ast.ClassDef:
		body = sc.Body
	}
	if args != nil && imports.HasArg(args, name) {
		return true
	}
	return assignedIn(body, name)
}

// assignedIn reports whether the statements body runs itself bind name.
func assignedIn(body []ast.Stmt, name string) bool {
	for _, st := range ast.Flatten(body, ast.NotScope) {
		targets := ast.StmtTargets(st)
		switch st := st.(type) {
		case *ast.FunctionDef:
			if st.Name == name {
				return true
			}
		case *ast.ClassDef:
			if st.Name == name {
				return true
			}
		case *ast.Import, *ast.ImportFrom, *ast.Global, *ast.Nonlocal:
			return true // rare in a function that states sizes: not followed
		}
		for _, t := range targets {
			if slices.Contains(ast.TargetNames(t), name) {
				return true
			}
		}
	}
	return false
}

// assignOf returns the last module-level statement assigning name (under if/try/with too).
func assignOf(mod *ast.Module, name string) ast.Stmt {
	var out ast.Stmt
	for _, st := range ast.Flatten(mod.Body, ast.NotScope) {
		if a, ok := st.(*ast.Assign); ok && len(a.Targets) == 1 {
			if n, ok := a.Targets[0].(*ast.Name); ok && n.ID == name {
				out = st
			}
		}
		if a, ok := st.(*ast.AnnAssign); ok {
			if n, ok := a.Target.(*ast.Name); ok && n.ID == name {
				out = st
			}
		}
	}
	return out
}

// textOf returns the source text of e, shortened to 40 bytes.
func textOf(src []byte, e ast.Node) string {
	sp := e.Span()
	if sp.Start < 0 || int(sp.End) > len(src) || sp.Start > sp.End {
		return ""
	}
	t := string(src[sp.Start:sp.End])
	if len(t) > 40 {
		t = t[:37] + "..."
	}
	return t
}
