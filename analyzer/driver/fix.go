package driver

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// MaxFixRounds bounds the re-check/re-fix iterations of FixSource.
const MaxFixRounds = 10

// checkEdits reports an error when edits overlap or leave a source of n bytes.
func checkEdits(edits []analyzer.Edit, n int) error {
	sorted := slices.Clone(edits)
	slices.SortFunc(sorted, func(a, b analyzer.Edit) int { return int(a.Range.Start - b.Range.Start) })
	for i, e := range sorted {
		if e.Range.Start < 0 || e.Range.End < e.Range.Start || int(e.Range.End) > n {
			return fmt.Errorf("check edit %v: outside the %d-byte source", e.Range, n)
		}
		if i > 0 && e.Range.Start < sorted[i-1].Range.End {
			return fmt.Errorf("check edit %v: overlaps edit %v", e.Range, sorted[i-1].Range)
		}
	}
	return nil
}

// ApplyEdits returns src with edits applied; edits must not overlap.
func ApplyEdits(src []byte, edits []analyzer.Edit) ([]byte, error) {
	if err := checkEdits(edits, len(src)); err != nil {
		return nil, err
	}
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b analyzer.Edit) int { return int(a.Range.Start - b.Range.Start) })
	out := make([]byte, 0, len(src))
	last := 0
	for _, e := range sorted {
		out = append(out, src[last:e.Range.Start]...)
		out = append(out, e.NewText...)
		last = int(e.Range.End)
	}
	return append(out, src[last:]...), nil
}

// FixResult is the outcome of FixSource.
type FixResult struct {
	Src       []byte             // the fixed source (src itself when nothing applied)
	Applied   int                // fixes applied over all rounds
	Rounds    int                // rounds that applied at least one fix
	Remaining []analyzer.Finding // findings of the final source
	// Refused are findings whose fix was not applied because the result would not parse.
	Refused []analyzer.Finding
}

// applyParses applies edits to src and parses the result; nf is nil when the result has more
// syntax errors than baseErrs (it would not parse).
func (rn *Runner) applyParses(src []byte, edits []analyzer.Edit, baseErrs int) (next []byte, nf *pyparse.File, err error) {
	next, err = ApplyEdits(src, edits)
	if err != nil {
		return nil, nil, err
	}
	nf, perr := rn.parse(next)
	if perr != nil || len(nf.Errors) > baseErrs {
		return next, nil, nil
	}
	return next, nf, nil
}

// refusalKey identifies a fix by its rule, message and the text it replaces and writes, which
// stay the same when other fixes move it.
func refusalKey(src []byte, fd *analyzer.Finding) string {
	var b strings.Builder
	b.WriteString(fd.Code + "\x00" + fd.Fix.Message)
	for _, e := range fd.Fix.Edits {
		b.WriteString("\x00" + string(src[e.Range.Start:e.Range.End]) + "\x00" + e.NewText)
	}
	return b.String()
}

// FixSource applies the fixes of findings in path's source: safe ones, and unsafe ones too when
// unsafe is set (display-only never). Fixes whose edits overlap an already chosen fix wait for the
// next round; rounds repeat until nothing applies or MaxFixRounds. A fix whose result would have
// more syntax errors than the original is refused (listed in Refused, never applied) and the
// others still apply, so fixing never corrupts a file and one bad fix does not block the rest.
//
// A notebook (IsNotebook) is fixed cell by cell: Src is the notebook's bytes with only the code
// cells' sources changed, and findings are in cell positions (Finding.Cell).
func (rn *Runner) FixSource(ctx context.Context, path string, src []byte, cfg *Config, unsafe bool) (*FixResult, error) {
	if IsNotebook(path) {
		return rn.fixNotebook(ctx, path, src, cfg, unsafe)
	}
	return rn.fixSource(ctx, path, src, cfg, unsafe, nil)
}

// editGuard vets the fixes fixSource chooses and hears of the edits it applies (a notebook's
// cell tracker); nil allows everything.
type editGuard interface {
	allow(edits []analyzer.Edit) bool
	applied(edits []analyzer.Edit)
}

// fixSource is FixSource for Python source, with fixes limited by g.
func (rn *Runner) fixSource(ctx context.Context, path string, src []byte, cfg *Config, unsafe bool, g editGuard) (*FixResult, error) {
	res := &FixResult{Src: src}
	// Each source is parsed once: for the syntax-error baseline and then checked as parsed.
	f, perr := rn.parse(src)
	if perr != nil {
		// Not Python source: Check reports why, with no fix to apply.
		findings, err := rn.checkPython(ctx, path, src, cfg)
		if err != nil {
			return nil, err
		}
		res.Remaining = findings
		return res, nil
	}
	baseErrs := len(f.Errors)
	refused := map[string]bool{}
	for round := 0; ; round++ {
		findings, err := rn.CheckParsed(ctx, path, f, cfg)
		if err != nil {
			return nil, err
		}
		res.Remaining = findings
		if round == MaxFixRounds {
			return res, nil
		}
		var chosen []*analyzer.Finding
		var edits []analyzer.Edit
		for i := range findings {
			fd := &findings[i]
			if fd.Fix == nil || fd.Fix.Applicability == analyzer.DisplayOnly || (fd.Fix.Applicability == analyzer.Unsafe && !unsafe) {
				continue
			}
			if refused[refusalKey(res.Src, fd)] || g != nil && !g.allow(fd.Fix.Edits) {
				continue
			}
			if checkEdits(append(slices.Clip(edits), fd.Fix.Edits...), len(res.Src)) != nil {
				continue // overlaps a chosen fix: next round
			}
			edits = append(edits, fd.Fix.Edits...)
			chosen = append(chosen, fd)
		}
		if len(chosen) == 0 {
			return res, nil
		}
		next, nf, err := rn.applyParses(res.Src, edits, baseErrs)
		if err != nil {
			return nil, fmt.Errorf("apply fixes to %s: %w", path, err)
		}
		n := len(chosen)
		if nf == nil {
			// Together the fixes break the syntax: keep, in order, each fix that still parses with
			// those kept before it, and refuse the rest (never offered again on this source).
			edits = nil
			n = 0
			for _, fd := range chosen {
				try := append(slices.Clip(edits), fd.Fix.Edits...)
				t, tf, err := rn.applyParses(res.Src, try, baseErrs)
				if err != nil {
					return nil, fmt.Errorf("apply fixes to %s: %w", path, err)
				}
				if tf == nil {
					refused[refusalKey(res.Src, fd)] = true
					res.Refused = append(res.Refused, *fd)
					continue
				}
				edits, next, nf = try, t, tf
				n++
			}
			if n == 0 {
				return res, nil
			}
		}
		if g != nil {
			g.applied(edits)
		}
		res.Src, f = next, nf
		res.Applied += n
		res.Rounds++
	}
}
