// Package driver runs arraylint's rules: it is to package analyzer what x/tools' checker is to
// package analysis.
//
// The driver (CheckSource, Runner) parses each file once, runs the Requires DAG of the enabled
// rules on it (each analyzer once per file, results through Pass.ResultOf, a fresh
// analyzer.PassState for each pass), contains a panicking analyzer as an AL900 internal-error
// finding, turns diagnostics into byte-range Findings, applies suppression comments and the
// configuration, and reports syntax errors (AL901), unused or unknown suppressions (AL902) and
// malformed ones (AL903).
//
// It also finds and parses the configuration (Config, ConfigCache: arraylint.toml and
// [tool.arraylint] in pyproject.toml), discovers the files to check (Discover: .gitignore,
// include and exclude globs), applies fixes (FixSource) and writes them back safely (WriteFile),
// and adds `# noqa` comments (AddNoqa). CheckFiles serves unchanged files from a content cache
// on disk when one is set (Runner.SetCache, cache.go): keyed by the file's bytes, its resolved
// settings and the build, and checked against every other file the analysis read.
//
// A Jupyter notebook (IsNotebook: a .ipynb path) is read by package notebook into one Python
// program of its code cells, checked as any source, and its findings are mapped back to cells
// (Finding.Cell, positions relative to the cell's source); fixes and noqa directives go back into
// the cells' `source` values in the file's own bytes (notebook.go).
package driver
