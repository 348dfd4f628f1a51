package driver

// This file implements --add-noqa: a `# noqa: CODE` directive for every finding, so a code base
// can adopt a rule and fix its existing findings later.

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// AddNoqa returns the source of f with a `# noqa: CODE` directive on the line where each
// suppressible finding starts (AL900, AL901, AL903, AL904 cannot be suppressed, and AL902 is
// fixed, not suppressed). A line that already has a `# noqa: …` list gets the missing codes
// appended to it; a bare `# noqa` already covers everything. A line whose end lies inside a
// string or an f-string, or that continues with a backslash, cannot hold a comment: its findings
// are counted in skipped. added counts the codes written. The result is re-parsed, and refused
// if it would have more syntax errors than f.
func AddNoqa(f *pyparse.File, findings []analyzer.Finding) (out []byte, added, skipped int, err error) {
	edits, counts, skipped := noqaEdits(f, findings)
	if len(edits) == 0 {
		return f.Src, 0, skipped, nil
	}
	for _, n := range counts {
		added += n
	}
	out, err = applyNoqa(f, edits)
	if err != nil {
		return nil, 0, 0, err
	}
	return out, added, skipped, nil
}

// applyNoqa applies AddNoqa's edits to f's source, refusing a result that would not parse.
func applyNoqa(f *pyparse.File, edits []analyzer.Edit) ([]byte, error) {
	out, err := ApplyEdits(f.Src, edits)
	if err != nil {
		return nil, err
	}
	nf, err := pyparse.Parse(out)
	if err != nil || len(nf.Errors) > len(f.Errors) {
		return nil, fmt.Errorf("add noqa: the result would not parse; file left as it was")
	}
	return out, nil
}

// noqaEdits returns AddNoqa's edits, the number of codes each writes, and the number of findings
// whose line cannot take a comment.
func noqaEdits(f *pyparse.File, findings []analyzer.Finding) (edits []analyzer.Edit, counts []int, skipped int) {
	byLine := map[int]map[string]bool{}
	for _, fd := range findings {
		if unsuppressible(fd.Code) || fd.Code == UnusedNoqa.Spec.Code || fd.Line < 1 {
			continue
		}
		if byLine[fd.Line] == nil {
			byLine[fd.Line] = map[string]bool{}
		}
		byLine[fd.Line][fd.Code] = true
	}
	if len(byLine) == 0 {
		return nil, nil, 0
	}
	dirs, _ := parseDirectives(f)
	noqaOn := map[int]*directive{}
	for _, d := range dirs {
		if d.kind == lineNoqa && d.label == "`noqa`" {
			noqaOn[d.line] = d
		}
	}
	open := openSpans(f)
	for _, line := range slices.Sorted(maps.Keys(byLine)) {
		codes := byLine[line]
		end := f.Lines.LineEnd(line)
		if insideSpan(open, end) || (end > 0 && f.Src[end-1] == '\\') {
			skipped += len(codes)
			continue
		}
		if d := noqaOn[line]; d != nil {
			if len(d.codes) == 0 {
				continue // a bare noqa suppresses every code already
			}
			var missing []string
			for _, c := range slices.Sorted(maps.Keys(codes)) {
				if !slices.ContainsFunc(d.codes, func(r codeRef) bool { return r.rule != nil && r.rule.Spec.Code == c }) {
					missing = append(missing, c)
				}
			}
			if len(missing) > 0 {
				edits = append(edits, analyzer.Edit{Range: pyparse.Range{Start: d.codesRng.End, End: d.codesRng.End}, NewText: ", " + strings.Join(missing, ", ")})
				counts = append(counts, len(missing))
			}
			continue
		}
		start := end
		for start > f.Lines.LineStart(line) && (f.Src[start-1] == ' ' || f.Src[start-1] == '\t') {
			start--
		}
		sep := "  "
		if start == f.Lines.LineStart(line) {
			sep = ""
		}
		list := slices.Sorted(maps.Keys(codes))
		edits = append(edits, analyzer.Edit{Range: pyparse.Range{Start: start, End: end}, NewText: sep + "# noqa: " + strings.Join(list, ", ")})
		counts = append(counts, len(list))
	}
	return edits, counts, skipped
}

// openSpans returns the byte ranges, in order, inside which a line break does not end a logical
// line that could take a comment: multi-line strings and whole f-strings.
func openSpans(f *pyparse.File) []pyparse.Range {
	var out []pyparse.Range
	depth := 0
	var fstart pyparse.Offset
	for _, t := range f.Tokens {
		switch t.Kind {
		case pyparse.String:
			if depth == 0 {
				out = append(out, t.Range)
			}
		case pyparse.FStringStart:
			if depth == 0 {
				fstart = t.Start
			}
			depth++
		case pyparse.FStringEnd:
			if depth > 0 {
				depth--
				if depth == 0 {
					out = append(out, pyparse.Range{Start: fstart, End: t.End})
				}
			}
		}
	}
	if depth > 0 {
		out = append(out, pyparse.Range{Start: fstart, End: pyparse.Offset(len(f.Src))})
	}
	return out
}

// insideSpan reports whether offset o lies strictly inside one of the ordered spans.
func insideSpan(spans []pyparse.Range, o pyparse.Offset) bool {
	i, _ := slices.BinarySearchFunc(spans, o, func(r pyparse.Range, o pyparse.Offset) int {
		switch {
		case r.End <= o:
			return -1
		case r.Start >= o:
			return 1
		}
		return 0
	})
	return i < len(spans) && spans[i].Start < o && o < spans[i].End
}
