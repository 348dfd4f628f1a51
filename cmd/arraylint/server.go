package main

import (
	"context"
	"fmt"

	"github.com/arraylint/arraylint/lsp"
)

func init() {
	register(&command{Name: "server", Usage: "server [--stdio] [--diagnostics-delay D]",
		Summary: "run the language server (LSP 3.17) on stdin and stdout", Run: runServer})
}

// runServer serves LSP on the process's stdin and stdout until the client sends exit: status 0
// after shutdown, 1 otherwise (as the specification asks).
func runServer(ctx context.Context, e *env, args []string) int {
	fs := newFlagSet("server", e)
	fs.Bool("stdio", true, "speak LSP over stdin and stdout (the only transport; accepted because clients pass it)")
	delay := fs.Duration("diagnostics-delay", lsp.DefaultSlowDelay, "how long after an edit the memory rules run")
	if err := fs.parse(args); err != nil {
		return flagErrorStatus(err)
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(e.stderr, "arraylint server: unexpected arguments %q\n", fs.Args())
		return exitError
	}
	srv, err := lsp.NewServer(lsp.Options{Rules: rules(), SlowDelay: *delay, Version: version})
	if err != nil {
		fmt.Fprintf(e.stderr, "arraylint server: %v\n", err)
		return exitError
	}
	return srv.Serve(ctx, e.stdin, e.stdout)
}
