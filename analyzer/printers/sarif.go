package printers

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
	"github.com/arraylint/arraylint/pyparse"
)

// sarifPrinter writes one SARIF 2.1.0 log with a run for arraylint. Columns are 1-based code
// points (columnKind unicodeCodePoints) when the source is available, byte columns otherwise.
type sarifPrinter struct {
	opts  Options
	lines *lineCache
}

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool       sarifTool     `json:"tool"`
	ColumnKind string        `json:"columnKind"`
	Results    []sarifResult `json:"results"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name           string      `json:"name"`
	Version        string      `json:"version,omitempty"`
	InformationURI string      `json:"informationUri"`
	Rules          []sarifRule `json:"rules"`
}

type sarifText struct {
	Text string `json:"text"`
}

// sarifMessage is a multiformatMessageString: plain text plus optional Markdown.
type sarifMessage struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

type sarifRule struct {
	ID                   string          `json:"id"`
	Name                 string          `json:"name"`
	ShortDescription     sarifText       `json:"shortDescription"`
	HelpURI              string          `json:"helpUri,omitempty"`
	Help                 sarifMessage    `json:"help"`
	DefaultConfiguration sarifRuleConfig `json:"defaultConfiguration"`
	Properties           map[string]any  `json:"properties,omitempty"`
}

type sarifRuleConfig struct {
	Level string `json:"level"`
}

type sarifResult struct {
	RuleID           string          `json:"ruleId"`
	RuleIndex        int             `json:"ruleIndex"`
	Level            string          `json:"level"`
	Message          sarifText       `json:"message"`
	Locations        []sarifLocation `json:"locations"`
	RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	Fixes            []sarifFix      `json:"fixes,omitempty"`
}

type sarifLocation struct {
	ID               *int                  `json:"id,omitempty"`
	PhysicalLocation sarifPhysicalLocation `json:"physicalLocation"`
	Message          *sarifText            `json:"message,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
	EndLine     int `json:"endLine"`
	EndColumn   int `json:"endColumn"`
	// Properties name, in a notebook, the 1-based cell the lines and columns count in.
	Properties *sarifCell `json:"properties,omitempty"`
}

// sarifCell is the property bag of a region in a notebook cell.
type sarifCell struct {
	Cell int `json:"cell"`
}

type sarifFix struct {
	Description     sarifText             `json:"description"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifact      `json:"artifactLocation"`
	Replacements     []sarifReplacement `json:"replacements"`
}

type sarifReplacement struct {
	DeletedRegion   sarifRegion `json:"deletedRegion"`
	InsertedContent sarifText   `json:"insertedContent"`
}

func sarifLevel(s analyzer.Severity) string {
	switch s {
	case analyzer.Error:
		return "error"
	case analyzer.Warning:
		return "warning"
	}
	return "note"
}

// uri turns a path into a relative or file URI reference.
func sarifURI(path string) string {
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) {
		return (&url.URL{Scheme: "file", Path: p}).String()
	}
	return (&url.URL{Path: p}).String()
}

func (p *sarifPrinter) region(path string, cell int, rng pyparse.Range, line, col, endLine, endCol int) sarifRegion {
	r := sarifRegion{line, col, endLine, endCol, nil}
	if x, _ := p.lines.getCell(path, cell); x != nil {
		l, c := x.LineColRune(rng.Start)
		el, ec := x.LineColRune(rng.End)
		r = sarifRegion{l, c + 1, el, ec + 1, nil}
	}
	if cell > 0 {
		r.Properties = &sarifCell{cell}
	}
	return r
}

// Print writes findings in the sarif format.
func (p *sarifPrinter) Print(w io.Writer, findings []analyzer.Finding) error {
	rules := slices.Clone(p.opts.Rules)
	for _, f := range findings {
		if !slices.ContainsFunc(rules, func(r *analyzer.Rule) bool { return r.Spec.Code == f.Code }) {
			if r := analyzer.Lookup(f.Code); r != nil {
				rules = append(rules, r)
			}
		}
	}
	slices.SortFunc(rules, func(a, b *analyzer.Rule) int { return strings.Compare(a.Spec.Code, b.Spec.Code) })
	index := map[string]int{}
	driver := sarifDriver{Name: "arraylint", Version: p.opts.Version, InformationURI: homepage, Rules: []sarifRule{}}
	for i, r := range rules {
		index[r.Spec.Code] = i
		driver.Rules = append(driver.Rules, sarifRule{
			ID: r.Spec.Code, Name: r.Spec.Name, ShortDescription: sarifText{r.Spec.Summary},
			HelpURI:              analyzer.DocsLink(r.URL),
			Help:                 sarifMessage{Text: "See " + analyzer.DocsLink(r.URL), Markdown: strings.TrimSpace(r.Spec.Doc)},
			DefaultConfiguration: sarifRuleConfig{sarifLevel(r.Spec.Severity)},
			Properties:           map[string]any{"category": r.Category(), "docs": analyzer.DocsLink(r.URL)},
		})
	}
	run := sarifRun{Tool: sarifTool{driver}, ColumnKind: "unicodeCodePoints", Results: []sarifResult{}}
	for _, f := range findings {
		res := sarifResult{RuleID: f.Code, RuleIndex: -1, Level: sarifLevel(f.Severity), Message: sarifText{f.Message}}
		if i, ok := index[f.Code]; ok {
			res.RuleIndex = i
		}
		res.Locations = []sarifLocation{{PhysicalLocation: sarifPhysicalLocation{
			ArtifactLocation: sarifArtifact{sarifURI(f.Path)},
			Region:           p.region(f.Path, f.Cell, f.Range, f.Line, f.Col, f.EndLine, f.EndCol)}}}
		for i, r := range f.Related {
			id := i + 1
			res.RelatedLocations = append(res.RelatedLocations, sarifLocation{ID: &id, Message: &sarifText{r.Message},
				PhysicalLocation: sarifPhysicalLocation{ArtifactLocation: sarifArtifact{sarifURI(r.Path)},
					Region: p.region(r.Path, r.Cell, r.Range, r.Line, r.Col, r.EndLine, r.EndCol)}})
		}
		// A notebook's edits are in cell positions, not the file's: SARIF gets no fix to apply.
		if f.Fix != nil && f.Fix.Applicability != analyzer.DisplayOnly && f.Cell == 0 {
			change := sarifArtifactChange{ArtifactLocation: sarifArtifact{sarifURI(f.Path)}}
			for _, e := range f.Fix.Edits {
				change.Replacements = append(change.Replacements, sarifReplacement{
					DeletedRegion:   p.region(f.Path, e.Cell, e.Range, e.Line, e.Col, e.EndLine, e.EndCol),
					InsertedContent: sarifText{e.NewText}})
			}
			res.Fixes = []sarifFix{{Description: sarifText{f.Fix.Message}, ArtifactChanges: []sarifArtifactChange{change}}}
		}
		run.Results = append(run.Results, res)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}})
}
