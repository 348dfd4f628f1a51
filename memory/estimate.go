package memory

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/absint"
	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// Options configure an estimate.
type Options struct {
	// Path names the file in reports.
	Path string
	// Backend forces a memory model (numpy, cupy, legate, jax); "" picks it from the imports.
	Backend string
	// Target is the memory budget (nil: none).
	Target *Target
	// Function restricts the reports to the function of that name ("" reports every scope).
	Function string
	// Assume binds names whose values the program does not fix (N=10_000_000); `# arraylint:
	// assume N=...` comments in the file add to it (options win).
	Assume map[string]int64
	// AssumeExprs binds names to other Python values, as expressions evaluated in the module's
	// scope when the name is read: "numpy", "numpy.float32", "(1000, 3)", "'all'", "False"
	// (`mem --assume`). An integer in Assume wins over an expression of the same name.
	AssumeExprs map[string]string
	// AssumeOrigins says which layer gave each name of Assume its value (Resolve fills it); a
	// name it does not list counts as given on the command line.
	AssumeOrigins map[string]bindings.Origin
	// Argv, when not nil, is the command line the program is to be run with (sys.argv[1:],
	// `mem FILE -- ARGS`): its argparse options take these values instead of their defaults.
	// A command line the program's parser would refuse is an error of Estimate, and so is,
	// when it estimates the whole program (not one Function), one that no file of it parses.
	Argv []string
	// Legate is the per-instance cost model (zero value: DefaultLegateModel).
	Legate LegateModel
	// NumPyVersion is the NumPy whose promotion the estimate follows (zero value: NumPy 2).
	NumPyVersion npapi.NumPyVersion
	// MaxSteps is the statements one scope's simulation may run (the max-steps setting; 0:
	// absint.DefaultMaxSteps). A scope that runs out is cut there, its peak a lower bound.
	MaxSteps int
	// Context, when not nil, stops the estimate between scopes once it is done; Estimate then
	// returns its error.
	Context context.Context

	// ProjectRoot is the directory of the analysed file's project (its configuration's): a
	// function imported from a module under it is evaluated with the caller's arguments
	// (projectmod.go). "" reads no other file.
	ProjectRoot string
	// Files reads the project's modules (nil: the file system); the driver passes one that
	// records what was read, for its content cache.
	Files absint.Files

	// scaling are the symbols Scale varies: their values in Assume replace module constants too.
	scaling []string
	// parsed keeps the project modules parsed by a series of estimates (Scale's).
	parsed absint.ParsedSet
	// consts keeps the module's constants for a series of estimates (Scale's).
	consts *absint.Consts
	// imp keeps the module's imports for a series of estimates (Scale's): building them is
	// most of an estimate of one small function of a large file.
	imp *imports.Info
}

// Backend names (the memory models).
const (
	BackendNumPy  = absint.BackendNumPy
	BackendCuPy   = absint.BackendCuPy
	BackendLegate = absint.BackendLegate
	BackendJAX    = absint.BackendJAX
)

// Backends lists the accepted backend names.
var Backends = []string{BackendNumPy, BackendCuPy, BackendLegate, BackendJAX}

// DetectBackend picks the memory model from a module's imports: cuPyNumeric → legate, JAX →
// jax, CuPy → cupy, otherwise numpy.
func DetectBackend(mod *ast.Module) string {
	return backendOf(imports.Build(mod).Backends())
}

func backendOf(b imports.Backend) string {
	switch {
	case b&imports.CuPyNumeric != 0:
		return BackendLegate
	case b&imports.JAX != 0:
		return BackendJAX
	case b&imports.CuPy != 0:
		return BackendCuPy
	}
	return BackendNumPy
}

// EstimateSource parses src and estimates it (see Estimate).
func EstimateSource(path string, src []byte, opts Options) ([]*Report, error) {
	f, err := pyparse.Parse(src)
	if err != nil {
		return nil, fmt.Errorf("estimate %s: %w", path, err)
	}
	if opts.Path == "" {
		opts.Path = path
	}
	return Estimate(f, opts)
}

