package lsp

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines incremental analysis of a Python document, the way gopls re-checks only
// what an edit can change. A version's text is cut into segments, one per top-level statement
// (a def or class with its decorators, or a module-level statement, each with the comments and
// blank lines that follow it). After an edit:
//
//   - only the segments around the changed bytes are parsed again (alone, as a module);
//   - if a module-level statement changed, or the window does not parse cleanly, the document is
//     checked in full, as before;
//   - otherwise the rules run on a reduced text: the new text with every segment that cannot be
//     affected blanked out byte for byte (newlines kept), so offsets, lines and columns are the
//     new text's own. The segments kept are the module-level statements, the defs and classes
//     whose text changed, the ones that bear file-wide facts, and, closed under "mentions the
//     name of", every def or class connected to those (callers bind parameters, callees give
//     results, in both directions and transitively);
//   - the findings of the blanked segments are the previous version's, relocated by the edit's
//     byte delta (their lines and columns computed again from the new text).
//
// The per-segment reuse is sound because a blanked segment's findings depend only on its own
// text, the module-level statements, the segments it is connected to and the settings, none of
// which changed: the name graph is a superset of the calls (every identifier-like word of a
// segment's text, strings and comments included, counts as a mention), and a segment whose
// text could feed a file-wide fact (an import, a module taken as a value, argparse options,
// JAX's 64-bit mode, suppression or configuration comments, globals, eval) is never blanked.
// The settings are the configuration pointer the base was checked with; a new configuration
// starts from a full check. incremental_test.go replays random edits and compares every result
// with a full check of the same text.

// segment is one top-level statement of a version's text and what the dependency closure
// needs to know about it.
type segment struct {
	start, end int      // byte extent, from its first line's start to the next segment
	def        bool     // a top-level def or class (else a module-level statement)
	pinned     bool     // module-level, or a def that may feed a file-wide fact: never blanked, and a change to it needs a full check
	defines    []string // the names it binds that other segments may call
	idents     words    // every identifier-like word of its text
}

// incrState is the analysis of one version that the next edit starts from: its text, the
// settings and runner it was checked with, its segments and its findings.
type incrState struct {
	path     string
	cfg      *driver.Config
	rn       *driver.Runner
	src      []byte
	segs     []segment
	mod      *moduleContext // what the module-level statements bind: they do not change
	findings []analyzer.Finding
}

// incrStats counts how an edit was checked, for tests and logs.
type incrStats struct {
	kept, blanked int    // segments analysed again, segments whose findings were reused
	fallback      string // why the edit needed a full check ("" when it did not)
}

// newIncrState makes the state of a fully checked version: f is its parse and findings its
// check's result. It is nil when the text cannot be the base of an edit (syntax errors, a
// re-encoded source).
func newIncrState(path string, cfg *driver.Config, rn *driver.Runner, src []byte, f *pyparse.File, findings []analyzer.Finding) *incrState {
	if f == nil || len(f.Errors) > 0 || !bytes.Equal(f.Src, src) {
		return nil
	}
	st := &incrState{path: path, cfg: cfg, rn: rn, src: src, findings: findings}
	st.mod = newModuleContext(f.Module.Body)
	st.segs = segmentsOf(f, 0, st.mod)
	return st
}

