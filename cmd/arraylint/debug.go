package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/arraylint/arraylint/analyzer/driver"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/astjson"
)

func init() {
	register(&command{Name: "debug", Usage: "debug ast|notebook FILE...", Summary: "dump syntax trees, or a notebook's Python program, as JSON (for debugging)", Run: runDebug})
}

func runDebug(_ context.Context, e *env, args []string) int {
	if len(args) >= 2 && args[0] == "notebook" {
		return debugNotebooks(e, args[1:])
	}
	if len(args) < 2 || args[0] != "ast" {
		fmt.Fprintf(e.stderr, "usage: arraylint debug ast|notebook FILE...\n")
		return exitError
	}
	status := exitOK
	for _, path := range args[1:] {
		src, _, err := driver.ReadFile(path) // refuses a pipe or device rather than block on it
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

// debugProgram is what `debug notebook` prints for one notebook: the Python program arraylint
// checks (code cells joined in order, IPython syntax masked) and each code cell's part of it.
type debugProgram struct {
	Path    string      `json:"path"`
	Error   string      `json:"error,omitempty"` // why the file is not read as a notebook
	Program string      `json:"program"`
	Cells   []debugCell `json:"cells"`
}

type debugCell struct {
	Cell   int    `json:"cell"` // 1-based, as check's `cell`
	Source string `json:"source"`
}

// debugNotebooks prints, one JSON object a line, each notebook's program.
func debugNotebooks(e *env, paths []string) int {
	status := exitOK
	enc := json.NewEncoder(e.stdout)
	for _, path := range paths {
		data, _, err := driver.ReadFile(path) // refuses a pipe or device rather than block on it
		if err != nil {
			fmt.Fprintf(e.stderr, "arraylint debug notebook: %v\n", err)
			status = exitError
			continue
		}
		out := debugProgram{Path: path, Cells: []debugCell{}}
		n, bad := driver.ReadNotebook(path, data, nil)
		switch {
		case n != nil:
			out.Program = string(n.Program.Src)
			for _, c := range n.Program.Cells {
				out.Cells = append(out.Cells, debugCell{Cell: c.Index + 1, Source: string(n.Program.Src[c.Start:c.End])})
			}
		case len(bad) > 0:
			out.Error = bad[0].Message
		default:
			out.Error = "not a Python notebook"
		}
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(e.stderr, "arraylint debug notebook: %v\n", err)
			return exitError
		}
	}
	return status
}
