// Package udiff renders the change between two versions of a file as a unified diff, the
// output of `check --diff`.
//
// The lines are matched by a shortest edit script (Myers' O(ND) algorithm on the region between
// the common prefix and suffix), so that two fixes far apart give two small hunks even when the
// lines between them repeat elsewhere in the file (two copies of a method): an anchored diff,
// which matches only lines that occur once, shows every line between such fixes as removed and
// added again. An edit script longer than maxEdits lines (a rewrite of the whole file) is not
// searched for: the region is shown as removed and added.
package udiff

import (
	"bytes"
	"fmt"
	"strings"
)

// context is the number of unchanged lines shown around each change.
const context = 3

// maxEdits bounds the search for a shortest edit script: its time and the memory of its rounds
// grow with the square of the number of edits (1,000 edits: a million ints).
const maxEdits = 1000

// Unified returns the unified diff that turns old into new, under a header naming both files,
// or nil when they are equal. A last line without a newline is marked as diff(1) marks it.
func Unified(oldName string, old []byte, newName string, new []byte) []byte {
	if bytes.Equal(old, new) {
		return nil
	}
	a, b := lines(old), lines(new)
	var out bytes.Buffer
	fmt.Fprintf(&out, "diff %s %s\n--- %s\n+++ %s\n", oldName, newName, oldName, newName)
	for _, h := range hunks(script(a, b)) {
		writeHunk(&out, h, a, b)
	}
	return out.Bytes()
}

// lines splits text after each newline; a last line without one carries the marker diff(1)
// prints for it.
func lines(text []byte) []string {
	if len(text) == 0 {
		return nil
	}
	l := strings.SplitAfter(string(text), "\n")
	if l[len(l)-1] == "" {
		return l[:len(l)-1]
	}
	l[len(l)-1] += "\n\\ No newline at end of file\n"
	return l
}

// op is one line of an edit script: kept (a[i] == b[j]), deleted (a[i]) or inserted (b[j]).
type op struct {
	kind byte // ' ', '-', '+'
	i, j int  // the line's index in a and in b (for '-', j is where b stands; for '+', i likewise)
}

// script returns an edit script from a to b with as few deleted and inserted lines as the
// search finds.
func script(a, b []string) []op {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []op
	for k := range pre {
		ops = append(ops, op{' ', k, k})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	matches, ok := shortest(ma, mb)
	if !ok {
		matches = nil // too different: all of the middle is removed and added
	}
	i, j := 0, 0
	emit := func(toI, toJ int) {
		for ; i < toI; i++ {
			ops = append(ops, op{'-', pre + i, pre + j})
		}
		for ; j < toJ; j++ {
			ops = append(ops, op{'+', pre + i, pre + j})
		}
	}
	for _, m := range matches {
		emit(m[0], m[1])
		ops = append(ops, op{' ', pre + i, pre + j})
		i, j = i+1, j+1
	}
	emit(len(ma), len(mb))
	for k := range suf {
		ops = append(ops, op{' ', len(a) - suf + k, len(b) - suf + k})
	}
	return ops
}

// shortest returns the index pairs of the lines a shortest edit script from a to b keeps, in
// order (Myers' greedy algorithm, walking back through the furthest points of each round), or
// false when it takes more than maxEdits edits.
func shortest(a, b []string) ([][2]int, bool) {
	n, m := len(a), len(b)
	if n == 0 || m == 0 {
		return nil, true
	}
	limit := min(n+m, maxEdits)
	off := limit + 1
	v := make([]int, 2*limit+3) // v[off+k]: the furthest x on diagonal k = x - y
	var rounds [][]int          // rounds[d][k+d]: v after round d, for k in [-d, d]
	for d := 0; d <= limit; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				x = v[off+k+1] // an insertion: down from diagonal k+1
			} else {
				x = v[off+k-1] + 1 // a deletion: right from diagonal k-1
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				rounds = append(rounds, append([]int(nil), v[off-d:off+d+1]...))
				return walkBack(rounds, n, m), true
			}
		}
		rounds = append(rounds, append([]int(nil), v[off-d:off+d+1]...))
	}
	return nil, false
}

// walkBack recovers the kept lines from the rounds of shortest, from (n, m) back to (0, 0).
func walkBack(rounds [][]int, n, m int) [][2]int {
	var kept [][2]int
	x, y := n, m
	for d := len(rounds) - 1; d >= 0; d-- {
		k := x - y
		var px, py, sx, sy int // the point round d's edit starts from, and where its snake starts
		if d > 0 {
			px, py = prevPoint(rounds, d, k)
			if px-py == k+1 {
				sx, sy = px, py+1 // an insertion of b[py]
			} else {
				sx, sy = px+1, py // a deletion of a[px]
			}
		}
		for x > sx && y > sy {
			x, y = x-1, y-1
			kept = append(kept, [2]int{x, y})
		}
		x, y = px, py
	}
	for l, r := 0, len(kept)-1; l < r; l, r = l+1, r-1 {
		kept[l], kept[r] = kept[r], kept[l]
	}
	return kept
}

// prevPoint is the furthest point of round d-1 that the edit of round d on diagonal k starts from.
func prevPoint(rounds [][]int, d, k int) (int, int) {
	prev := rounds[d-1]
	at := func(k int) int { return prev[k+d-1] }
	pk := k - 1
	if k == -d || (k != d && at(k-1) < at(k+1)) {
		pk = k + 1
	}
	px := at(pk)
	return px, px - pk
}

// hunk is a run of the script around changes, with its context.
type hunk []op

// hunks groups the changed lines of a script, with context lines around them, into hunks; two
// changes with fewer than 2·context unchanged lines between them share one.
func hunks(ops []op) []hunk {
	var out []hunk
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(0, i-context)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == ' ' {
				run++
			}
			if run == len(ops) || run-end >= 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = run
		}
		out = append(out, hunk(ops[start:end]))
		i = end
	}
	return out
}

// writeHunk prints one hunk: its header (1-based starts; an empty side names the line before
// it) and its lines.
func writeHunk(w *bytes.Buffer, h hunk, a, b []string) {
	na, nb := 0, 0
	for _, o := range h {
		if o.kind != '+' {
			na++
		}
		if o.kind != '-' {
			nb++
		}
	}
	sa, sb := h[0].i, h[0].j
	if na > 0 {
		sa++
	}
	if nb > 0 {
		sb++
	}
	fmt.Fprintf(w, "@@ -%d,%d +%d,%d @@\n", sa, na, sb, nb)
	for _, o := range h {
		switch o.kind {
		case '+':
			w.WriteString("+" + b[o.j])
		case '-':
			w.WriteString("-" + a[o.i])
		default:
			w.WriteString(" " + a[o.i])
		}
	}
}
