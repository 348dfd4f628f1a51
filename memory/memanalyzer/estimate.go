package memanalyzer

import "github.com/arraylint/arraylint/memory"

// This file defines what the memory rules (AL101–AL106) read of a file's estimate: the reports
// under a target and the target's name in their messages.

// Estimate returns the file's estimate and its target for a rule that reports against the
// target: no reports and a nil target when no target is set (the estimate is then not run),
// and Err, or the estimate's error, when it fails.
func (r *Result) Estimate() ([]*memory.Report, *memory.Target, error) {
	if r.Err != nil {
		return nil, nil, r.Err
	}
	target := r.Target()
	if target == nil {
		return nil, nil, nil
	}
	reports, err := r.Reports()
	if err != nil {
		return nil, nil, err
	}
	return reports, target, nil
}

// Label names the target of report rep in messages: Legate's pool for a Legate report (the
// pool it ran out of), else the preset's name or the custom target's description (the --hbm
// flag). It is "" when no target is set.
func (r *Result) Label(rep *memory.Report) string {
	if rep != nil && rep.Backend == memory.BackendLegate {
		return rep.Target
	}
	if t := r.Target(); t != nil {
		return t.Label()
	}
	return ""
}
