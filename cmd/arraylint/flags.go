package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// newFlagSet returns a flag set that reports errors instead of exiting; its usage message starts
// with the registered command's usage line.
func newFlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("arraylint "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		usage := name + " [flags]"
		if c, ok := commands[name]; ok {
			usage = c.Usage
			fmt.Fprintf(stderr, "%s.\n\n", strings.ToUpper(c.Summary[:1])+c.Summary[1:])
		}
		fmt.Fprintf(stderr, "usage: arraylint %s\n\nFlags:\n", usage)
		fs.PrintDefaults()
	}
	return fs
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
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
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
