package memory

// This file maps a report on a Jupyter notebook from lines of the program its code cells make
// (the cells joined in order) to cells and lines in them, as `check` numbers them.

import "fmt"

// CellOrderNote is the warning a notebook's report carries: the estimate is of one run of the
// code cells, top to bottom.
const CellOrderNote = "the estimate runs each code cell once, top to bottom; re-running cells or running them out of order changes the peak"

// InCells rewrites the peak's, the buffers', the timeline's and the out-of-memory allocation's
// lines of reports on a notebook's program to lines of its cells, and sets their cells (1-based,
// as Finding.Cell). at maps a program line to its cell and line in the cell; lines it cannot
// place (0) stay as they are. Other lines (unknown sizes, loops that grow, symbols) still count
// in the program.
func InCells(reports []*Report, at func(line int) (cell, cellLine int)) {
	mapLine := func(line *int, cell *int) {
		if *line <= 0 {
			return
		}
		if c, l := at(*line); c > 0 {
			*cell, *line = c, l
		}
	}
	mapLive := func(l *Live) { mapLine(&l.Line, &l.Cell) }
	for _, r := range reports {
		r.CellOrder = CellOrderNote
		mapLine(&r.PeakLine, &r.PeakCell)
		for i := range r.LiveAtPeak {
			mapLive(&r.LiveAtPeak[i])
		}
		for i := range r.Buffers {
			mapLive(&r.Buffers[i].Live)
		}
		if r.Largest != nil {
			mapLive(r.Largest)
		}
		for i := range r.Timeline {
			mapLine(&r.Timeline[i].Line, &r.Timeline[i].Cell)
		}
		if r.OOM != nil {
			mapLine(&r.OOM.Line, &r.OOM.Cell)
		}
	}
}

// lineText is "line 12", or "cell 4, line 12" for a line of a notebook's cell.
func lineText(cell, line int) string {
	if cell > 0 {
		return fmt.Sprintf("cell %d, line %d", cell, line)
	}
	return fmt.Sprintf("line %d", line)
}

// lineShort is "12", or "cell 4:12" for a line of a notebook's cell (the tables' line column).
func lineShort(cell, line int) string {
	if cell > 0 {
		return fmt.Sprintf("cell %d:%d", cell, line)
	}
	return fmt.Sprint(line)
}
