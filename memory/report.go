package memory

import (
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// This file defines the report: one Report per analysed scope, serialised as the JSON schema in
// docs/memory.md.

// Report is the estimate for one scope (the module or one function).
type Report struct {
	// Scope is "<module>" or the function's name.
	Scope string `json:"scope"`
	// Path is the analysed file.
	Path string `json:"path"`
	// Line is the line of the def (1 for the module).
	Line int `json:"line"`
	// Backend is the memory model used: numpy, cupy, legate or jax.
	Backend string `json:"backend"`
	// JIT is true when the scope was analysed as a jax.jit-compiled function.
	JIT bool `json:"jit,omitempty"`
	// PeakBytes is the highest total of live buffers the simulation saw (unknown sizes excluded).
	PeakBytes int64 `json:"peak_bytes"`
	// PeakIsLowerBound is set when some allocation's size is unknown (Unknown is not empty): the
	// real peak may be higher than PeakBytes.
	PeakIsLowerBound bool `json:"peak_is_lower_bound"`
	// PaddingBytes is, on a TPU target, how much of PeakBytes is the padding of tiled layouts
	// (XProf's Memory Viewer shows the same share); 0 elsewhere.
	PaddingBytes int64 `json:"padding_bytes,omitempty"`
	// PeakExpr is the peak as a formula in Python syntax over the integer symbols it follows
	// ("24*n**2 - 32*n + 32", "8*m*n + 8*n", see Scale), or the number itself when none is
	// identified.
	PeakExpr string `json:"peak_expr"`
	// FitsUpTo is the largest value of that symbol at which the scope fits the target (null
	// without a target, a symbol, or a bound).
	FitsUpTo *FitsUpTo `json:"fits_up_to"`
	// several are the symbols of PeakExpr when more than one moves the peak (no FitsUpTo
	// until the user names one with --solve-for).
	several []string
	// carried are the heap's points that can be the peak, as formulas (forms.go), or nil.
	carried []*npapi.Poly
	// freeSizes are the sizes of inputs the scope read without knowing them (X.shape[0],
	// len(X)): with its parameters, what a formula of a function on its own may be in.
	freeSizes []string
	// PeakLine is the line of the scope's statement that was running at the peak (0 when nothing
	// was allocated).
	PeakLine int `json:"peak_line"`
	// PeakCell is, in a Jupyter notebook, the 1-based number of the cell PeakLine counts in
	// (see InCells).
	PeakCell int `json:"peak_cell,omitempty"`
	// CellOrder is, for a notebook, the warning that the estimate is of one run of the code
	// cells in order (CellOrderNote).
	CellOrder string `json:"cell_order,omitempty"`
	// Target names the device or pools compared against; TargetBytes is what an allocator may
	// hand out there (null without a target).
	Target      string `json:"target,omitempty"`
	TargetBytes *int64 `json:"target_bytes"`
	// PercentOfTarget is 100 × PeakBytes / TargetBytes (null without a target).
	PercentOfTarget *float64 `json:"percent_of_target"`
	// Fits is false when some allocation did not fit the target (null without a target).
	Fits *bool `json:"fits"`
	// LiveAtPeak lists the buffers live at the peak, largest first.
	LiveAtPeak []Live `json:"live_at_peak"`
	// Timeline is the total of live buffers after each allocation or release, in program order.
	Timeline []Point `json:"timeline"`
	// Buffers lists every buffer with the steps it was allocated and released at.
	Buffers []Lifetime `json:"buffers"`
	// Unknown lists allocations whose size could not be determined.
	Unknown []Unknown `json:"unknown"`
	// Symbols lists the values the estimate took from outside the program's own assignments
	// (argparse defaults), with where each is given.
	Symbols []Symbol `json:"symbols"`
	// Growth lists loops whose live memory grows every iteration.
	Growth []Growth `json:"growth"`
	// Largest is the largest single allocation (null when nothing was allocated).
	Largest *Live `json:"largest_allocation"`
	// OOM describes the first allocation that does not fit the target (null when all fit).
	OOM *OOM `json:"oom"`
	// XLA lists the XLA programs the scope ran (the jitted functions it called, or the scope
	// itself when it is jitted), each accounted as memory_analysis() reports it.
	XLA []XLAProgram `json:"xla,omitempty"`
	// Suggestions say what would lower the peak.
	Suggestions []string `json:"suggestions"`
	// Mitigations are the cuPyNumeric OOM guide's mitigations that apply to a Legate OOM, in
	// the guide's order (resize, prefetch, release, offload, downcast); empty when it fits.
	Mitigations []string `json:"mitigations,omitempty"`
}

// XLAProgram is one XLA program's accounting: a jitted function's arguments, outputs and
// temporaries apart, the bytes its outputs alias donated arguments, and the arguments donating
// would let an output reuse.
type XLAProgram struct {
	// Func is the jitted function, Line its def's line and Call the line of the call that ran it
	// (0 for the function's own scope).
	Func string `json:"func"`
	Line int    `json:"line"`
	Call int    `json:"call_line,omitempty"`
	// ArgumentBytes, OutputBytes, TempBytes and AliasBytes are memory_analysis()'s
	// argument_size_in_bytes, output_size_in_bytes, temp_size_in_bytes and alias_size_in_bytes;
	// TotalBytes is their total, arguments + outputs + temporaries - aliased.
	ArgumentBytes int64 `json:"argument_bytes"`
	OutputBytes   int64 `json:"output_bytes"`
	TempBytes     int64 `json:"temp_bytes"`
	AliasBytes    int64 `json:"alias_bytes"`
	TotalBytes    int64 `json:"total_bytes"`
	// Donatable lists the arguments not donated that an output of their shape and dtype could
	// reuse; DonationSavesBytes is their bytes, what donating them would take off TotalBytes.
	Donatable          []Donatable `json:"donatable"`
	DonationSavesBytes int64       `json:"donation_saves_bytes"`
}

// Donatable is an argument of a jitted function that donate_argnums could alias to an output.
type Donatable struct {
	Index int    `json:"index"`
	Param string `json:"param"`
	Bytes int64  `json:"bytes"`
}

// xlaPrograms converts the interpreter's accounting of the programs a run entered: one per
// function and call line (a call in a loop runs its program each iteration; the largest total
// is kept).
func xlaPrograms(ps []absint.XLAProgram) []XLAProgram {
	var out []XLAProgram
	type site struct {
		fn   string
		call int
	}
	at := map[site]int{}
	for _, p := range ps {
		x := XLAProgram{Func: p.Func, Line: p.Line, Call: p.Call, ArgumentBytes: p.Arguments,
			OutputBytes: p.Outputs, TempBytes: p.Temporaries, AliasBytes: p.Aliased, TotalBytes: p.Total(),
			Donatable: []Donatable{}}
		for _, d := range p.Donatable {
			x.Donatable = append(x.Donatable, Donatable{Index: d.Index, Param: d.Param, Bytes: d.Bytes})
			x.DonationSavesBytes += d.Bytes
		}
		k := site{p.Func, p.Call}
		if i, seen := at[k]; seen {
			if x.TotalBytes > out[i].TotalBytes {
				out[i] = x
			}
			continue
		}
		at[k] = len(out)
		out = append(out, x)
	}
	return out
}

// Live is a buffer live at some point.
type Live struct {
	ID   int    `json:"id"`
	Name string `json:"name"`
	Line int    `json:"line"`
	// Site is the innermost line that allocated it: inside a called function of the file, the
	// line in that function (Line is then the call's line in this scope).
	Site  int      `json:"site_line"`
	Bytes int64    `json:"bytes"`
	Shape []*int64 `json:"shape"`
	DType string   `json:"dtype"`
	// Expr is the source of the expression that allocated it.
	Expr string `json:"expr,omitempty"`
	// Note carries backend detail, e.g. a Legate instance's element range.
	Note string `json:"note,omitempty"`
	// Cell is, in a notebook, the cell Line counts in (see InCells).
	Cell int `json:"cell,omitempty"`
}

// Point is one step of the memory-vs-program-order chart.
type Point struct {
	Step  int   `json:"step"`
	Line  int   `json:"line"`
	Bytes int64 `json:"bytes"`
	Cell  int   `json:"cell,omitempty"` // in a notebook, the cell Line counts in
}

// Lifetime is one buffer's life: allocated at step Alloc, released at step Free (-1 when it is
// still live at the end of the scope). Buffers of an `else` branch the timeline does not follow
// have Alloc -1.
type Lifetime struct {
	Live
	Alloc int `json:"alloc_step"`
	Free  int `json:"free_step"`
	// Instance is set for a Legate instance: its store and the elements it covers.
	Instance *Instance `json:"instance,omitempty"`
	// BytesExpr and ShapeExpr are the size and the dimensions as formulas in the scope's
	// symbol (see Scale; absent when they do not depend on it or were not identified).
	BytesExpr string   `json:"bytes_expr,omitempty"`
	ShapeExpr []string `json:"shape_expr,omitempty"`
	// form and dims are the bytes and the dimensions as the heap carried them (forms.go).
	form *npapi.Poly
	dims []*npapi.Poly
}

// Symbol is a value the estimate took from outside the program's own assignments
// (absint.Symbol).
type Symbol = absint.Symbol

// Unknown is an allocation whose size the estimator could not determine (absint.Unknown).
type Unknown = absint.Unknown

// The kinds of Unknown.Bound.
const (
	BoundAtMost = absint.BoundAtMost
	BoundInputs = absint.BoundInputs
)

// PeakText renders the peak for people: "1.5 MiB (1,572,864 B)", "80 B", and with a leading
// "≥ " when the peak is a lower bound.
func (r *Report) PeakText() string {
	s := withExactBytes(r.PeakBytes)
	if r.PeakIsLowerBound {
		s = "≥ " + s
	}
	return s
}

// Growth is a loop whose live memory grows each iteration (absint.Growth).
type Growth = absint.Growth

// OOM is the first allocation that does not fit, in the spirit of Legate's out-of-memory report.
type OOM struct {
	Line int    `json:"line"`
	Cell int    `json:"cell,omitempty"` // in a notebook, the cell Line counts in
	Name string `json:"name"`
	Expr string `json:"expr,omitempty"`
	// Pool is the Legate memory kind (SYSTEM_MEM, FBMEM) or "HBM".
	Pool         string `json:"pool"`
	RequestBytes int64  `json:"request_bytes"`
	// HeldBytes is the total of the live buffers (Legate: instance payloads) at that moment.
	HeldBytes int64 `json:"held_bytes"`
	// PoolBytes is the capacity compared against.
	PoolBytes int64 `json:"pool_bytes"`
	// Live lists what holds the memory, largest first.
	Live []OOMLive `json:"live"`
}

// OOMLive is one buffer (Legate: one instance) held when an allocation failed.
type OOMLive struct {
	Name  string `json:"name"`
	Line  int    `json:"line"`
	Bytes int64  `json:"bytes"`
	// StoreLine is the line that allocated the Legate store an instance belongs to.
	StoreLine int `json:"store_line,omitempty"`
	// Covering is a Legate instance's element range, "<0>..<1048575>".
	Covering string `json:"covering,omitempty"`
}

// BudgetNote says, for rule messages, that r's scope stopped at the max-steps budget, so its
// peak is a lower bound; "" when it ran to its end.
func (r *Report) BudgetNote() string {
	for _, u := range r.Unknown {
		if u.BudgetCut() {
			return " (a lower bound: the estimate stopped at max-steps)"
		}
	}
	return ""
}

// BindingsNote says which values from outside the program a verdict on r depends on, for rule
// messages: ", with size = 20,000 (argparse default)" — the integer symbols, at most two; "" when
// there are none.
func (r *Report) BindingsNote() string {
	var parts []string
	for _, s := range r.Symbols {
		if _, ok := s.Value.(int64); !ok {
			continue
		}
		if len(parts) == 2 {
			parts = append(parts, "…")
			break
		}
		parts = append(parts, fmt.Sprintf("%s = %s (%s)", s.Name, valueText(s), sourceText(s, false)))
	}
	if len(parts) == 0 {
		return ""
	}
	return ", with " + strings.Join(parts, ", ")
}
