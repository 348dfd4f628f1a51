package driver

// This file parses suppression comments: `# noqa`, `# noqa: AL301,AL303`,
// `# arraylint: ignore[name]`, `# arraylint: skip-file` and
// `# arraylint: file-ignore AL303 -- reason`.

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// directiveKind is the kind of a suppression comment.
type directiveKind uint8

const (
	lineNoqa      directiveKind = iota // # noqa[: codes] and # arraylint: ignore[codes]
	fileIgnoreDir                      // # arraylint: file-ignore codes -- reason
	skipFile                           // # arraylint: skip-file
)

// directive is one suppression comment.
type directive struct {
	kind  directiveKind
	rng   pyparse.Range // the directive text inside the comment
	line  int           // 1-based line of the comment
	codes []codeRef     // empty for a blanket noqa
	used  bool          // a blanket directive suppressed something
	// codesRng is the range of the code list, for rewriting it.
	codesRng pyparse.Range
	// whole is true when the directive is the entire comment.
	whole bool
	// label names the directive in messages: "`noqa`", "`arraylint: ignore`", "`file-ignore`".
	label string
}

// codeRef is one code or name in a directive.
type codeRef struct {
	text string
	rule *analyzer.Rule // nil if unknown
	used bool
	// foreign marks another tool's code or name in a noqa (flake8's E501, pylint's
	// trailing-whitespace): never reported. Inside `arraylint: ignore[...]` nothing is foreign.
	foreign bool
}

// malformed is a directive that could not be used, reported as AL903.
type malformed struct {
	rng pyparse.Range
	msg string
}

var (
	noqaRE      = regexp.MustCompile(`(?i)#\s*noqa\b(?:\s*:\s*([A-Za-z0-9_\-]+(?:[\s,]+[A-Za-z0-9_\-]+)*))?`)
	ignoreRE    = regexp.MustCompile(`#\s*arraylint\s*:\s*ignore\b(\[([^\]]*)\])?`)
	skipFileRE  = regexp.MustCompile(`#\s*arraylint\s*:\s*skip-file\b`)
	fileIgnRE   = regexp.MustCompile(`#\s*arraylint\s*:\s*file-ignore\b\s*([^#]*)`)
	otherDirRE  = regexp.MustCompile(`#\s*arraylint\s*:\s*([A-Za-z_\-]*)`)
	codeSplitRE = regexp.MustCompile(`[\s,]+`)
)

// parseDirectives extracts the suppression directives of a parsed file.
func parseDirectives(f *pyparse.File) (dirs []*directive, bad []malformed) {
	for _, c := range f.Comments {
		raw := f.Src[c.Start:c.End]
		if !bytes.Contains(raw, []byte("noqa")) && !bytes.Contains(raw, []byte("NOQA")) && !bytes.Contains(raw, []byte("arraylint")) {
			continue // fast path, without allocating: almost every comment
		}
		text := string(raw)
		line := f.Lines.Line(c.Start)
		at := func(lo, hi int) pyparse.Range {
			return pyparse.Range{Start: c.Start + pyparse.Offset(lo), End: c.Start + pyparse.Offset(hi)}
		}
		if m := noqaRE.FindStringSubmatchIndex(text); m != nil {
			d := &directive{kind: lineNoqa, label: "`noqa`", rng: at(m[0], m[1]), line: line, whole: m[0] == 0 && strings.TrimSpace(text[m[1]:]) == ""}
			if m[2] >= 0 {
				n := 0
				d.codes, n = codeList(text[m[2]:m[3]])
				d.codesRng = at(m[2], m[2]+n)
				d.rng.End = d.codesRng.End
				d.whole = m[0] == 0 && strings.TrimSpace(text[m[2]+n:]) == ""
			}
			dirs = append(dirs, d)
		}
		matched := false
		if m := ignoreRE.FindStringSubmatchIndex(text); m != nil {
			matched = true
			if m[4] < 0 || strings.TrimSpace(text[m[4]:m[5]]) == "" {
				bad = append(bad, malformed{at(m[0], m[1]), "`arraylint: ignore` needs rule codes or names: `# arraylint: ignore[AL304]`"})
			} else {
				dirs = append(dirs, &directive{kind: lineNoqa, label: "`arraylint: ignore`", rng: at(m[0], m[1]), line: line, codesRng: at(m[4], m[5]),
					codes: refs(text[m[4]:m[5]]), whole: m[0] == 0 && strings.TrimSpace(text[m[1]:]) == ""})
			}
		}
		if m := skipFileRE.FindStringIndex(text); m != nil {
			matched = true
			dirs = append(dirs, &directive{kind: skipFile, rng: at(m[0], m[1]), line: line})
		}
		if m := fileIgnRE.FindStringSubmatchIndex(text); m != nil {
			matched = true
			body := text[m[2]:m[3]]
			codes, reason, hasSep := strings.Cut(body, "--")
			switch {
			case strings.TrimSpace(codes) == "":
				bad = append(bad, malformed{at(m[0], m[1]), "`arraylint: file-ignore` needs rule codes: `# arraylint: file-ignore AL304 -- reason`"})
			case !hasSep || strings.TrimSpace(reason) == "":
				bad = append(bad, malformed{at(m[0], m[1]), "`arraylint: file-ignore` needs a reason after ` -- `"})
			default:
				lead := len(codes) - len(strings.TrimLeft(codes, " \t"))
				trimmed := strings.TrimSpace(codes)
				dirs = append(dirs, &directive{kind: fileIgnoreDir, label: "`file-ignore`", rng: at(m[0], m[1]), line: line,
					codesRng: at(m[2]+lead, m[2]+lead+len(trimmed)), codes: refs(trimmed), whole: m[0] == 0})
			}
		}
		if !matched {
			if m := otherDirRE.FindStringSubmatchIndex(text); m != nil && !analyzer.KnownDirective(text[m[2]:m[3]]) {
				bad = append(bad, malformed{at(m[0], m[1]), "unknown directive `arraylint: " + text[m[2]:m[3]] +
					"`: want ignore[...], skip-file or file-ignore"})
			}
		}
	}
	return dirs, bad
}