// next checks src, the document's new text, starting from st. It returns the new state and
// findings, or ok false when the edit needs a full check (stats.fallback says why).
func (st *incrState) next(ctx context.Context, src []byte) (nst *incrState, findings []analyzer.Finding, stats incrStats, ok bool, err error) {
	fail := func(why string) (*incrState, []analyzer.Finding, incrStats, bool, error) {
		return nil, nil, incrStats{fallback: why}, false, nil
	}
	old := st.src
	if len(st.segs) == 0 {
		return fail("empty text")
	}
	if driver.SizeError(len(src)) != nil {
		return fail("the text is too large to check") // the full check says so
	}
	// The changed bytes: old[p:len(old)-s] became src[p:len(src)-s].
	p := commonPrefix(old, src)
	s := commonSuffix(old[p:], src[p:])
	delta := len(src) - len(old)
	oldEnd := len(old) - s
	if p == len(old) && len(old) == len(src) {
		nst := *st
		nst.src = src
		return &nst, st.findings, incrStats{blanked: len(st.segs)}, true, nil
	}
	// The window: the segments the change touches and one more on each side, so that a change
	// joining or splitting statements is seen.
	i0 := segmentAt(st.segs, p)
	i1 := segmentAt(st.segs, max(oldEnd-1, p))
	a, b := max(i0-1, 0), min(i1+1, len(st.segs)-1)
	ws, weOld := st.segs[a].start, st.segs[b].end
	weNew := weOld + delta
	if weNew < ws || ws > p || weOld < oldEnd {
		return fail("edit outside the segments")
	}
	win := src[ws:weNew]
	wf, perr := pyparse.Parse(win)
	if perr != nil || len(wf.Errors) > 0 || !bytes.Equal(wf.Src, win) {
		return fail("the edited statements do not parse")
	}
	newWin := segmentsOf(wf, ws, st.mod)
	// Segments of the window whose text is unchanged, from either end, are not edited.
	oldWin := st.segs[a : b+1]
	lead := 0
	for lead < len(oldWin) && lead < len(newWin) &&
		bytes.Equal(old[oldWin[lead].start:oldWin[lead].end], src[newWin[lead].start:newWin[lead].end]) {
		lead++
	}
	trail := 0
	for trail < len(oldWin)-lead && trail < len(newWin)-lead &&
		bytes.Equal(old[oldWin[len(oldWin)-1-trail].start:oldWin[len(oldWin)-1-trail].end],
			src[newWin[len(newWin)-1-trail].start:newWin[len(newWin)-1-trail].end]) {
		trail++
	}
	removed := oldWin[lead : len(oldWin)-trail]
	added := newWin[lead : len(newWin)-trail]
	// A changed module-level statement, or a changed def that may feed a file-wide fact, can
	// change every segment's findings.
	for _, sg := range slices.Concat(removed, added) {
		switch {
		case !sg.def:
			return fail("a module-level statement changed")
		case sg.pinned:
			return fail("a def or class that may feed a file-wide fact changed")
		}
	}

	// The new segments; from[i] is the old index of new segment i, or -1 for an edited one.
	segs := make([]segment, 0, len(st.segs)-len(removed)+len(added))
	from := make([]int, 0, cap(segs))
	segs = append(segs, st.segs[:a]...)
	for i := range a {
		from = append(from, i)
	}
	for i, sg := range newWin {
		segs = append(segs, sg)
		switch {
		case i < lead:
			from = append(from, a+i)
		case i >= len(newWin)-trail:
			from = append(from, b-(len(newWin)-1-i))
		default:
			from = append(from, -1)
		}
	}
	for i := b + 1; i < len(st.segs); i++ {
		sg := st.segs[i]
		sg.start += delta
		sg.end += delta
		segs = append(segs, sg)
		from = append(from, i)
	}

	// The old findings by old segment, and whether each can be moved to the new text.
	if bytes.IndexByte(src[p:len(src)-s], '\r') >= 0 || bytes.IndexByte(old[p:oldEnd], '\r') >= 0 || p > 0 && old[p-1] == '\r' {
		return fail("the edit changes carriage returns") // keeps the line count below simple
	}
	lineDelta := bytes.Count(src[p:len(src)-s], []byte("\n")) - bytes.Count(old[p:oldEnd], []byte("\n"))
	byOld := make(map[int][]analyzer.Finding)
	for _, f := range st.findings {
		i := segmentAt(st.segs, int(f.Range.Start))
		byOld[i] = append(byOld[i], f)
	}
	m := &mover{p: p, oldEnd: oldEnd, delta: delta, lineDelta: lineDelta, src: src}
	keep := make([]bool, len(segs))
	for i, sg := range segs {
		switch {
		case sg.pinned || from[i] < 0:
			keep[i] = true
		case !m.movable(byOld[from[i]], st.segs[from[i]].start >= oldEnd):
			keep[i] = true
		}
	}
	closeOver(segs, keep, removed)

	// The reduced text: blanked segments become spaces, their newlines kept.
	reduced := make([]byte, len(src))
	copy(reduced, src)
	for i, sg := range segs {
		if keep[i] {
			stats.kept++
			continue
		}
		stats.blanked++
		for j := sg.start; j < sg.end; j++ {
			if c := reduced[j]; c != '\n' && c != '\r' {
				reduced[j] = ' '
			}
		}
	}
	rf, perr := pyparse.Parse(reduced)
	if perr != nil || len(rf.Errors) > 0 || !bytes.Equal(rf.Src, reduced) {
		return fail("the reduced text does not parse")
	}
	fresh, err := st.rn.CheckParsed(ctx, st.path, rf, st.cfg)
	if err != nil {
		return nil, nil, stats, false, err
	}
	out := make([]analyzer.Finding, 0, len(fresh)+len(st.findings))
	out = append(out, fresh...)
	for i := range segs {
		if keep[i] {
			continue
		}
		after := st.segs[from[i]].start >= oldEnd
		for _, f := range byOld[from[i]] {
			out = append(out, m.relocate(f, after))
		}
	}
	slices.SortStableFunc(out, func(x, y analyzer.Finding) int {
		if x.Range.Start != y.Range.Start {
			return int(x.Range.Start - y.Range.Start)
		}
		return strings.Compare(x.Code, y.Code)
	})
	nst = &incrState{path: st.path, cfg: st.cfg, rn: st.rn, src: src, segs: segs, mod: st.mod, findings: out}
	return nst, out, stats, true, nil
}

