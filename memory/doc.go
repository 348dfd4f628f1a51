// Package memory estimates, from the source alone, the peak of live array memory of a Python
// array program and compares it with a device: GPU HBM, Legate's SYSTEM_MEM/FBMEM/ZCMEM pools,
// TPU HBM. `arraylint mem` prints its reports; rules AL101 and AL102 and the language server's
// hovers read the same estimate through the memanalyzer subpackage.
//
// # How an estimate is made
//
// Estimate runs each scope (the module, then each top-level function) in program order on the
// one interpreter of array programs, arraymodel/absint, which the rules' facts use too. The
// interpreter holds the semantics — values (ints known or symbolic, arrays with shape, dtype,
// library and view base, tuples, lists, dicts, modules, functions of the file, classes and
// their instances: an object holds its attributes' arrays until its last reference goes),
// operators with NumPy's promotion and broadcasting, calls classified by the API table
// (arraymodel/npapi), indexing and views, statements with CPython's reference counting, loops
// (every iteration of a known trip count up to 64, otherwise two and extrapolated growth), an
// `if` it cannot decide run on a fork, calls to functions and methods of the file and of the
// project's modules it imports run with the caller's arguments. This package
// is its heap (absint.Heap, heapclient.go):
//
//   - buffers (heap.go): each array's data, released when its last reference goes; NumPy's
//     in-place reuse of temporaries (at least 256 KiB) and the iterator buffers of its ufuncs
//     and reductions (arraymodel/npapi/buffer.go); JAX's eager arrays and jit's fusion and
//     last-use frees; TPU tiling (padding.go);
//   - Legate (legate.go): instances per store with alignment and overhead, created as
//     operations touch ranges of the store;
//   - forks (fork.go): a fork of the interpreter gets a copy of the buffers, and its peak counts;
//   - settings (settings.go): Resolve chooses the target, backend and assumptions for mem, check
//     and the server alike; targets.go holds the device presets, one table;
//   - symbols (sources.go, argparse.go, paramsources.go): each value taken from outside a scope's
//     own assignments is listed in Report.Symbols with where it comes from;
//   - formulas (forms.go): beside its numbers the heap carries each buffer's bytes, the running
//     total and every point that can be the peak as polynomials in those symbols; Scale reports
//     the maximum of the points once a re-estimate confirms it (scalecarried.go), and otherwise
//     identifies the formula by re-estimation (scaling.go, scalemulti.go).
//
// Nothing is guessed: an allocation whose size is not known, and a call the API table does not
// model, is listed in Report.Unknown with the reason and a bound where one exists, and the
// report's peak is then a lower bound (PeakIsLowerBound). The cost is O(n log n) in the number of
// live arrays (bench/memscale.sh): the live set at the peak is listed once, on a replay of the
// scope when listing it at every new peak would cost more (see peakCapture).
//
// # Reports
//
// One Report per scope: peak bytes and line, the buffers live at the peak, the timeline, every
// buffer's lifetime, unknown sizes, loop growth, the first allocation that does not fit the
// target (with Legate's out-of-memory report) and suggestions. WriteText, WriteJSON and WriteHTML
// render them; docs/memory.md documents the JSON schema.
package memory

//go:generate go run ./internal/gendocs