var wordRE = regexp.MustCompile(`[A-Za-z0-9_\-]+`)

var codeLikeRE = regexp.MustCompile(`^(?:[A-Z]+[0-9]+|[a-z0-9]+(?:-[a-z0-9]+)+)$`)

// codeList reads the leading codes of a noqa list, stopping at the first word that is not a
// code (ours or another tool's, such as E501) or rule name (so `# noqa: AL304 hot loop` keeps
// its explanation). It returns the codes and
// the length of the text they span.
func codeList(list string) ([]codeRef, int) {
	var out []codeRef
	end := 0
	for _, m := range wordRE.FindAllStringIndex(list, -1) {
		w := list[m[0]:m[1]]
		r := analyzer.Lookup(w)
		if r == nil && !codeLikeRE.MatchString(w) {
			break
		}
		out = append(out, codeRef{text: w, rule: r, foreign: r == nil && !strings.HasPrefix(w, "AL")})
		end = m[1]
	}
	return out, end
}

// directiveProblems runs the registered directive checks on f.
func directiveProblems(f *pyparse.File) []malformed {
	var out []malformed
	for _, p := range analyzer.DirectiveProblems(f) {
		out = append(out, malformed{p.Range, p.Msg})
	}
	return out
}

func refs(list string) []codeRef {
	var out []codeRef
	for _, s := range codeSplitRE.Split(strings.TrimSpace(list), -1) {
		if s != "" {
			out = append(out, codeRef{text: s, rule: analyzer.Lookup(s)})
		}
	}
	return out
}

// suppressions indexes a file's directives for the driver.
type suppressions struct {
	dirs   []*directive
	bad    []malformed
	skip   bool
	byLine map[int][]*directive
	file   []*directive
}

func newSuppressions(f *pyparse.File) *suppressions {
	s := &suppressions{}
	s.dirs, s.bad = parseDirectives(f)
	s.bad = append(s.bad, directiveProblems(f)...)
	for _, d := range s.dirs {
		switch d.kind {
		case skipFile:
			s.skip = true
		case fileIgnoreDir:
			s.file = append(s.file, d)
		case lineNoqa:
			if s.byLine == nil {
				s.byLine = map[int][]*directive{}
			}
			s.byLine[d.line] = append(s.byLine[d.line], d)
		}
	}
	return s
}

// suppressed reports whether a finding of rule code on line is suppressed, marking the
// directives (and codes) that did it as used.
func (s *suppressions) suppressed(code string, line int) bool {
	hit := false
	for _, d := range s.file {
		for i := range d.codes {
			if d.codes[i].rule != nil && d.codes[i].rule.Spec.Code == code {
				d.codes[i].used = true
				hit = true
			}
		}
	}
	for _, d := range s.byLine[line] {
		if len(d.codes) == 0 {
			d.used = true
			hit = true
			continue
		}
		for i := range d.codes {
			if d.codes[i].rule != nil && d.codes[i].rule.Spec.Code == code {
				d.codes[i].used = true
				hit = true
			}
		}
	}
	return hit
}
