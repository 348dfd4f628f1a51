package main

import (
	"context"
	"fmt"
	"runtime"
	"runtime/debug"
)

// version is the arraylint release.
const version = "0.1.0"

func init() {
	register(&command{Name: "version", Usage: "version", Summary: "print the version", Run: runVersion})
}

func runVersion(_ context.Context, e *env, args []string) int {
	if len(args) > 0 {
		fmt.Fprintf(e.stderr, "arraylint version: takes no arguments\n")
		return exitError
	}
	rev := ""
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, s := range info.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = " " + s.Value[:12]
			}
		}
	}
	fmt.Fprintf(e.stdout, "arraylint %s%s (%s %s/%s)\n", version, rev, runtime.Version(), runtime.GOOS, runtime.GOARCH)
	return exitOK
}
