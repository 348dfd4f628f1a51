package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// This file defines --watch for `check` and `mem`, as Ruff's: run once, then again whenever a
// Python file or a configuration file under the given paths changes, until interrupted. It polls
// (standard library only): every watchInterval it compares each watched file's size and
// modification time with the previous pass's.

// watchInterval is how often the watched files are polled; tests shorten it.
var watchInterval = 500 * time.Millisecond

// watchArgs reports whether args (a command's arguments, before any "--") ask for --watch, and
// returns them without it, for the runs the watch loop makes.
func watchArgs(args []string) (watch bool, rest []string) {
	for i, a := range args {
		if a == "--" {
			return watch, append(rest, args[i:]...)
		}
		switch a {
		case "--watch", "-watch", "--watch=true", "-watch=true":
			watch = true
		case "--watch=false", "-watch=false":
		default:
			rest = append(rest, a)
		}
	}
	return watch, rest
}

// fileStamp is what a pass records of one watched file.
type fileStamp struct {
	size    int64
	modTime time.Time
}

// watchedName reports whether a file's changes re-run the command: Python sources, notebooks and
// the files that configure them.
func watchedName(name string) bool {
	switch name {
	case "pyproject.toml", "arraylint.toml", ".gitignore":
		return true
	}
	return strings.HasSuffix(name, ".py") || strings.HasSuffix(name, ".pyi") || strings.HasSuffix(name, ".ipynb")
}

// snapshotFiles stamps the watched files under roots: a root that is a file is watched whatever
// its name; directories are walked, skipping VCS and cache directories, node_modules and virtual
// environments. A root that does not exist (yet) is simply absent.
func snapshotFiles(roots []string) map[string]fileStamp {
	out := map[string]fileStamp{}
	for _, root := range roots {
		info, err := os.Stat(root)
		if err != nil {
			continue
		}
		if !info.IsDir() {
			out[root] = fileStamp{info.Size(), info.ModTime()}
			continue
		}
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil // unreadable: nothing to watch there
			}
			if d.IsDir() {
				if p != root && skipWatchDir(p, d.Name()) {
					return filepath.SkipDir
				}
				return nil
			}
			if !d.Type().IsRegular() || !watchedName(d.Name()) {
				return nil
			}
			if info, err := d.Info(); err == nil {
				out[p] = fileStamp{info.Size(), info.ModTime()}
			}
			return nil
		})
	}
	return out
}

// skipWatchDir reports whether a directory holds nothing the command checks.
func skipWatchDir(path, name string) bool {
	if strings.HasPrefix(name, ".") || name == "__pycache__" || name == "node_modules" {
		return true
	}
	_, err := os.Stat(filepath.Join(path, "pyvenv.cfg"))
	return err == nil
}

// changedFiles lists the paths whose stamp differs between two passes (added, removed or
// modified), sorted.
func changedFiles(old, cur map[string]fileStamp) []string {
	var out []string
	for p, s := range cur {
		if o, ok := old[p]; !ok || o != s {
			out = append(out, p)
		}
	}
	for p := range old {
		if _, ok := cur[p]; !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}

// watchLoop calls run, then calls it again after each change to the watched files under roots,
// until ctx is done (Ctrl-C). It returns the last run's exit status.
func watchLoop(ctx context.Context, e *env, name string, roots []string, run func() int) int {
	clear := func() {
		if e.stdoutIsTTY {
			fmt.Fprint(e.stdout, "\x1b[2J\x1b[H")
		}
	}
	stamps := snapshotFiles(roots)
	clear()
	code := run()
	fmt.Fprintf(e.stderr, "arraylint %s: watching %s for changes (Ctrl-C to stop)\n", name, strings.Join(roots, ", "))
	tick := time.NewTicker(watchInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return code
		case <-tick.C:
		}
		cur := snapshotFiles(roots)
		changed := changedFiles(stamps, cur)
		stamps = cur
		if len(changed) == 0 {
			continue
		}
		clear()
		fmt.Fprintf(e.stderr, "arraylint %s: %s changed at %s, running again\n", name, describeChanged(changed), time.Now().Format("15:04:05"))
		code = run()
		// The run may have written files (--fix): their new stamps are not a change to react to.
		stamps = snapshotFiles(roots)
		fmt.Fprintf(e.stderr, "arraylint %s: watching for changes (Ctrl-C to stop)\n", name)
	}
}

// describeChanged names the changed files, or the first and how many more.
func describeChanged(paths []string) string {
	if len(paths) == 1 {
		return paths[0]
	}
	return fmt.Sprintf("%s and %d more files", paths[0], len(paths)-1)
}
