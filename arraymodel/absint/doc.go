// Package absint is arraylint's one abstract interpreter of Python array programs: the value
// domain (arrays with shape, dtype, library and view base; Python scalars, tuples, lists,
// modules, functions; classes and their instances when following one path, classes.go), the
// expression and call evaluator over the one API table (arraymodel/npapi), and the statement
// walker (program order, loops, branches on forks, calls into the file's functions and methods
// inlined). Its two clients differ in one value, the run's Strategy: the memory estimator runs
// Simulate, with a heap (reference-counted buffers, NumPy temporary elision, Legate instances)
// that implements Heap, and reads what the run found (unknown sizes, symbols, list growth); the
// rules' facts (arraymodel/arrays) run Explore and observe what each expression may hold.
//
//	in := absint.New(absint.Config{File: f, Heap: h, Strategy: absint.Simulate, Assume: …})
//	in.RunModule()                 // or in.RunFunction(def) for a function on its own
//	in.Unknown(), in.Symbols(), in.Growth()
//
// # Files
//
// The run and its clients:
//
//	doc.go             this overview
//	run.go             New, RunModule, RunFunction, RunBody; parameters of a scope run on its own
//	strategy.go        Strategy, Simulate, Explore: where the two clients' runs differ
//	hooks.go           Heap (the client's memory model), NoHeap, Cloner
//	importtext.go      importsMention: whether an import statement names a module (the callers search's prefilter)
//	interp.go          Config, Shared, Consts, frames: the state, references, how objects die
//	inspect.go         how a client reads a Value
//	results.go         what a run reports besides values: unknown allocations, growing loops
//	sources.go         where a value taken from outside the program comes from (Symbol.Source)
//	symbols.go         assumptions, argparse defaults and conventions as the run's symbols
//
// Values:
//
//	value.go           the abstract values: arrays, numbers, strings, tuples, lists, modules
//	shape.go           Shape: dimensions as lengths, polynomials in symbols, or unknown
//	provenance.go      which arrays and lengths scale with the data the code is given (Scales)
//
// Statements and expressions:
//
//	exec.go            statements: bindings, loops, branches, with, try, calls of the file's defs
//	fork.go            forks of the state that run the branch of an if the run does not follow
//	                   (frames copied on first use)
//	lategrowth.go      a long range loop whose later iterations keep memory its first do not
//	explore.go         explore mode: every path run and the states joined where they meet
//	eval.go            expressions: operators, attributes, displays, the unknown-size bookkeeping
//	comprehensions.go  displays, comprehensions, generators consumed one element at a time
//	index.go           indexing: basic indexing makes views, advanced indexing copies
//	classes.go         classes and their instances (one path only)
//	callerinstance.go  dataclass records in explore mode; parameters bound to the callers' instance
//
// Calls:
//
//	calls.go           calls: the array API through npapi, builtins, functions of the analysed file
//	rowcall.go         calls of table rows with a shape rule (npapi.Apply), NumPy's iterator buffers
//	methods.go         methods of arrays, lists, random generators and jax's x.at[...]
//	arraylike.go       arithmetic on a value of unknown type the code uses as an array elsewhere
//	unmodelled.go      calls the run does not model, listed so the peak is a lower bound
//	namespace.go       calls that hand a program its array module (get_array_module, …)
//	pymath.go          Python's arithmetic on known numbers: int, float, round, min, max, math
//	pystr.go           str operations on known strings: %-formatting, int() and float() of text
//	pyobjects.go       the Python objects a list holds (numbers, tuples of numbers): their bytes
//	pyre.go            the re module on known strings
//	sparse.go          scipy.sparse matrices: an array whose bytes are its storage's, A @ x, .tocsr()
//	whiletrips.go      the trip count of a counted while loop (`while t < n: … t += 1`)
//	xla.go             jit as XLA compiles it: staged frames (jaxtrace), fusion, a program's
//	                   arguments, outputs, temporaries and donation; lax loops, vmap, grad, conv
//
// The program's inputs and its project:
//
//	paramsources.go    where a function's parameters come from: its only call, argparse, defaults
//	projectfiles.go    finding, reading and parsing the project modules the file imports
//	projectmod.go      calls into those modules
//	projectcallers.go  what every caller in the project states for a parameter (the rules' sizes)
//	projectindirect.go the calls that search follows indirectly: through a lambda, a name bound to the function
//	projectreaders.go  whether a function handed to a project function is only read there
package absint
