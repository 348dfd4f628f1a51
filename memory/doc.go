// Package memory estimates, from the source alone, the peak of live array memory of a Python
// array program and compares it with a device: GPU HBM, Legate's SYSTEM_MEM/FBMEM/ZCMEM pools,
// TPU HBM. `arraylint mem` prints its reports; rules AL101 and AL102 and the language server's
// hovers read the same estimate through the memanalyzer subpackage.
//
// # How an estimate is made
//
// Estimate runs each scope (the module, then each top-level function) in program order on an
// abstract heap:
//
//   - values (value.go): Python ints (known or not), arrays (an arrObj: shape, dtype, the
//     buffer it owns or the base a view keeps alive), tuples, lists, modules of the array
//     libraries, functions of the file;
//   - evaluation (eval.go, calls.go, methods.go, index.go): operators with NumPy's promotion and
//     broadcasting, calls classified by the shared API table (arraymodel/npapi), indexing and
//     views; calls to functions of the file, and of modules of the project it imports
//     (projectmod.go, projectfiles.go), are run with the caller's arguments;
//   - statements (exec.go, fork.go): assignments and del drop references as CPython does, loops
//     with a known trip count run (long ones run twice and extrapolate), an `if` the simulation
//     cannot decide runs the other branch on a fork whose peak still counts;
//   - heap models (heap.go, legate.go): NumPy/CuPy reference counts and NumPy's in-place reuse of
//     temporaries (at least 256 KiB), Legate's instances per store with alignment and overhead,
//     JAX's eager arrays and jit's fusion and last-use frees;
//   - settings (settings.go): Resolve chooses the target, backend and assumptions for mem, check
//     and the server alike; targets.go holds the device presets, one table;
//   - symbols (sources.go, argparse.go, paramsources.go): each value taken from outside a scope's
//     own assignments is listed in Report.Symbols with where it comes from.
//
// Nothing is guessed: an allocation whose size is not known, and a call the API table does not
// model, is listed in Report.Unknown with the reason and a bound where one exists, and the
// report's peak is then a lower bound (PeakIsLowerBound). The cost is O(n log n) in the number of
// live arrays (bench/memscale.sh): the live set at the peak is listed once, on a replay of the
// scope (see peakCapture).
//
// # Reports
//
// One Report per scope: peak bytes and line, the buffers live at the peak, the timeline, every
// buffer's lifetime, unknown sizes, loop growth, the first allocation that does not fit the
// target (with Legate's out-of-memory report) and suggestions. WriteText, WriteJSON and WriteHTML
// render them; docs/memory.md documents the JSON schema.
package memory
