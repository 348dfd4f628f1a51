package bindings

import (
	"maps"

	"github.com/arraylint/arraylint/pyparse"
)

// This file names where a binding's value comes from (Binding.Source, the memory report's
// symbols[].source) and says, for each assumed name, which layer of the assumptions gave it.

// The sources of a binding.
const (
	// Assume is a value given on the command line (`--assume N=10_000`) or by an editor.
	Assume = "assume"
	// Config is a value of [tool.arraylint.memory.assume].
	Config = "config"
	// Comment is a value of an `# arraylint: assume N=10_000` comment of the file.
	Comment = "comment"
	// ArgparseDefault is the default of an argparse option (`args.size`).
	ArgparseDefault = "argparse-default"
	// CommandLine is the value an argparse option takes from the program's command line as
	// the user gives it (`arraylint mem prog.py -- --size 40000`).
	CommandLine = "command-line"
	// ParameterDefault is the default of a parameter of a function estimated on its own.
	ParameterDefault = "parameter-default"
	// Constant is a module constant read by a function estimated on its own (`N = 4096`).
	Constant = "constant"
	// CallSite is the constant the only call of a function in its file passes for a parameter.
	CallSite = "call-site"
	// Convention is an array-module parameter taken by its name (`def run(np, n)`).
	Convention = "convention"
)

// Origin is where an assumed value comes from: Assume, Config or Comment, and for a comment
// the line it is on.
type Origin struct {
	Source string
	Line   int
}

// ResolveAssumeOrigins is ResolveAssume that also says where each value comes from.
func ResolveAssumeOrigins(f *pyparse.File, flags, config map[string]int64) (map[string]int64, map[string]Origin, error) {
	out := maps.Clone(config)
	if out == nil {
		out = map[string]int64{}
	}
	origins := make(map[string]Origin, len(out))
	for k := range config {
		origins[k] = Origin{Source: Config}
	}
	if f != nil {
		c, lines, _ := assumeComments(f) // a comment that does not parse is AL903's, and left out
		maps.Copy(out, c)
		for k := range c {
			origins[k] = Origin{Source: Comment, Line: lines[k]}
		}
	}
	maps.Copy(out, flags)
	for k := range flags {
		origins[k] = Origin{Source: Assume}
	}
	return out, origins, nil
}

// CommentOrigins returns the origin of each name the file's `# arraylint: assume` comments bind
// (the last comment binding a name wins, as in AssumeComments); names whose comment does not
// parse are left out.
func CommentOrigins(f *pyparse.File) map[string]Origin {
	out := map[string]Origin{}
	if f == nil {
		return out
	}
	_, lines, _ := assumeComments(f)
	for k, l := range lines {
		out[k] = Origin{Source: Comment, Line: l}
	}
	return out
}
