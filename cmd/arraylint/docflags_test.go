package main

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDocCommandFlags checks the flags that README.md and docs/*.md give an arraylint command,
// in a code block line or a backquoted span that starts `arraylint COMMAND`, against the flags the
// command defines: a renamed or removed flag in the docs is a usage error for whoever copies it.
// Arguments after a lone `--` belong to the program `mem` runs, and are not checked.
func TestDocCommandFlags(t *testing.T) {
	files := []string{"../../README.md"}
	more, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, more...)
	cmdRE := regexp.MustCompile("arraylint (check|mem|server|rule|version|completion|debug)\\b([^`\n|]*)")
	flagRE := regexp.MustCompile(`(?:^|\s)(--[a-z][a-z0-9-]*)`)
	flags := map[string][]string{}
	checked := 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range cmdRE.FindAllStringSubmatch(string(data), -1) {
			cmd, rest := m[1], m[2]
			if i := strings.Index(rest, " -- "); i >= 0 {
				rest = rest[:i]
			}
			if strings.HasSuffix(rest, " --") {
				rest = strings.TrimSuffix(rest, " --")
			}
			if flags[cmd] == nil {
				flags[cmd] = append(commandFlags(cmd), "--help")
			}
			for _, f := range flagRE.FindAllStringSubmatch(rest, -1) {
				flag, _, _ := strings.Cut(f[1], "=")
				checked++
				if !slices.Contains(flags[cmd], flag) {
					t.Errorf("%s: `arraylint %s%s`: %s has no flag %s", filepath.Base(p), cmd, strings.TrimRight(m[2], " "), cmd, flag)
				}
			}
		}
	}
	if checked < 30 {
		t.Errorf("checked %d flags; the README alone gives more", checked)
	}
}
