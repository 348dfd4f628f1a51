package absint

import (
	"slices"

	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the growth of a long range loop that its first iterations do not show: a
// body that keeps memory only from some iteration on (`if i >= iterations - last:
// ax.plot(r, x)`, the last hundred of a thousand iterations each keeping a plot).

// maxLateProbes bounds the iterations lateGrowth runs on forks to find where growth starts.
const maxLateProbes = 40

// lateGrowth handles a loop over a range whose first passes kept nothing but whose last
// iteration kept grew bytes: on forks of the run (which change nothing here), it finds by
// bisection the first iteration k whose body keeps memory, checks that iterations past k keep
// it too (at a quarter and at half of the way to the end), and counts what such an iteration
// keeps (a probe's, run after the last iteration: without what only the first keeps, the
// figure of a first plot) for each of the iterations from k on that the run did not run. When the iterations
// that keep memory are not one run from k to the end (`if i % 100 == 0`), the loop is listed
// among the sizes not known instead, so the peak is a lower bound.
func (s *Interp) lateGrowth(st ast.Stmt, target ast.Expr, body []ast.Stmt, ite iteration, grew int64) {
	probes := 0
	per := grew
	keeps := func(i int64) bool {
		probes++
		p := s.fork()
		before := p.h.Held()
		p.assign(target, ite.elem(i))
		p.execBlock(body)
		s.steps = max(s.steps, p.steps)
		if d := p.h.Held() - before; d > 0 {
			per = d // after the last iteration: without what only the first one keeps (a figure)
			return true
		}
		return false
	}
	last := ite.trips - 1
	lo, hi := int64(1), last // iteration lo keeps nothing (the first passes), hi keeps grew
	for hi-lo > 1 && probes < maxLateProbes {
		mid := lo + (hi-lo)/2
		if keeps(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	name := s.h.LastNamed()
	if hi-lo > 1 || hi < last && (!keeps(hi+(last-hi)/4) || !keeps(hi+(last-hi)/2)) {
		s.addUnknown(st, name, "keeps "+npapi.Commas(grew)+" B in its last iteration but nothing in its first: "+
			"how many of its iterations keep memory is not followed", nil, "")
		return
	}
	count := last - hi + 1
	if extra := npapi.SatMul(per, count-1); extra > 0 {
		s.h.Extrapolate(s, name, "growth × "+npapi.Commas(count-1)+" more iterations (from iteration "+npapi.Commas(hi)+")", extra)
	}
	s.growth = append(s.growth, Growth{Line: s.lineOf(st), Name: name, BytesPerIteration: per, Iterations: &count})
}

// noteBranch records, inside a loop the run extrapolates, whether the body of the if st ran.
func (s *Interp) noteBranch(st *ast.If, taken bool) {
	if len(s.loopIfs) == 0 {
		return
	}
	m := s.loopIfs[len(s.loopIfs)-1]
	m[st] = m[st] || taken
}

// untakenBranches ends the innermost extrapolated loop, loop: an if in it whose body none of the
// iterations the run followed ran (`if i in plot_indices:` over two million iterations, taken
// at nine of them) is listed when that body makes arrays or plots, or appends: what it keeps in
// the iterations that take it is not counted, so the peak is a lower bound.
func (s *Interp) untakenBranches(loop ast.Stmt) {
	m := s.loopIfs[len(s.loopIfs)-1]
	s.loopIfs = s.loopIfs[:len(s.loopIfs)-1]
	var ifs []*ast.If
	for st, taken := range m {
		if !taken && s.keepsMemory(st.Body) {
			ifs = append(ifs, st)
		}
	}
	slices.SortFunc(ifs, func(a, b *ast.If) int { return s.lineOf(a) - s.lineOf(b) })
	for _, st := range ifs {
		s.addUnknown(st, "if "+s.text(st.Test), "a branch of the loop at line "+npapi.Commas(int64(s.lineOf(loop)))+
			" that the iterations the run follows do not take: what it keeps in those that do is not counted", nil, "")
	}
}

// keepsMemory reports whether a block calls the array library or matplotlib, or appends to a
// list: a branch that may keep memory.
func (s *Interp) keepsMemory(block []ast.Stmt) bool {
	found := false
	for _, st := range block {
		ast.Inspect(st, func(n ast.Node) bool {
			c, ok := n.(*ast.Call)
			if !ok || found {
				return !found
			}
			if _, ok := s.imp.Resolve(c.Func); ok || s.plots(c) {
				found = true
			} else if a, ok := c.Func.(*ast.Attribute); ok && (a.Attr == "append" || a.Attr == "extend") {
				found = true
			}
			return !found
		})
	}
	return found
}