// lineMention matches a message that names a line: such a finding cannot be moved to other
// lines unchanged.
var lineMention = regexp.MustCompile(`line \d`)

// mover moves the ranges of reused findings from the old text to the new one, whose bytes
// old[p:oldEnd] were replaced: a range before the change stays, a range after it moves by delta,
// and a range that overlaps the change cannot be moved. after says which side a range at the
// change's edge (a pure insertion) belongs to: that of the segment holding the finding.
type mover struct {
	p, oldEnd, delta, lineDelta int
	src                         []byte
	lines                       *pyparse.LineIndex // the new text's, made on first use
}

func (m *mover) move(r pyparse.Range, after bool) (pyparse.Range, bool) {
	before := int(r.End) <= m.p
	behind := int(r.Start) >= m.oldEnd
	switch {
	case behind && (after || !before):
		return pyparse.Range{Start: r.Start + pyparse.Offset(m.delta), End: r.End + pyparse.Offset(m.delta)}, true
	case before:
		return r, true
	}
	return r, false
}

// movable reports whether every finding of fs can be moved: no range overlaps the change, and
// none names a line when lines moved.
func (m *mover) movable(fs []analyzer.Finding, after bool) bool {
	named := func(msg string) bool { return m.lineDelta != 0 && lineMention.MatchString(msg) }
	for _, f := range fs {
		if _, ok := m.move(f.Range, after); !ok || named(f.Message) {
			return false
		}
		for _, r := range f.Related {
			if _, ok := m.move(r.Range, after); !ok || named(r.Message) {
				return false
			}
		}
		if f.Fix != nil {
			if named(f.Fix.Message) {
				return false
			}
			for _, e := range f.Fix.Edits {
				if _, ok := m.move(e.Range, after); !ok {
					return false
				}
			}
		}
	}
	return true
}

// relocate returns f moved to the new text, with lines and columns from the new text's line
// index for every range behind the change. movable has accepted f.
func (m *mover) relocate(f analyzer.Finding, after bool) analyzer.Finding {
	if m.delta == 0 && m.lineDelta == 0 {
		return f
	}
	// at moves a range and says whether its lines and columns must be computed again.
	at := func(r pyparse.Range) (pyparse.Range, bool) {
		nr, _ := m.move(r, after)
		return nr, nr != r || int(r.Start) >= m.oldEnd
	}
	lc := func(o pyparse.Offset) (int, int) {
		if m.lines == nil {
			m.lines = pyparse.NewLineIndex(m.src)
		}
		l, c := m.lines.LineCol(o)
		return l, c + 1
	}
	if r, again := at(f.Range); again {
		f.Range = r
		f.Line, f.Col = lc(r.Start)
		f.EndLine, f.EndCol = lc(r.End)
	}
	if f.Related != nil {
		rel := slices.Clone(f.Related)
		for i := range rel {
			if r, again := at(rel[i].Range); again {
				rel[i].Range = r
				rel[i].Line, rel[i].Col = lc(r.Start)
				rel[i].EndLine, rel[i].EndCol = lc(r.End)
			}
		}
		f.Related = rel
	}
	if f.Fix != nil {
		fix := *f.Fix
		fix.Edits = slices.Clone(fix.Edits)
		for i := range fix.Edits {
			e := &fix.Edits[i]
			if r, again := at(e.Range); again {
				e.Range = r
				e.Line, e.Col = lc(r.Start)
				e.EndLine, e.EndCol = lc(r.End)
			}
		}
		f.Fix = &fix
	}
	return f
}

