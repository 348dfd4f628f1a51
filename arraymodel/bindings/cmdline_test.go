package bindings

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/pyparse"
)

// program declares the options the command-line tests parse: optionals of each action, a
// prefix-sharing pair, and positionals with nargs.
const program = `import argparse
p = argparse.ArgumentParser()
p.add_argument("--grid-size", type=int, default=20000)
p.add_argument("-s", "--steps", type=int, default=10)
p.add_argument("--step-size", type=float, default=0.5)
p.add_argument("-k", type=float, default=2)
p.add_argument("--name", default="run")
p.add_argument("--fast", action="store_true")
p.add_argument("--level", action="store_const", const=3, default=0)
p.add_argument("-v", action="count", default=0)
p.add_argument("--dims", nargs="+", type=int)
p.add_argument("--mode", nargs="?", const="all", default="none")
p.add_argument("--shift", type=int, default=0)
p.add_argument("size")
p.add_argument("extra", nargs="*")
args = p.parse_args()
`

// parsed renders ParseCommandLine's result: name=value(source), sorted; "?" for unknown.
func parsed(t *testing.T, src string, argv ...string) (string, error) {
	t.Helper()
	f, err := pyparse.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m, err := ParseCommandLine(f.Module, argv)
	if err != nil {
		return "", err
	}
	var out []string
	for name, b := range m {
		v := fmt.Sprint(valueOf(b))
		if b.Unknown {
			v = "?"
		}
		src := ""
		if b.Source == CommandLine {
			src = "*"
		}
		out = append(out, name+"="+v+src)
	}
	sort.Strings(out)
	return strings.Join(out, " "), nil
}

func TestParseCommandLine(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want string // the values set from the command line are marked *
	}{
		{[]string{"16*16"}, // extra: an empty list, as argparse gives a '*' positional
			"extra=?* fast=false grid_size=20000 k=2 level=0 mode=none name=run shift=0 size=16*16* step_size=0.5 steps=10 v=0"},
		{[]string{"--grid-size", "40000", "-s5", "8"},
			"extra=?* fast=false grid_size=40000* k=2 level=0 mode=none name=run shift=0 size=8* step_size=0.5 steps=5* v=0"},
		{[]string{"--grid=300", "--steps=7", "-k", "1e3", "x", "a", "b"}, // a unique prefix; extras
			"extra=?* fast=false grid_size=300* k=1000* level=0 mode=none name=run shift=0 size=x* step_size=0.5 steps=7* v=0"},
		{[]string{"--fast", "--level", "-v", "-v", "--mode", "--", "y"},
			"extra=?* fast=true* grid_size=20000 k=2 level=3* mode=all* name=run shift=0 size=y* step_size=0.5 steps=10 v=2*"},
		{[]string{"--dims", "3", "4", "--shift", "-2", "z"}, // a negative number is a value
			"dims=?* extra=?* fast=false grid_size=20000 k=2 level=0 mode=none name=run shift=-2* size=z* step_size=0.5 steps=10 v=0"},
	} {
		got, err := parsed(t, program, tc.argv...)
		if err != nil {
			t.Errorf("%q: %v", tc.argv, err)
			continue
		}
		if got != tc.want {
			t.Errorf("%q:\n got %s\nwant %s", tc.argv, got, tc.want)
		}
	}
}

func TestParseCommandLineRefuses(t *testing.T) {
	for _, tc := range []struct {
		src  string
		argv []string
		want string
	}{
		{program, nil, "the following arguments are required: size"},
		{program, []string{"8", "--nope", "1"}, "unrecognized arguments: --nope"},
		{program, []string{"8", "--st", "1"}, "ambiguous option: --st could match --steps, --step-size"},
		{program, []string{"8", "--grid-size"}, "argument --grid-size: expected one argument"},
		{program, []string{"8", "--grid-size", "big"}, "argument --grid-size: invalid int value: 'big'"},
		{program, []string{"8", "--fast=1"}, "argument --fast: ignored explicit argument '1'"},
		{program, []string{"8", "--dims"}, "argument --dims: expected at least one argument"},
		{program, []string{"-h"}, "-h: the program would print its help and exit"},
		{"import argparse\np = argparse.ArgumentParser()\np.add_argument('--n', type=int, required=True)\n", nil,
			"the following arguments are required: --n"},
		{"import argparse\np = argparse.ArgumentParser()\np.add_argument('n', type=int)\n", []string{"1", "2"},
			"unrecognized arguments: 2"},
		{"import argparse\np = argparse.ArgumentParser()\np.add_argument(*names)\n", nil,
			"an add_argument call whose option names are not string literals"},
		{"import argparse\np = argparse.ArgumentParser()\ns = p.add_subparsers()\n", nil,
			"the program's parser has subcommands, which arraylint does not parse; bind the options with --assume"},
		{"import argparse\np = argparse.ArgumentParser()\nq = argparse.ArgumentParser()\n", nil,
			"the program makes 2 argparse parsers; bind the options with --assume"},
	} {
		_, err := parsed(t, tc.src, tc.argv...)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %q", tc.argv, err, tc.want)
		}
	}
}
