package absint

import (
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
