package driver

import (
	"context"
	"fmt"
	"runtime"
	"sync"

	"github.com/arraylint/arraylint/analyzer"
)

// FileResult is the outcome of checking one file with CheckFiles.
type FileResult struct {
	Path     string
	Src      []byte // nil when the file could not be read
	Findings []analyzer.Finding
	// Err is set when reading the file or loading its configuration failed. A file that could
	// not be read also has its AL904 finding in Findings.
	Err error
}

// CheckFiles reads and checks paths on workers goroutines (GOMAXPROCS when workers <= 0), each
// file with its own configuration from cc, and returns the results in the order of paths. A
// failure on one file (unreadable, bad configuration, a crashing rule) never stops the others.
// Files start only as their estimated memory fits beside the others' (Runner.Admit): peak
// memory is bounded by FileMemoryBudget, or by the largest file's, not by workers × either.
func (rn *Runner) CheckFiles(ctx context.Context, paths []string, cc *ConfigCache, workers int) []FileResult {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	results := make([]FileResult, len(paths))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(workers, len(paths)) {
		wg.Go(func() {
			for i := range next {
				done := rn.Admit(paths[i])
				results[i] = rn.checkFile(ctx, paths[i], cc)
				done()
			}
		})
	}
	for i := range paths {
		if ctx.Err() != nil {
			results[i] = FileResult{Path: paths[i], Err: ctx.Err()}
			continue
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

func (rn *Runner) checkFile(ctx context.Context, path string, cc *ConfigCache) FileResult {
	res := FileResult{Path: path}
	cfg, err := cc.ForFile(path)
	if err != nil {
		res.Err = err
		return res
	}
	src, _, err := ReadFile(path)
	if err != nil {
		res.Err = fmt.Errorf("check %s: %w", path, err)
		res.Findings = []analyzer.Finding{IOErrorFinding(path, "read file", err)}
		return res
	}
	res.Src = src
	if rn.cache != nil {
		res.Findings, res.Err = rn.checkCached(ctx, rn.cache, path, src, cfg)
	} else {
		res.Findings, res.Err = rn.Check(ctx, path, src, cfg)
	}
	return res
}
