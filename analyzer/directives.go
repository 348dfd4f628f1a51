package analyzer

// This file lets components that read `# arraylint: NAME ...` comments declare them, and report
// the malformed ones, so that the driver's suppression parser knows them (AL903).

import (
	"sync"

	"github.com/arraylint/arraylint/pyparse"
)

// directives are the `# arraylint: NAME` comments read outside the suppression machinery; the
// memory estimator reads `target` and `assume`.
var directives = struct {
	sync.RWMutex
	names map[string]bool
}{names: map[string]bool{"target": true, "assume": true}}

// RegisterDirective declares `# arraylint: NAME ...` comments that some component reads, so that
// AL903 does not report them as unknown.
func RegisterDirective(names ...string) {
	directives.Lock()
	defer directives.Unlock()
	for _, n := range names {
		directives.names[n] = true
	}
}

// KnownDirective reports whether `# arraylint: name` is a directive some component reads.
func KnownDirective(name string) bool {
	directives.RLock()
	defer directives.RUnlock()
	return directives.names[name]
}

// DirectiveProblem is a malformed `# arraylint: NAME ...` comment that a component reads (a
// target the memory estimate does not know, an assumption that is not an integer): the range of
// the comment and what is wrong with it.
type DirectiveProblem struct {
	Range pyparse.Range
	Msg   string
}

// DirectiveCheck returns the malformed directives of f that one component reads. The component
// itself ignores a malformed directive (its other settings stand); the driver reports each one
// once, as AL903, however many rules read it.
type DirectiveCheck func(f *pyparse.File) []DirectiveProblem

var directiveChecks struct {
	sync.RWMutex
	list []DirectiveCheck
}

// RegisterDirectiveCheck adds check to those run on every file checked from now on. Call it
// from an init function, next to RegisterDirective.
func RegisterDirectiveCheck(check DirectiveCheck) {
	directiveChecks.Lock()
	defer directiveChecks.Unlock()
	directiveChecks.list = append(directiveChecks.list, check)
}

// DirectiveProblems runs the registered directive checks on f.
func DirectiveProblems(f *pyparse.File) []DirectiveProblem {
	directiveChecks.RLock()
	defer directiveChecks.RUnlock()
	var out []DirectiveProblem
	for _, check := range directiveChecks.list {
		out = append(out, check(f)...)
	}
	return out
}
