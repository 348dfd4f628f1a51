package driver

import (
	"github.com/arraylint/arraylint/pyparse"
	"golang.org/x/tools/go/analysis"
)

func rng(s, e int) pyparse.Range {
	return pyparse.Range{Start: pyparse.Offset(s), End: pyparse.Offset(e)}
}

func analysisFix(msg string) analysis.SuggestedFix { return analysis.SuggestedFix{Message: msg} }
