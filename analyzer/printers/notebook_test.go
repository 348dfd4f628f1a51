package printers

import (
	"bytes"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// TestNotebookCells: a finding in cell 3 of a notebook shows `path:cell 3:line:col` or a
// `cell 3: ` prefix in every format, its source line comes from the cell, and its columns count
// in the cell's text (the JSON file's escapes do not shift them).
func TestNotebookCells(t *testing.T) {
	const nb = `{"nbformat": 4, "cells": [
 {"cell_type": "markdown", "source": ["# é"]},
 {"cell_type": "code", "source": ["import numpy as np\n"]},
 {"cell_type": "code", "source": ["s = \"é\"\n", "a = np.zeros(3)\n"]}
]}`
	// `np.zeros` in cell 3: line 2, byte column 5, byte offsets 13..21 of the cell's source.
	f := analyzer.Finding{Path: "nb.ipynb", Cell: 3, Range: pyparse.Range{Start: 13, End: 21}, Line: 2, Col: 5, EndLine: 2, EndCol: 13,
		Code: "AL304", Name: "missing-out", Message: "`np.zeros` found", Severity: analyzer.Warning, URL: "docs/rules/AL304.md",
		Fix: &analyzer.Fix{Message: "Use `np.empty`", Applicability: analyzer.Safe, Edits: []analyzer.Edit{{Range: pyparse.Range{Start: 13, End: 21}, NewText: "np.empty", Cell: 3}}}}
	src := func(p string) []byte {
		if p == "nb.ipynb" {
			return []byte(nb)
		}
		return nil
	}
	for format, want := range map[string][]string{
		"text":       {"nb.ipynb:cell 3:2:5: AL304 [*] `np.zeros` found", "2 | a = np.zeros(3)", "  |     ^^^^^^^^"},
		"concise":    {"nb.ipynb:cell 3:2:5: AL304"},
		"json":       {`"cell": 3`, `"row": 2`, `"column": 5`},
		"sarif":      {`"properties": {`, `"cell": 3`, `"startLine": 2`, `"startColumn": 5`},
		"github":     {"line=2,col=5", "::nb.ipynb:cell 3:2:5: AL304"},
		"rdjson":     {`"message": "cell 3: ` + "`np.zeros`", `"original_output": "nb.ipynb:cell 3:2:5: AL304`},
		"gitlab":     {`"description": "cell 3: AL304`},
		"checkstyle": {`message="cell 3: AL304`},
		"junit":      {`message="cell 3: 2:5: AL304`, "nb.ipynb:cell 3:2:5: AL304"},
	} {
		p, err := New(format, Options{Source: src})
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := p.Print(&buf, []analyzer.Finding{f}); err != nil {
			t.Fatal(err)
		}
		for _, w := range want {
			if !strings.Contains(buf.String(), w) {
				t.Errorf("%s: no %q in\n%s", format, w, buf.String())
			}
		}
		if format == "sarif" && strings.Contains(buf.String(), `"fixes"`) {
			t.Errorf("sarif: a notebook finding carries file edits:\n%s", buf.String())
		}
	}
}
