// Command arraylint finds memory and performance problems in Python array programs (NumPy, CuPy,
// cuPyNumeric, JAX) before they run.
//
// Usage:
//
//	arraylint check [flags] [PATH...]   check files and directories (default ".")
//	arraylint mem [flags] FILE          estimate a file's peak array memory against a target
//	arraylint server                    run the language server on stdin and stdout
//	arraylint rule CODE|NAME            print a rule's documentation
//	arraylint rule --all [--format json]
//	arraylint completion bash|zsh|fish  print a shell completion script
//	arraylint version
//	arraylint debug ast FILE...         dump the syntax tree as JSON
//
// `arraylint --help` and `arraylint COMMAND -h` print help to standard output.
//
// Exit status: 0 no findings, 1 findings, 2 usage, configuration or internal error.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"slices"
	"sort"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/rules/all"
)

// Exit statuses.
const (
	exitOK       = 0
	exitFindings = 1
	exitError    = 2
)

// command is one subcommand. Each subcommand's file registers itself from init, so new ones
// (mem.go, server.go) plug in without editing this file.
type command struct {
	Name    string
	Usage   string // one line: "check [flags] [PATH...]"
	Summary string
	Run     func(ctx context.Context, env *env, args []string) int
}

var commands = map[string]*command{}

// register adds a subcommand; it panics on a duplicate name (a programming error at init).
func register(c *command) {
	if _, dup := commands[c.Name]; dup {
		panic("arraylint: command " + c.Name + " registered twice")
	}
	commands[c.Name] = c
}

// env is the process environment a command runs in, so tests can run commands in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// stdoutIsTTY enables colour by default.
	stdoutIsTTY bool
}

// testRules are extra rules that test binaries add from an init function; production builds
// never set it.
var testRules []*analyzer.Rule

// rules returns every rule of this binary.
func rules() []*analyzer.Rule {
	return slices.Concat(all.Rules, testRules)
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := &env{stdin: os.Stdin, stdout: os.Stdout, stderr: os.Stderr, getenv: os.Getenv, stdoutIsTTY: isTerminal(os.Stdout)}
	os.Exit(run(ctx, e, os.Args[1:]))
}

func isTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitError
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(e.stdout)
		return exitOK
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(e.stderr, "arraylint: unknown command %q\nRun `arraylint --help` to list the commands.\n", args[0])
		return exitError
	}
	return c.Run(ctx, e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintf(w, "arraylint finds memory and performance problems in Python array programs.\n\nUsage:\n")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := commands[n]
		fmt.Fprintf(w, "  arraylint %-36s %s\n", c.Usage, c.Summary)
	}
	fmt.Fprintf(w, "\nRun `arraylint COMMAND -h` for a command's flags.\n")
}

// listFlag is a repeatable flag whose values may also be comma-separated.
type listFlag []string

// String joins the values with commas (flag.Value).
func (l *listFlag) String() string { return strings.Join(*l, ",") }

// Set appends the comma-separated values of s (flag.Value).
func (l *listFlag) Set(s string) error {
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}
