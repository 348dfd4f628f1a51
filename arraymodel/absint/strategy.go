package absint

// This file defines Strategy: how a run treats what the program leaves open, the one value
// where the interpreter's two clients differ. Each place the runs differ asks it a named
// question (joinsPaths, followsProgram, listsGaps, …) rather than testing a mode flag.

// Strategy is how a run treats what the program leaves open: which path runs where a test is
// not decided, what a parameter of a function run on its own holds, and what says which array
// library a value is. Its two values are the clients' runs: Simulate (the memory estimate) and
// Explore (the rules' facts). The zero Strategy follows one path and binds defaults, as
// Simulate does, without its naming conventions.
type Strategy struct {
	// Paths says what the run does where the program's path is not decided.
	Paths Paths
	// Params says what a parameter with a default holds when its function runs on its own.
	Params Params
	// Libraries says what tells which array library a value is.
	Libraries Libraries
}

// Paths is what a run does where the program's path is not decided (Strategy.Paths).
type Paths uint8

const (
	// FollowOnePath runs the program as it runs: one path, calls into the file's functions and
	// classes inlined, each allocation counted at its statement's line, and the allocations it
	// cannot size listed (Unknown).
	FollowOnePath Paths = iota
	// ExploreAllPaths runs every path and joins the states where paths meet (explore.go), for
	// what each expression may hold: each function is inferred from its own body, and values
	// the code makes itself are told from the program's inputs (provenance.go).
	ExploreAllPaths
)

// Params is what a parameter with a default holds when its function runs on its own
// (Strategy.Params).
type Params uint8

const (
	// DefaultsBind gives the parameter its default, or what the function's only call passes.
	DefaultsBind Params = iota
	// CallersBind leaves the default aside (it is not what callers pass): the parameter holds
	// what the function's only call passes (an array, a stated size), else a value of the
	// default's kind, the caller's.
	CallersBind
)

// Libraries is what tells which array library a value is (Strategy.Libraries).
type Libraries uint8

const (
	// LibraryStated takes only what the code states: a value nothing says the library of
	// stays unknown.
	LibraryStated Libraries = iota
	// LibraryByConvention also takes the library a name stands for (a parameter np, xp, cp,
	// jnp) and the one cupy.get_array_module returns for an argument of unknown type, and
	// lists it among the symbols (SourceConvention).
	LibraryByConvention
)

var (
	// Simulate is the memory estimate's strategy: one path, as the program runs, with defaults
	// bound and the array library taken from naming conventions where nothing states it.
	Simulate = Strategy{Paths: FollowOnePath, Params: DefaultsBind, Libraries: LibraryByConvention}
	// Explore is the rules' strategy: every path joined, parameters bound from their callers,
	// and only the array library the code states.
	Explore = Strategy{Paths: ExploreAllPaths, Params: CallersBind, Libraries: LibraryStated}
)

// joinsPaths reports whether the run takes every path where the program takes one (both
// branches of an if, each match case and except handler, a loop run twice and joined with the
// state before it, every comprehension) and joins the states where they meet.
func (st Strategy) joinsPaths() bool { return st.Paths == ExploreAllPaths }

// followsProgram reports whether the run does what the program does at a point where an
// exploring run keeps the value unknown: inline a call into the file's functions, model a
// class and its instances, enter a with statement's context manager, short-circuit a boolean
// operator, take an optional import as absent, evaluate getattr, setattr, eval or a format.
func (st Strategy) followsProgram() bool { return st.Paths == FollowOnePath }

// listsGaps reports whether the run lists what the estimate cannot size (Unknown): unsized
// allocations, unmodelled calls, calls not followed, arithmetic on values used as arrays.
func (st Strategy) listsGaps() bool { return st.Paths == FollowOnePath }

// countsAtLines reports whether the run keeps the statement lines and names the heap counts an
// allocation at: each statement's line (a with statement's exit counts at its own), and the
// attribute an assignment binds (self.grid = np.zeros(…)).
func (st Strategy) countsAtLines() bool { return st.Paths == FollowOnePath }

// countsBuffers reports whether the run counts the iterator buffers NumPy's ufuncs and
// reductions allocate (npapi.Buffers).
func (st Strategy) countsBuffers() bool { return st.Paths == FollowOnePath }

// sizesAsSymbols reports whether a size the program leaves open (len(x) of a parameter)
// becomes a symbol the estimate can be a formula in; for the rules it is no evidence of a large
// array (provenance.go).
func (st Strategy) sizesAsSymbols() bool { return st.Paths == FollowOnePath }

// observesEveryExpr reports whether the run evaluates, for its observer, what a program run
// does not evaluate on its own: a slice's bounds, the part an indexed assignment writes, a def
// or class statement's decorators, defaults and bases.
func (st Strategy) observesEveryExpr() bool { return st.Paths == ExploreAllPaths }

// infersFromUse reports whether the run infers what a value of unknown type is from how the
// code uses it: a name a creation call takes as a size is an integer from there on
// (refineSizes), and nonzero of it gives an index array.
func (st Strategy) infersFromUse() bool { return st.Paths == ExploreAllPaths }

// tracksProvenance reports whether the run tells values the code makes itself (vLocal) from
// the program's inputs (provenance.go).
func (st Strategy) tracksProvenance() bool { return st.Paths == ExploreAllPaths }

// bindsDefaults reports whether a parameter with a default holds it when its function runs on
// its own.
func (st Strategy) bindsDefaults() bool { return st.Params == DefaultsBind }

// takesConventions reports whether the array library a name stands for counts where nothing
// states which library a value is.
func (st Strategy) takesConventions() bool { return st.Libraries == LibraryByConvention }
