package bindings

import (
	"fmt"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

func TestArgparse(t *testing.T) {
	src := `import argparse
p = argparse.ArgumentParser()
p.add_argument("--grid-size", type=int, default=20000)
p.add_argument("-s", "--steps", default="10", type=int)
p.add_argument("-k", type=float, default=2)
p.add_argument("--name", default="run")
p.add_argument("--fast", action="store_true")
p.add_argument("--slow", action="store_false")
p.add_argument("--opt")
p.add_argument("--must", type=int, required=True)
p.add_argument("file")
p.add_argument("--list", nargs="+", default=[1, 2])
p.add_argument("--x", dest="xdim", type=int, default=7)
p.add_argument("--count", action="count")
q = argparse.ArgumentParser()
q.add_argument("--steps", type=int, default=20)
q.add_argument("--fast", action="store_true")
`
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for name, b := range Argparse(f.Module) {
		got[name] = fmt.Sprintf("%d:%v", b.Value.Kind, valueOf(b))
	}
	want := map[string]string{
		"grid_size": "2:20000", // ConstInt
		"k":         "3:2",     // ConstFloat (type=float)
		"name":      "5:run",
		"fast":      "1:false", // declared twice alike: kept
		"slow":      "1:true",
		"opt":       "0:<nil>", // an optional without default is None
		"xdim":      "2:7",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Argparse =\n %v\nwant\n %v", got, want)
	}
}

func valueOf(b Binding) any {
	switch v := b.Value; v.Kind {
	case 1:
		return v.Bool
	case 2:
		return v.Int
	case 3:
		return v.Float
	case 5:
		return v.Str
	}
	return nil
}
