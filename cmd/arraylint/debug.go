package main

import (
	"context"
	"fmt"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

func init() {
	register(&command{Name: "debug", Usage: "debug ast FILE...", Summary: "dump syntax trees as JSON (for parser debugging)", Run: runDebug})
}

func runDebug(_ context.Context, e *env, args []string) int {
	if len(args) < 2 || args[0] != "ast" {
		fmt.Fprintf(e.stderr, "usage: arraylint debug ast FILE...\n")
		return exitError
	}
	status := exitOK
	for _, path := range args[1:] {
		src, _, err := analyzer.ReadFile(path) // refuses a pipe or device rather than block on it
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint debug ast: %v\n", err)
			status = exitError
			continue
		}
		f, perr := pyparse.Parse(src)
		if err := astjson.Encode(e.stdout, path, f, perr); err != nil {
			fmt.Fprintf(e.stderr, "arraylint debug ast: encode %s: %v\n", path, err)
			status = exitError
		}
	}
	return status
}
