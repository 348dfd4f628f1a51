package notebook

// This file defines Program, the Python program a notebook's code cells make in order, and the
// mapping of its offsets back to cells, also while fixes edit it.

import (
	"fmt"
	"sort"
)

// Program is the Python source of a notebook's code cells joined in order.
type Program struct {
	// Src is the joined, masked source: each cell's text, then a line break when the text does
	// not end in one.
	Src []byte
	// Cells are the code cells, in order.
	Cells []ProgramCell
}

// ProgramCell is one code cell's place in a Program.
type ProgramCell struct {
	// Index is the cell's index in Notebook.Cells (its 1-based number is Index+1).
	Index int
	// Start and End delimit the cell's text in Src; the line break added after a cell that does
	// not end in one lies outside.
	Start, End int
	// Masks are the masked spans, offsets relative to Start.
	Masks []Mask
}

// Program builds the notebook's Python program. Cells that are not code are left out.
func (nb *Notebook) Program() *Program {
	p := &Program{}
	for i, c := range nb.Cells {
		if c.Type != "code" {
			continue
		}
		text, masks := MaskCell(c.Source)
		pc := ProgramCell{Index: i, Start: len(p.Src), Masks: masks}
		p.Src = append(p.Src, text...)
		pc.End = len(p.Src)
		if text != "" && text[len(text)-1] != '\n' {
			p.Src = append(p.Src, '\n')
		}
		p.Cells = append(p.Cells, pc)
	}
	return p
}

// Locate returns the index into p.Cells of the cell holding offset off of Src, and off relative
// to that cell's start, clamped to the cell's text. An offset in the line break added after a
// cell, or at the end of Src, belongs to the cell before it. It returns -1 when there are no
// code cells.
func (p *Program) Locate(off int) (cell, rel int) {
	if len(p.Cells) == 0 {
		return -1, 0
	}
	i := sort.Search(len(p.Cells), func(i int) bool { return p.Cells[i].Start > off }) - 1
	i = max(i, 0) // an empty cell shares its start with the next: the later one is chosen
	c := p.Cells[i]
	return i, min(max(off-c.Start, 0), c.End-c.Start)
}

// LocateEnd is Locate for the end of a range starting in cell: it stays in that cell, clamped to
// its text.
func (p *Program) LocateEnd(cell, off int) int {
	c := p.Cells[cell]
	return min(max(off-c.Start, 0), c.End-c.Start)
}

// Edit is a replacement of Src[Start:End] by a text of NewLen bytes.
type Edit struct {
	Start, End, NewLen int
}

// Tracker follows a Program's cells and masks while fixes edit its source, so the edited source
// can be split back into cells.
type Tracker struct {
	p      *Program
	starts []int   // each cell's start
	ends   []int   // each cell's text end
	masks  [][]int // each mask's absolute offset, per cell
}

// NewTracker starts tracking p.
func NewTracker(p *Program) *Tracker {
	t := &Tracker{p: p}
	for _, c := range p.Cells {
		t.starts = append(t.starts, c.Start)
		t.ends = append(t.ends, c.End)
		var ms []int
		for _, m := range c.Masks {
			ms = append(ms, c.Start+m.Offset)
		}
		t.masks = append(t.masks, ms)
	}
	return t
}

// Allow reports whether edits, of the current source, stay each inside one cell's text and off
// every masked span, so that the cells can be recovered afterwards.
func (t *Tracker) Allow(edits []Edit) bool {
	for _, e := range edits {
		ok := false
		for i := range t.starts {
			if t.starts[i] <= e.Start && e.End <= t.ends[i] {
				ok = true
				for k, m := range t.masks[i] {
					n := len(t.p.Cells[i].Masks[k].Orig)
					if e.Start < m+n && m < e.End {
						return false
					}
				}
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// Applied moves the cells and masks past edits, which Allow accepted and which were applied
// together to the current source.
func (t *Tracker) Applied(edits []Edit) {
	shift := func(p int, before func(e Edit) bool) int {
		d := 0
		for _, e := range edits {
			if before(e) {
				d += e.NewLen - (e.End - e.Start)
			}
		}
		return p + d
	}
	oldStarts := append([]int(nil), t.starts...)
	for i := range t.starts {
		s, en := oldStarts[i], t.ends[i]
		// Text inserted where one cell ends and the next starts belongs to the next cell; text
		// inserted at the end of a cell followed by an added line break, to the cell.
		shared := i+1 < len(oldStarts) && oldStarts[i+1] == en
		t.starts[i] = shift(s, func(e Edit) bool { return e.Start < s })
		t.ends[i] = shift(en, func(e Edit) bool { return e.Start < en || e.Start == en && !shared })
		for k, m := range t.masks[i] {
			t.masks[i][k] = shift(m, func(e Edit) bool { return e.End <= m })
		}
	}
}

// Sources splits src, the edited program, back into cell sources with the masks undone, keyed
// by the index into Notebook.Cells.
func (t *Tracker) Sources(src []byte) (map[int]string, error) {
	out := map[int]string{}
	for i, c := range t.p.Cells {
		s, e := t.starts[i], t.ends[i]
		if s < 0 || e < s || e > len(src) {
			return nil, fmt.Errorf("split notebook cell %d: range [%d,%d) outside the %d-byte program", c.Index+1, s, e, len(src))
		}
		text := []byte(string(src[s:e]))
		for k, m := range c.Masks {
			at := t.masks[i][k] - s
			if at < 0 || at+len(m.Orig) > len(text) {
				return nil, fmt.Errorf("split notebook cell %d: a masked span moved out of the cell", c.Index+1)
			}
			copy(text[at:], m.Orig)
		}
		out[c.Index] = string(text)
	}
	return out, nil
}
