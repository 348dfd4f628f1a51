package analyzer

import (
	"context"
	"fmt"
	"slices"
)

// MaxFixRounds bounds the re-check/re-fix iterations of FixSource.
const MaxFixRounds = 10

// checkEdits reports an error when edits overlap or leave a source of n bytes.
func checkEdits(edits []Edit, n int) error {
	sorted := slices.Clone(edits)
	slices.SortFunc(sorted, func(a, b Edit) int { return int(a.Range.Start - b.Range.Start) })
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
func ApplyEdits(src []byte, edits []Edit) ([]byte, error) {
	if err := checkEdits(edits, len(src)); err != nil {
		return nil, err
	}
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b Edit) int { return int(a.Range.Start - b.Range.Start) })
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
	Src       []byte    // the fixed source (src itself when nothing applied)
	Applied   int       // fixes applied over all rounds
	Rounds    int       // rounds that applied at least one fix
	Remaining []Finding // findings of the final source
}

// FixSource applies the fixes of findings in path's source: safe ones, and unsafe ones too when
// unsafe is set (display-only never). Fixes whose edits overlap an already chosen fix wait for the
// next round; rounds repeat until nothing applies or MaxFixRounds. A round whose result has more
// syntax errors than the original is discarded and stops the process, so fixing never corrupts.
func (rn *Runner) FixSource(ctx context.Context, path string, src []byte, cfg *Config, unsafe bool) (*FixResult, error) {
	res := &FixResult{Src: src}
	// Each source is parsed once: for the syntax-error baseline and then checked as parsed.
	f, perr := rn.parse(src)
	if perr != nil {
		// Not Python source: Check reports why, with no fix to apply.
		findings, err := rn.Check(ctx, path, src, cfg)
		if err != nil {
			return nil, err
		}
		res.Remaining = findings
		return res, nil
	}
	baseErrs := len(f.Errors)
	for round := 0; ; round++ {
		findings, err := rn.CheckParsed(ctx, path, f, cfg)
		if err != nil {
			return nil, err
		}
		res.Remaining = findings
		if round == MaxFixRounds {
			return res, nil
		}
		var chosen []Edit
		n := 0
		for _, fd := range findings {
			if fd.Fix == nil || fd.Fix.Applicability == DisplayOnly || (fd.Fix.Applicability == Unsafe && !unsafe) {
				continue
			}
			if checkEdits(append(slices.Clip(chosen), fd.Fix.Edits...), len(res.Src)) != nil {
				continue // overlaps a chosen fix: next round
			}
			chosen = append(chosen, fd.Fix.Edits...)
			n++
		}
		if n == 0 {
			return res, nil
		}
		next, err := ApplyEdits(res.Src, chosen)
		if err != nil {
			return nil, fmt.Errorf("apply fixes to %s: %w", path, err)
		}
		nf, perr := rn.parse(next)
		if perr != nil || len(nf.Errors) > baseErrs {
			return res, fmt.Errorf("apply fixes to %s: the result would not parse; file left as it was after %d fixes", path, res.Applied)
		}
		res.Src, f = next, nf
		res.Applied += n
		res.Rounds++
	}
}