// closeOver adds to keep every def or class connected to a kept segment, or to a removed one,
// through names: one binds a name the other's text mentions.
func closeOver(segs []segment, keep []bool, removed []segment) {
	defined := map[uint64]bool{}
	mentioned := map[uint64]bool{}
	add := func(sg segment) {
		for _, n := range sg.defines {
			defined[wordHash(n)] = true
		}
		for _, h := range sg.idents {
			mentioned[h] = true
		}
	}
	for _, sg := range removed {
		add(sg)
	}
	for i, sg := range segs {
		if keep[i] {
			add(sg)
		}
	}
	for changed := true; changed; {
		changed = false
		for i, sg := range segs {
			if keep[i] || !connected(sg, defined, mentioned) {
				continue
			}
			keep[i] = true
			add(sg)
			changed = true
		}
	}
}

// connected reports whether sg binds a mentioned name or mentions a defined one.
func connected(sg segment, defined, mentioned map[uint64]bool) bool {
	for _, n := range sg.defines {
		if mentioned[wordHash(n)] {
			return true
		}
	}
	if len(defined) < len(sg.idents) {
		for h := range defined {
			if sg.idents.hasHash(h) {
				return true
			}
		}
		return false
	}
	for _, h := range sg.idents {
		if defined[h] {
			return true
		}
	}
	return false
}

// segmentAt returns the index of the segment holding offset o (the last one for the end).
func segmentAt(segs []segment, o int) int {
	i, _ := slices.BinarySearchFunc(segs, o, func(sg segment, o int) int {
		switch {
		case sg.end <= o:
			return -1
		case sg.start > o:
			return 1
		}
		return 0
	})
	return min(i, len(segs)-1)
}

func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i+8 <= n && string(a[i:i+8]) == string(b[i:i+8]) {
		i += 8
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func commonSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for i < n && a[len(a)-1-i] == b[len(b)-1-i] {
		i++
	}
	return i
}

// segmentsOf cuts the text f parsed into segments, one per top-level statement (statements
// sharing a line make one), with offsets shifted by base.
func segmentsOf(f *pyparse.File, base int, mod *moduleContext) []segment {
	body := f.Module.Body
	if len(f.Src) == 0 {
		return nil
	}
	var segs []segment
	var stmts [][]ast.Stmt
	for _, st := range body {
		start := int(f.Lines.LineStart(f.Lines.Line(stmtStart(st))))
		if len(segs) == 0 {
			start = 0
		}
		if len(segs) > 0 && start <= segs[len(segs)-1].start {
			stmts[len(stmts)-1] = append(stmts[len(stmts)-1], st)
			continue
		}
		if len(segs) > 0 {
			segs[len(segs)-1].end = start
		}
		segs = append(segs, segment{start: start})
		stmts = append(stmts, []ast.Stmt{st})
	}
	if len(segs) == 0 {
		segs, stmts = []segment{{}}, [][]ast.Stmt{nil} // comments only
	}
	segs[len(segs)-1].end = len(f.Src)
	for i := range segs {
		sg := &segs[i]
		text := f.Src[sg.start:sg.end]
		sg.idents = identsOf(text)
		describe(sg, stmts[i], mod)
		sg.start += base
		sg.end += base
	}
	return segs
}

