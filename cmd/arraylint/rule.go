package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/arraylint/arraylint/analyzer"
)

func init() {
	register(&command{Name: "rule", Usage: "rule CODE|NAME | --all [--format json]", Summary: "print a rule's documentation, or list every rule", Run: runRule})
}

// ruleJSON is the metadata `rule --all --format json` prints for each rule.
type ruleJSON struct {
	Code     string       `json:"code"`
	Name     string       `json:"name"`
	Summary  string       `json:"summary"`
	Category string       `json:"category"`
	Severity string       `json:"severity"`
	Fix      string       `json:"fix"`
	Since    string       `json:"since"`
	Preview  bool         `json:"preview"`
	URL      string       `json:"url"`
	Options  []optionJSON `json:"options"`
	Doc      string       `json:"doc"`
}

type optionJSON struct {
	Name    string `json:"name"`
	Default any    `json:"default"`
	Doc     string `json:"doc"`
}

func toJSON(r *analyzer.Rule) ruleJSON {
	j := ruleJSON{Code: r.Spec.Code, Name: r.Spec.Name, Summary: r.Spec.Summary, Category: r.Category(),
		Severity: r.Spec.Severity.String(), Fix: r.Spec.Fix.String(), Since: r.Spec.Since, Preview: r.Spec.Preview, URL: r.URL,
		Options: []optionJSON{}, Doc: r.Spec.Doc}
	for _, o := range r.Spec.Options {
		j.Options = append(j.Options, optionJSON{o.Name, o.Default, o.Doc})
	}
	return j
}

func runRule(_ context.Context, e *env, args []string) int {
	fs := newFlagSet("rule", e)
	listAll := fs.Bool("all", false, "list every rule")
	format := fs.String("format", "text", "output format: text or json")
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return flagErrorStatus(err)
	}
	if *format != "text" && *format != "json" {
		fmt.Fprintf(e.stderr, "arraylint rule: unknown --format %q (want text or json)\n", *format)
		return exitError
	}
	var selected []*analyzer.Rule
	switch {
	case *listAll && len(pos) == 0:
		selected = rules()
	case !*listAll && len(pos) == 1:
		for _, r := range rules() {
			if r.Spec.Code == strings.ToUpper(pos[0]) || r.Spec.Name == pos[0] {
				selected = append(selected, r)
			}
		}
		if len(selected) == 0 {
			fmt.Fprintf(e.stderr, "arraylint rule: unknown rule %q (see `arraylint rule --all`)\n", pos[0])
			return exitError
		}
	default:
		fmt.Fprintf(e.stderr, "usage: arraylint rule CODE|NAME | arraylint rule --all [--format json]\n")
		return exitError
	}
	if *format == "json" {
		var out any
		if *listAll {
			list := []ruleJSON{}
			for _, r := range selected {
				list = append(list, toJSON(r))
			}
			out = list
		} else {
			out = toJSON(selected[0])
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintf(e.stderr, "arraylint rule: %v\n", err)
			return exitError
		}
		return exitOK
	}
	if *listAll {
		for _, r := range selected {
			fix := ""
			if r.Spec.Fix != analyzer.FixNever {
				fix = "[fix]"
			}
			summary := r.Spec.Summary
			if r.Spec.Preview {
				summary += " (preview)"
			}
			fmt.Fprintf(e.stdout, "%s  %-28s %-6s %s\n", r.Spec.Code, r.Spec.Name, fix, summary)
		}
		return exitOK
	}
	r := selected[0]
	preview := ""
	if r.Spec.Preview {
		preview = " Preview: runs only when selected (--select " + r.Spec.Code + ")."
	}
	fmt.Fprintf(e.stdout, "# %s %s\n\n%s.\n\nCategory: %s. Default severity: %s. Fix: %s.%s\n\n%s\n", r.Spec.Code, r.Spec.Name,
		strings.ToUpper(r.Spec.Summary[:1])+r.Spec.Summary[1:], r.Category(), r.Spec.Severity, r.Spec.Fix, preview, strings.TrimSpace(r.Spec.Doc))
	return exitOK
}
