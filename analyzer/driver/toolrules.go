package driver

// This file defines the rules of the tool itself (9xx): their findings come from the driver.

import (
	_ "embed"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"golang.org/x/tools/go/analysis"
)

var (
	//go:embed docs/AL900.md
	internalErrorDoc string
	//go:embed docs/AL901.md
	syntaxErrorDoc string
	//go:embed docs/AL902.md
	unusedNoqaDoc string
	//go:embed docs/AL903.md
	invalidSuppressionDoc string
	//go:embed docs/AL904.md
	ioErrorDoc string
)

// driverReported is the Run of rules whose findings the driver produces itself.
func driverReported(*analysis.Pass) (any, error) { return nil, nil }

// InternalError (AL900) reports a rule that panicked or failed on a file.
var InternalError = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL900", Name: "internal-error", Since: "0.1.0", Doc: internalErrorDoc,
	Summary:  "a rule crashed on this file",
	Severity: analyzer.Error,
	Run:      driverReported,
})

// SyntaxError (AL901) reports the first syntax error of a file, counting the others, and files
// that are not Python source.
var SyntaxError = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL901", Name: "syntax-error", Since: "0.1.0", Doc: syntaxErrorDoc,
	Summary:  "file does not parse as Python",
	Severity: analyzer.Error,
	Requires: []*analysis.Analyzer{pyinspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		in := pass.ResultOf[pyinspect.Analyzer].(*pyinspect.Result)
		errs := in.File.Errors
		switch len(errs) {
		case 0:
		case 1:
			pass.Report(in.DiagnosticRange(errs[0].Range, "%s", errs[0].Msg))
		default:
			// One finding per file: after the first error the parser's recovery often reports
			// errors that fixing the first removes, and a file of another language (Python 2)
			// has hundreds, which would bury every other finding.
			more := "syntax errors"
			if len(errs) == 2 {
				more = "syntax error"
			}
			pass.Report(in.DiagnosticRange(errs[0].Range, "%s (and %d more %s after it)", errs[0].Msg, len(errs)-1, more))
		}
		return nil, nil
	},
})

// UnusedNoqa (AL902) reports suppression comments that suppress nothing or name unknown rules.
var UnusedNoqa = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL902", Name: "unused-noqa", Since: "0.1.0", Doc: unusedNoqaDoc,
	Summary:  "suppression comment that suppresses nothing",
	Severity: analyzer.Warning,
	Fix:      analyzer.FixAlways,
	Run:      driverReported,
})

// InvalidSuppression (AL903) reports malformed suppression comments.
var InvalidSuppression = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL903", Name: "invalid-suppression", Since: "0.1.0", Doc: invalidSuppressionDoc,
	Summary:  "malformed suppression comment",
	Severity: analyzer.Warning,
	Run:      driverReported,
})

// IOError (AL904) reports a file that could not be read, or written back after a fix. Its
// findings come from the programs that read and write files (CheckFiles, the CLI's --fix), with
// IOErrorFinding; they are reported whatever the selection.
var IOError = analyzer.MustRule(analyzer.RuleSpec{
	Code: "AL904", Name: "io-error", Since: "0.1.0", Doc: ioErrorDoc,
	Summary:  "file could not be read or written",
	Severity: analyzer.Error,
	Run:      driverReported,
})

// IOErrorFinding returns the AL904 finding for path, at line 1, column 1, with the operating
// system's error; what is "read file" or "write the fixed file".
func IOErrorFinding(path, what string, err error) analyzer.Finding {
	return analyzer.Finding{Path: path, Line: 1, Col: 1, EndLine: 1, EndCol: 1, Code: IOError.Spec.Code,
		Name: IOError.Spec.Name, URL: IOError.URL, Severity: IOError.Spec.Severity,
		Message: "cannot " + what + ": " + err.Error()}
}

// ToolRules returns the rules of the tool itself, in code order.
func ToolRules() []*analyzer.Rule {
	return []*analyzer.Rule{InternalError, SyntaxError, UnusedNoqa, InvalidSuppression, IOError}
}

// unsuppressible lists codes that noqa cannot silence.
func unsuppressible(code string) bool {
	return code == "AL900" || code == "AL901" || code == "AL903" || code == "AL904"
}
