// Package analyzer is arraylint's rule framework: what rules import.
//
// Rules are *analysis.Analyzer values from golang.org/x/tools/go/analysis wrapped in a Rule that
// adds a stable code (AL304), a kebab-case name, a default severity, options and Markdown docs.
// Python source reaches rules the way non-Go files reach asmdecl: every rule requires
// pyinspect.Analyzer, whose result is the parsed file with a token.File for positions.
//
// A pass reads the settings of its file (ConfigOf, OptionValue, TypedOption.Value) and marks how
// its fixes may be applied (SetApplicability) through its PassState, which the driver makes for
// each pass and drops with it: no state outlives a pass. Findings (Finding, Fix, Edit) are the
// driver's output type, shared with printers and the language server.
//
// The driver that runs rules — configuration, file discovery, suppression comments, fix writing
// and the tool's own rules (AL9xx) — is package analyzer/driver, as x/tools keeps its checker
// apart from package analysis.
package analyzer
