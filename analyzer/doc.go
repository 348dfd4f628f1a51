// Package analyzer is arraylint's rule framework and driver.
//
// Rules are *analysis.Analyzer values from golang.org/x/tools/go/analysis wrapped in a Rule that
// adds a stable code (AL304), a kebab-case name, a default severity, options and Markdown docs.
// Python source reaches rules the way non-Go files reach asmdecl: every rule requires
// pyinspect.Analyzer, whose result is the parsed file with a token.File for positions.
//
// The driver (CheckSource, Runner) parses each file once, runs the Requires DAG of the enabled
// rules on it (each analyzer once per file, results through Pass.ResultOf), contains a panicking
// analyzer as an AL900 internal-error finding, turns diagnostics into byte-range Findings, applies
// suppression comments and the configuration, and reports syntax errors (AL901), unused or
// unknown suppressions (AL902) and malformed ones (AL903).
//
// A Jupyter notebook (IsNotebook: a .ipynb path) is read by package notebook into one Python
// program of its code cells, checked as any source, and its findings are mapped back to cells
// (Finding.Cell, positions relative to the cell's source); fixes and noqa directives go back into
// the cells' `source` values in the file's own bytes (notebook.go).
package analyzer