// stmtStart is where a top-level statement's text begins: its first decorator's line for a
// decorated def or class.
func stmtStart(st ast.Stmt) pyparse.Offset {
	var decos []ast.Expr
	switch st := st.(type) {
	case *ast.FunctionDef:
		decos = st.DecoratorList
	case *ast.AsyncFunctionDef:
		decos = st.DecoratorList
	case *ast.ClassDef:
		decos = st.DecoratorList
	}
	o := st.Span().Start
	for _, d := range decos {
		o = min(o, d.Span().Start)
	}
	return o
}

// riskyWords are words whose presence in a def's text may feed a file-wide fact or reach
// outside the name graph: such a def is analysed after every edit.
var riskyWords = []string{"import", "global", "nonlocal", "globals", "locals", "vars", "eval", "exec",
	"__import__", "setattr", "delattr", "__dict__", "arraylint", "environ", "add_argument",
	"add_option", "argv", "__name__", "builtins", "__builtins__", "sys", "modules", "enable_x64",
	"jax_enable_x64", "JAX_ENABLE_X64", "config"}

// describe fills in what a segment of the statements sts is: a def or class, the names it
// binds, and whether it is pinned.
func describe(sg *segment, sts []ast.Stmt, mod *moduleContext) {
	if len(sts) == 1 {
		switch st := sts[0].(type) {
		case *ast.FunctionDef:
			sg.def, sg.defines = true, []string{st.Name}
		case *ast.AsyncFunctionDef:
			sg.def, sg.defines = true, []string{st.Name}
		case *ast.ClassDef:
			sg.def, sg.defines = true, []string{st.Name}
			for _, b := range st.Body {
				sg.defines = append(sg.defines, boundNames(b)...)
			}
		}
	}
	if !sg.def {
		sg.pinned = true
		for _, st := range sts {
			if a, ok := st.(*ast.Assign); ok && literal(a.Value) {
				continue // N = 1000: no function to call through the name
			}
			if a, ok := st.(*ast.AnnAssign); ok && a.Value != nil && literal(a.Value) {
				continue
			}
			sg.defines = append(sg.defines, boundNames(st)...)
		}
		return
	}
	for _, w := range riskyWords {
		if sg.idents.has(w) {
			sg.pinned = true
			return
		}
	}
	for n := range mod.followed {
		if sg.idents.has(n) {
			sg.pinned = true
			return
		}
	}
	// The def's facts as the whole module would see them: the module-level names it mentions
	// that assignments bind come first, as assignments (a name read as an array module through
	// such a binding makes the module take modules as values).
	var body []ast.Stmt
	for n := range mod.assigned {
		if sg.idents.has(n) {
			r := sts[0].Span()
			body = append(body, &ast.Assign{Range: ast.Range{Start: r.Start, End: r.Start},
				Targets: []ast.Expr{&ast.Name{Range: ast.Range{Start: r.Start, End: r.Start}, ID: n, Ctx: ast.Store}},
				Value:   &ast.Name{Range: ast.Range{Start: r.Start, End: r.Start}, ID: n, Ctx: ast.Load}})
		}
	}
	body = append(body, sts...)
	m := &ast.Module{Range: sts[0].Span(), Body: body}
	info := imports.Build(m)
	if info.Backends() != 0 || info.TakesModule() || imports.EnablesX64(m) ||
		bindings.DeclaresOptions(m) || len(bindings.Argparse(m)) > 0 {
		sg.pinned = true
	}
}

// moduleContext is what a module's top-level statements bind that a def's facts depend on.
type moduleContext struct {
	// followed are the names module-level imports bind to modules the analysis may follow.
	followed map[string]bool
	// assigned are the names module-level statements other than imports, defs and classes bind.
	assigned map[string]bool
}

func newModuleContext(body []ast.Stmt) *moduleContext {
	mc := &moduleContext{followed: followedNames(body), assigned: map[string]bool{}}
	for _, st := range body {
		switch st.(type) {
		case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Import, *ast.ImportFrom:
			continue
		}
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Name:
				if n.Ctx == ast.Store {
					mc.assigned[n.ID] = true
				}
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef, *ast.Lambda:
				return false
			}
			return true
		})
	}
	return mc
}

