package absint

import "strings"

// This file defines what a run reports besides its values: allocations of unknown size and
// loops whose live memory grows.

// Unknown is an allocation whose size the run could not determine.
type Unknown struct {
	Line   int    `json:"line"`
	Expr   string `json:"expr"`
	Reason string `json:"reason"`
	// BoundBytes is a figure for the size when one is known, else null; Bound says what it is.
	BoundBytes *int64 `json:"bound_bytes"`
	// Bound is "at-most" when BoundBytes is an upper bound (nonzero ≤ mask size) and "inputs"
	// when it is the size of the call's largest array input (a call the estimator does not
	// model: most array functions return at least that much); "" when BoundBytes is null.
	Bound string `json:"bound,omitempty"`
}

// budgetCutReason is the start of the Reason of the Unknown a run adds when it runs out of its
// step budget (execBlock).
const budgetCutReason = "simulation budget of "

// BudgetCut reports whether u is the entry of a run that stopped at its step budget (the
// max-steps setting): what followed in the scope was not run.
func (u Unknown) BudgetCut() bool { return strings.HasPrefix(u.Reason, budgetCutReason) }

// The kinds of Unknown.Bound.
const (
	BoundAtMost = "at-most"
	BoundInputs = "inputs"
)

// Growth is a loop whose live memory grows each iteration (arrays appended to a list).
type Growth struct {
	Line              int    `json:"line"`
	Name              string `json:"name"`
	BytesPerIteration int64  `json:"bytes_per_iteration"`
	// Iterations is the trip count when known (null otherwise).
	Iterations *int64 `json:"iterations"`
	// Nonlinear is set when the growth itself grew from one pass to the next (a doubling
	// array): BytesPerIteration is then the first pass's growth, nothing is extrapolated, and
	// the peak is a lower bound.
	Nonlinear bool `json:"nonlinear,omitempty"`
}
