package absint

import (
	"fmt"
	"testing"

	"github.com/arraylint/arraylint/pyparse/ast"
)

// forkSrc sets up a module with an array, a list of arrays and a number, and defines the
// blocks the tests run on forks: each def's body runs as a block in the fork's top frame.
const forkSrc = `import numpy as np
a = np.zeros(10)
L = [np.zeros(3), np.zeros(4)]
n = 7
def write():
    x = np.ones(5)
    y = x
    L.append(np.ones(2))
    global n
    n = 8
    del x
def writeOther():
    x = np.ones(6)
    L.append(np.ones(9))
    L.append(np.ones(9))
def setup():
    x = np.zeros((3, 3))
def touchTop():
    z = x
def readAll():
    ra = a
    rl = len(L)
    rn = n
    rx = x
`

// forkSetup runs forkSrc's module body, then enters a function frame (as a call inlined from
// the module does) that binds x to an array of shape (3, 3): the state the tests fork.
func forkSetup(t *testing.T) (*Interp, map[string][]ast.Stmt) {
	t.Helper()
	f := parse(t, forkSrc)
	s := New(Config{File: f, Strategy: Simulate})
	s.RunModule()
	defs := map[string][]ast.Stmt{}
	for _, st := range f.Module.Body {
		if d, ok := st.(*ast.FunctionDef); ok {
			defs[d.Name] = d.Body
		}
	}
	fr := &frame{vars: map[string]value{}, globals: map[string]bool{}}
	s.frames = append(s.frames, fr)
	s.execBlock(defs["setup"])
	return s, defs
}

// state describes what s's frames hold: the module's a, L (its length) and n, and the top
// frame's names with their values.
func state(s *Interp) string {
	m := s.module.own().vars
	out := fmt.Sprintf("a=%s len(L)=%d n=%s |", describe(m["a"]), len(m["L"].(vList).l.elts), describe(m["n"]))
	top := s.top().vars
	for _, k := range []string{"x", "y", "ra", "rl", "rn", "rx"} {
		if v, ok := top[k]; ok {
			out += " " + k + "=" + describe(v)
		}
	}
	return out
}

func describe(v value) string {
	switch v := v.(type) {
	case vArray:
		return v.o.shape.String() + fmt.Sprintf("/refs %d", v.o.refs)
	case vInt:
		if v.known {
			return fmt.Sprint(v.n)
		}
	}
	return fmt.Sprintf("%T", v)
}

// TestForkWritesStayInTheFork runs writes on a fork (a new local, a rebinding and deletion,
// a list append, a global rebinding) and on a sibling fork: neither the state forked from
// nor the other fork sees them, and reads on a fork see the forked state's values.
func TestForkWritesStayInTheFork(t *testing.T) {
	s, defs := forkSetup(t)
	before := state(s)
	const want = "a=(10,)/refs 1 len(L)=2 n=7 | x=(3, 3)/refs 1"
	if before != want {
		t.Fatalf("set-up state = %q, want %q", before, want)
	}

	p := s.fork()
	p.execBlock(defs["write"])
	if got, want := state(p), "a=(10,)/refs 1 len(L)=3 n=8 | y=(5,)/refs 1"; got != want {
		t.Errorf("fork after its writes = %q, want %q", got, want)
	}
	if got := state(s); got != before {
		t.Errorf("state forked from after the fork's writes = %q, want %q", got, before)
	}

	q := s.fork()
	q.execBlock(defs["readAll"])
	if got, want := state(q), "a=(10,)/refs 2 len(L)=2 n=7 | x=(3, 3)/refs 2 ra=(10,)/refs 2 rl=2 rn=7 rx=(3, 3)/refs 2"; got != want {
		t.Errorf("sibling fork's reads = %q, want %q", got, want)
	}
	q.execBlock(defs["writeOther"])
	if got, want := state(q), "a=(10,)/refs 2 len(L)=4 n=7 | x=(6,)/refs 1 ra=(10,)/refs 2 rl=2 rn=7 rx=(3, 3)/refs 1"; got != want {
		t.Errorf("sibling fork after its writes = %q, want %q", got, want)
	}
	if got, want := state(p), "a=(10,)/refs 1 len(L)=3 n=8 | y=(5,)/refs 1"; got != want {
		t.Errorf("first fork after its sibling's writes = %q, want %q", got, want)
	}
	if got := state(s); got != before {
		t.Errorf("state forked from after both forks = %q, want %q", got, before)
	}
}

// TestForkOfForkReadsTheOriginal forks a fork before the fork touched any frame: the second
// fork reads the first state's values, and its writes reach neither the first fork nor the
// state both came from.
func TestForkOfForkReadsTheOriginal(t *testing.T) {
	s, defs := forkSetup(t)
	before := state(s)
	p := s.fork()
	if p.frames[0].from == nil || p.frames[1].from == nil {
		t.Fatalf("a fork's frames are copied at the fork, want them copied on first use")
	}
	q := p.fork()
	q.execBlock(defs["readAll"])
	if got, want := state(q), "a=(10,)/refs 2 len(L)=2 n=7 | x=(3, 3)/refs 2 ra=(10,)/refs 2 rl=2 rn=7 rx=(3, 3)/refs 2"; got != want {
		t.Errorf("fork of a fork's reads = %q, want %q", got, want)
	}
	q.execBlock(defs["write"])
	if got, want := state(p), before; got != want {
		t.Errorf("fork after its own fork's writes = %q, want %q", got, want)
	}
	if got := state(s); got != before {
		t.Errorf("state forked from after a fork of its fork wrote = %q, want %q", got, before)
	}
}

// TestForkCopiesOnlyTheFramesItUses runs, on a fork, a block that reads and writes only the
// top frame's names: the module frame under it is never copied.
func TestForkCopiesOnlyTheFramesItUses(t *testing.T) {
	s, defs := forkSetup(t)
	p := s.fork()
	p.execBlock(defs["touchTop"])
	if p.frames[0].from == nil {
		t.Errorf("the module frame was copied by a block that does not use it")
	}
	if p.frames[1].from != nil {
		t.Errorf("the top frame was not copied by a block that writes it")
	}
	if _, ok := s.top().vars["z"]; ok {
		t.Errorf("the fork's binding of z shows in the state forked from")
	}
}