// boundNames returns the names a statement binds anywhere in it (assignment targets, defs and
// classes nested in it), except the names imports bind.
func boundNames(st ast.Stmt) []string {
	var out []string
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Name:
			if n.Ctx == ast.Store {
				out = append(out, n.ID)
			}
		case *ast.FunctionDef:
			out = append(out, n.Name)
		case *ast.AsyncFunctionDef:
			out = append(out, n.Name)
		case *ast.ClassDef:
			out = append(out, n.Name)
		}
		return true
	})
	return out
}

// literal reports whether e is a constant, or a tuple or list of them, or a negated one.
func literal(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Constant:
		return true
	case *ast.UnaryOp:
		return literal(e.Operand)
	case *ast.BinOp:
		return literal(e.Left) && literal(e.Right)
	case *ast.Tuple:
		return !slices.ContainsFunc(e.Elts, func(x ast.Expr) bool { return !literal(x) })
	case *ast.List:
		return !slices.ContainsFunc(e.Elts, func(x ast.Expr) bool { return !literal(x) })
	}
	return false
}

// knownLibraries are top-level modules that are never project modules the analysis follows.
var knownLibraries = map[string]bool{"numpy": true, "cupy": true, "cupyx": true, "jax": true, "jaxlib": true,
	"cupynumeric": true, "legate": true, "scipy": true, "dask": true, "torch": true, "math": true,
	"os": true, "sys": true, "time": true, "argparse": true, "functools": true, "itertools": true,
	"collections": true, "typing": true, "dataclasses": true, "pathlib": true, "json": true, "re": true,
	"logging": true, "warnings": true, "contextlib": true, "abc": true, "enum": true,
	"operator": true, "string": true, "timeit": true, "__future__": true}

// followedNames returns the names that module-level imports bind to modules the analysis may
// follow into the project: any import but those of knownLibraries. A def mentioning one depends
// on another file's text, so it is analysed after every edit.
func followedNames(body []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Import:
				for _, a := range n.Names {
					root, _, _ := strings.Cut(a.Name, ".")
					if !knownLibraries[root] {
						out[root] = true
						if a.Asname != "" {
							out[a.Asname] = true
						}
					}
				}
			case *ast.ImportFrom:
				root, _, _ := strings.Cut(n.Module, ".")
				if n.Level > 0 || !knownLibraries[root] {
					for _, a := range n.Names {
						out[a.Name] = true
						if a.Asname != "" {
							out[a.Asname] = true
						}
					}
				}
			case *ast.FunctionDef, *ast.AsyncFunctionDef, *ast.ClassDef:
				return false
			}
			return true
		})
	}
	return out
}

// words is a set of words as sorted 64-bit FNV-1a hashes: a segment's mentions cost eight bytes
// each, and two words that share a hash only add a mention, never lose one.
type words []uint64

func wordHash[T string | []byte](w T) uint64 {
	h := uint64(14695981039346656037)
	for i := range len(w) {
		h ^= uint64(w[i])
		h *= 1099511628211
	}
	return h
}

func (ws words) hasHash(h uint64) bool {
	_, ok := slices.BinarySearch(ws, h)
	return ok
}

func (ws words) has(w string) bool { return ws.hasHash(wordHash(w)) }

// identsOf returns the identifier-like words of text: runs of letters, digits, underscores and
// non-ASCII bytes that do not start with a digit. Strings and comments are read too, which only
// adds mentions.
func identsOf(text []byte) words {
	var out words
	for i := 0; i < len(text); {
		c := text[i]
		if !identByte(c) || c >= '0' && c <= '9' {
			i++
			continue
		}
		j := i + 1
		for j < len(text) && identByte(text[j]) {
			j++
		}
		out = append(out, wordHash(text[i:j]))
		i = j
	}
	slices.Sort(out)
	return slices.Clip(slices.Compact(out))
}

func identByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// String describes the stats for logs.
func (st incrStats) String() string {
	if st.fallback != "" {
		return "full check: " + st.fallback
	}
	return fmt.Sprintf("incremental: %d segments analysed, %d reused", st.kept, st.blanked)
}
