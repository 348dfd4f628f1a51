package pyparse_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

var invariantsFull = flag.Bool("invariants.full", false, "TestInvariantsCorpus: check every stdlib file, not every 10th")

func TestInvariantsCorpus(t *testing.T) {
	_, files := stdlibFiles(t)
	if !*invariantsFull {
		files = everyNth(files, 10)
	}
	bad := 0
	for _, p := range files {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, err := pyparse.Parse(src)
		if err != nil {
			continue // NUL bytes or too large: nothing to check
		}
		if err := pyparse.CheckInvariants(f); err != nil {
			bad++
			if bad <= 20 {
				t.Errorf("%s:\n%v", p, err)
			}
		}
	}
	if bad > 0 {
		t.Errorf("%d of %d files break invariants", bad, len(files))
	}
}

// TestCheckInvariantsDetects breaks one promise at a time in an otherwise valid parse and expects
// CheckInvariants to name it.
func TestCheckInvariantsDetects(t *testing.T) {
	const src = "@d\ndef f(a):\n    return gg(a, 1)  # c\n"
	parse := func(t *testing.T) *pyparse.File {
		f, err := pyparse.Parse([]byte(src))
		if err != nil || len(f.Errors) > 0 {
			t.Fatalf("parse: %v %v", err, f.Errors)
		}
		if err := pyparse.CheckInvariants(f); err != nil {
			t.Fatalf("valid parse breaks invariants: %v", err)
		}
		return f
	}
	call := func(f *pyparse.File) *ast.Call {
		return f.Module.Body[0].(*ast.FunctionDef).Body[0].(*ast.Return).Value.(*ast.Call)
	}
	for _, c := range []struct {
		name, want string
		mutate     func(f *pyparse.File)
	}{
		{"child outside parent", "not within its parent", func(f *pyparse.File) {
			call(f).Args[1].(*ast.Constant).End = call(f).End + 1
		}},
		{"node outside source", "outside the", func(f *pyparse.File) {
			f.Module.Body[0].(*ast.FunctionDef).End = ast.Offset(len(src) + 5)
		}},
		{"siblings overlap", "overlap", func(f *pyparse.File) {
			call(f).Args[0].(*ast.Name).End = call(f).Args[1].Span().Start + 1
		}},
		{"boundary inside token", "ends inside token", func(f *pyparse.File) {
			call(f).Func.(*ast.Name).End-- // "gg" now ends between its two letters
		}},
		{"decorator after def", "decorator", func(f *pyparse.File) {
			fd := f.Module.Body[0].(*ast.FunctionDef)
			fd.DecoratorList[0].(*ast.Name).Range = ast.Range{Start: fd.Start + 1, End: fd.Start + 2}
		}},
		{"tokens out of order", "starts before the previous token", func(f *pyparse.File) {
			f.Tokens[2], f.Tokens[3] = f.Tokens[3], f.Tokens[2]
		}},
		{"comment inside a token", "overlaps token", func(f *pyparse.File) {
			f.Comments[0].Start -= 3
		}},
		{"errors out of order", "not after the previous", func(f *pyparse.File) {
			f.Errors = []pyparse.Error{{Range: ast.Range{Start: 5, End: 6}, Msg: "b"}, {Range: ast.Range{Start: 2, End: 3}, Msg: "a"}}
		}},
		{"typed nil child", "panicked", func(f *pyparse.File) {
			call(f).Args[0] = (*ast.Name)(nil)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := parse(t)
			c.mutate(f)
			err := pyparse.CheckInvariants(f)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want an error containing %q", err, c.want)
			}
		})
	}
	if err := pyparse.CheckInvariants(nil); err == nil {
		t.Error("CheckInvariants(nil): want an error")
	}
}
