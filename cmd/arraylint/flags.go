package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// flagSet is a command's flag set: it reports errors instead of exiting, prints its help to
// standard output when asked (-h, --help) and a one-line error with a hint on a bad flag.
type flagSet struct {
	*flag.FlagSet
	name string
	e    *env
}

// newFlagSet returns the flag set of the registered command name.
func newFlagSet(name string, e *env) *flagSet {
	fs := &flagSet{FlagSet: flag.NewFlagSet("arraylint "+name, flag.ContinueOnError), name: name, e: e}
	fs.SetOutput(io.Discard) // parse errors are reported by parse, help by printHelp
	fs.Usage = func() {}
	return fs
}

// printHelp writes the command's summary, usage line and flags to w.
func (fs *flagSet) printHelp(w io.Writer) {
	usage := fs.name + " [flags]"
	if c, ok := commands[fs.name]; ok {
		usage = c.Usage
		fmt.Fprintf(w, "%s.\n\n", strings.ToUpper(c.Summary[:1])+c.Summary[1:])
	}
	fmt.Fprintf(w, "usage: arraylint %s\n\nFlags:\n", usage)
	fs.SetOutput(w)
	fs.PrintDefaults()
	fs.SetOutput(io.Discard)
}

// parse parses args (flags only) like flag.FlagSet.Parse, reporting -h and errors as parseInterspersed does.
func (fs *flagSet) parse(args []string) error {
	return fs.report(fs.FlagSet.Parse(args))
}

// report prints the help for flag.ErrHelp and a one-line error with a hint for any other error.
func (fs *flagSet) report(err error) error {
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
		fs.printHelp(fs.e.stdout)
	default:
		fmt.Fprintf(fs.e.stderr, "arraylint %s: %v\nRun `arraylint %s -h` to list the flags.\n", fs.name, err, fs.name)
	}
	return err
}

// flagErrorStatus is the exit status after a flag parsing error: 0 for -h/--help, else 2.
func flagErrorStatus(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitError
}

// parseInterspersed parses flags that may come before, between or after positional arguments
// (`arraylint check src --select AL3`); "--" ends the flags.
func parseInterspersed(fs *flagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.FlagSet.Parse(args); err != nil {
			return nil, fs.report(err)
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if len(args) > 0 && len(rest) < len(args) && args[len(args)-len(rest)-1] == "--" {
			return append(pos, rest...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}
