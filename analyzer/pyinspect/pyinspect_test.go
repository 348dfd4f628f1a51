package pyinspect_test

import (
	"go/token"
	"testing"

	"github.com/arraylint/arraylint/analyzer/pyinspect"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
	"golang.org/x/tools/go/analysis"
)

const src = "import numpy as np\nx = np.zeros(3)\r\ny = x * 2\n"

func TestResultPositions(t *testing.T) {
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	fset.AddFile("other.py", -1, 100) // a second file: positions must not collide
	r := pyinspect.New(fset, "a.py", f)
	var asg *ast.Assign
	for n := range r.Inspector.Preorder((*ast.Assign)(nil)) {
		if a := n.(*ast.Assign); asg == nil && a.Span().Start > 20 {
			asg = a
		}
	}
	if asg == nil {
		t.Skip("parser produced no assignment")
	}
	if got := r.Text(asg.Value); got != "x * 2" && got != "np.zeros(3)" {
		t.Errorf("Text = %q", got)
	}
	d := r.Diagnostic(asg, "msg %d", 1)
	pos := fset.Position(d.Pos)
	line, col := f.Lines.LineCol(asg.Span().Start)
	if pos.Filename != "a.py" || pos.Line != line || pos.Column != col+1 || d.Message != "msg 1" {
		t.Errorf("diagnostic at %v (%q), want a.py:%d:%d", pos, d.Message, line, col+1)
	}
	if r.Offset(d.Pos) != asg.Span().Start || r.Offset(d.End) != asg.Span().End {
		t.Errorf("Offset does not invert Pos")
	}
	e := r.Replace(asg.Value, "0")
	if r.Offset(e.Pos) != asg.Value.Span().Start || string(e.NewText) != "0" {
		t.Errorf("Replace = %+v", e)
	}
	if got := r.Pos(-5); got != r.Pos(0) {
		t.Errorf("Pos does not clamp below 0")
	}
	if got := r.Pos(1 << 20); got != r.Pos(pyparse.Offset(len(src))) {
		t.Errorf("Pos does not clamp past the end")
	}
}

// TestRunReadsOtherFiles covers the asmdecl-style fallback for drivers that do not pre-seed the
// result.
func TestRunReadsOtherFiles(t *testing.T) {
	pass := &analysis.Pass{
		Analyzer:   pyinspect.Analyzer,
		Fset:       token.NewFileSet(),
		OtherFiles: []string{"a.py"},
		ReadFile:   func(string) ([]byte, error) { return []byte(src), nil },
	}
	res, err := pyinspect.Analyzer.Run(pass)
	if err != nil {
		t.Fatal(err)
	}
	if r := res.(*pyinspect.Result); r.Path != "a.py" || string(r.File.Src) != src {
		t.Errorf("result %+v", r)
	}
	pass.OtherFiles = nil
	if _, err := pyinspect.Analyzer.Run(pass); err == nil {
		t.Error("no file accepted")
	}
	pass.OtherFiles = []string{"a.py"}
	pass.ReadFile = func(string) ([]byte, error) { return []byte("x\x00"), nil }
	if _, err := pyinspect.Analyzer.Run(pass); err == nil {
		t.Error("binary file accepted")
	}
}