// Estimate simulates the module body and every top-level function (or only opts.Function) and
// returns one report per scope, the module first. Calls to functions of the file are inlined
// into the caller's scope; a function analysed on its own has unknown parameters unless assumed.
func Estimate(f *pyparse.File, opts Options) ([]*Report, error) {
	if f == nil || f.Module == nil {
		return nil, fmt.Errorf("estimate %s: no module", opts.Path)
	}
	backend := strings.ToLower(opts.Backend)
	imp := opts.imp
	if imp == nil {
		imp = imports.Build(f.Module)
	}
	if backend == "" || backend == "auto" {
		backend = backendOf(imp.Backends())
	}
	if !slices.Contains(Backends, backend) {
		return nil, fmt.Errorf("estimate %s: unknown backend %q (want %s)", opts.Path, opts.Backend, strings.Join(Backends, ", "))
	}
	assume, err := bindings.AssumeComments(f)
	if err != nil {
		return nil, fmt.Errorf("estimate %s: %w", opts.Path, err)
	}
	for k, v := range opts.Assume {
		assume[k] = v
	}
	opts.Assume, opts.AssumeOrigins = assume, assumeOrigins(f, opts.Assume, opts.AssumeOrigins, assume)
	if opts.Legate == (LegateModel{}) {
		opts.Legate = DefaultLegateModel
	}
	var out []*Report
	idx := &fileIndex{}
	shared := &absint.Shared{}
	if opts.Function == "" {
		s := simulate(func(pc *peakCapture) *sim {
			s := newSim(f, imp, backend, &opts, idx, shared)
			s.h.pc = pc
			s.in.RunModule()
			return s
		})
		out = append(out, s.report("<module>", 1, false))
	}
	found := false
	for _, st := range f.Module.Body {
		def, ok := st.(*ast.FunctionDef)
		if !ok || (opts.Function != "" && def.Name != opts.Function) {
			continue
		}
		if c := opts.Context; c != nil && c.Err() != nil {
			return nil, fmt.Errorf("estimate %s: %w", opts.Path, c.Err())
		}
		found = true
		var jit bool
		s := simulate(func(pc *peakCapture) *sim {
			s := newSim(f, imp, backend, &opts, idx, shared)
			s.h.pc = pc
			jit = s.in.RunFunction(def)
			return s
		})
		out = append(out, s.report(def.Name, s.lineOf(def), jit))
	}
	if opts.Function != "" && !found {
		return nil, fmt.Errorf("estimate %s: no top-level function %q", opts.Path, opts.Function)
	}
	if opts.Argv != nil {
		switch read, err := shared.CommandLine(); {
		case err != nil:
			return nil, fmt.Errorf("%s: the program's command line: %w", opts.Path, err)
		case !read && opts.Function == "":
			// (a function estimated on its own may never reach the parser, as a program
			// reaches it: the check is the whole program's)
			return nil, fmt.Errorf("%s: a command line is given, but the estimate reads no argparse option of the program (bind other values with --assume)", opts.Path)
		}
	}
	return out, nil
}

// simulate runs a scope (run builds a simulation and runs the scope on it) and lists the buffers
// live at its peak: as the run listed them at each new peak, or, when that was over budget, by
// running it once more (see peakCapture). The simulation is deterministic, so the second run
// reaches the same peak at the same event.
func simulate(run func(*peakCapture) *sim) *sim {
	pc := &peakCapture{eager: true}
	s := run(pc)
	if s.h.peak == 0 || s.h.peakEvent == 0 {
		return s
	}
	if pc.eager {
		s.peakLive = s.h.peakLive
		return s
	}
	s.peakLive = run(&peakCapture{at: s.h.peakEvent}).h.pc.live
	return s
}

// newSim prepares the estimate of one scope: a heap with the target's budget, and the
// interpreter that allocates on it.
func newSim(f *pyparse.File, imp *imports.Info, backend string, opts *Options, idx *fileIndex, shared *absint.Shared) *sim {
	s := &sim{file: f, backend: backend, opts: opts, legate: opts.Legate, idx: idx}
	s.h.pc = &peakCapture{}
	if t := opts.Target; t != nil {
		if backend == BackendLegate {
			s.h.poolName, s.h.limit = s.pools()
			s.h.footprint = true
		} else {
			s.h.poolName, s.h.limit = "HBM", t.Usable()
			if backend == BackendJAX && t.Kind == KindGPU && t.Fraction == 0 {
				s.h.limit = int64(float64(t.Bytes) * JAXGPUFraction)
			}
			if backend == BackendNumPy {
				s.h.poolName = "host memory"
			}
		}
	}
	s.in = absint.New(absint.Config{File: f, Imports: imp, Backend: backend, Heap: s, Strategy: absint.Simulate,
		Assume: opts.Assume, AssumeExprs: opts.AssumeExprs, AssumeOrigins: opts.AssumeOrigins, Shared: shared, Argv: opts.Argv,
		Path: opts.Path, ProjectRoot: opts.ProjectRoot, Files: opts.Files, Parsed: opts.parsed, Scaling: opts.scaling, Consts: opts.consts,
		NumPyVersion: opts.NumPyVersion, Accelerator: opts.Target != nil && (opts.Target.Kind == KindGPU || opts.Target.Kind == KindTPU), MaxSteps: opts.MaxSteps})
	return s
}

// report assembles the scope's report from the simulation.
func (s *sim) report(scope string, line int, jit bool) *Report {
	r := &Report{Scope: scope, Path: s.opts.Path, Line: line, Backend: s.backend, JIT: jit,
		PeakBytes: s.h.peak, PeakLine: s.h.peakLine, LiveAtPeak: s.peakLive,
		Timeline: s.h.timeline, Unknown: s.in.Unknown(), Growth: s.in.Growth(), OOM: s.h.oom}
	if r.LiveAtPeak == nil {
		r.LiveAtPeak = []Live{}
	}
	if r.Timeline == nil {
		r.Timeline = []Point{}
	}
	if r.Unknown == nil {
		r.Unknown = []Unknown{}
	}
	r.PeakIsLowerBound = len(r.Unknown) > 0
	r.carried = s.h.forms.peak()
	r.freeSizes = s.in.FreeSizes()
	r.PeakExpr = fmt.Sprint(r.PeakBytes)
	r.Symbols = s.in.Symbols()
	if r.Symbols == nil {
		r.Symbols = []Symbol{}
	}
	if r.Growth == nil {
		r.Growth = []Growth{}
	}
	for _, b := range s.h.bufs {
		if b.bytes == 0 && b.shape.Known {
			continue
		}
		r.Buffers = append(r.Buffers, Lifetime{Live: s.h.liveOf(b, func(*buffer) string { return "" }), Alloc: b.alloc, Free: b.free,
			Instance: instanceOf(b), form: b.form, dims: dimForms(b.shape)})
	}
	for _, b := range s.h.branch {
		if b.bytes == 0 {
			continue
		}
		l := Lifetime{Live: s.h.liveOf(b, func(*buffer) string { return "" }), Alloc: -1, Free: -1}
		l.Note = strings.TrimSpace(l.Note + " (in a branch not on the timeline)")
		r.Buffers = append(r.Buffers, l)
	}
	if r.Buffers == nil {
		r.Buffers = []Lifetime{}
	}
	if b := s.h.largest; b != nil && b.bytes > 0 {
		l := s.h.liveOf(b, func(*buffer) string { return "" })
		r.Largest = &l
	}
	if t := s.opts.Target; t != nil {
		limit := s.h.limit
		r.Target = t.Name
		if s.backend == BackendLegate {
			r.Target = s.h.poolName
			if t.Pools.Any() {
				r.Target += " (" + t.Pools.String() + ")"
			}
		}
		r.TargetBytes = &limit
		if limit > 0 {
			pct := 100 * float64(r.PeakBytes) / float64(limit)
			r.PercentOfTarget = &pct
		}
		fits := s.h.oom == nil
		r.Fits = &fits
	}
	r.XLA = xlaPrograms(s.in.XLAPrograms())
	r.Suggestions = s.suggest(r)
	r.Mitigations = s.mitigations(r)
	r.PaddingBytes = s.paddingAtPeak(r)
	return r
}
