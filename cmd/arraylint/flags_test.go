package main

import (
	"io"
	"slices"
	"testing"
)

func TestParseInterspersed(t *testing.T) {
	for _, tc := range []struct {
		args      []string
		pos, sel  []string
		fix       bool
		wantError bool
	}{
		{[]string{"a", "--select", "AL1", "b"}, []string{"a", "b"}, []string{"AL1"}, false, false},
		{[]string{"--fix", "a", "--select=AL1,AL2"}, []string{"a"}, []string{"AL1", "AL2"}, true, false},
		{[]string{"a", "--", "--fix", "-x"}, []string{"a", "--fix", "-x"}, nil, false, false},
		{[]string{"a", "--nope"}, nil, nil, false, true},
	} {
		fs := newFlagSet("check", &env{stdout: io.Discard, stderr: io.Discard})
		var sel listFlag
		fs.Var(&sel, "select", "")
		fix := fs.Bool("fix", false, "")
		pos, err := parseInterspersed(fs, tc.args)
		if (err != nil) != tc.wantError {
			t.Errorf("%q: error %v", tc.args, err)
			continue
		}
		if tc.wantError {
			continue
		}
		if !slices.Equal(pos, tc.pos) || !slices.Equal(sel, tc.sel) || *fix != tc.fix {
			t.Errorf("%q: positional %q select %q fix %v", tc.args, pos, sel, *fix)
		}
	}
}

func TestUseColor(t *testing.T) {
	env := func(tty bool, noColor string) *env {
		return &env{stdoutIsTTY: tty, getenv: func(k string) string {
			if k == "NO_COLOR" {
				return noColor
			}
			return ""
		}}
	}
	for _, tc := range []struct {
		tty     bool
		noColor string
		flag    bool
		want    bool
	}{
		{true, "", false, true},
		{false, "", false, false},
		{true, "1", false, false},
		{true, "", true, false},
	} {
		if got := useColor(&checkFlags{noColor: tc.flag}, env(tc.tty, tc.noColor)); got != tc.want {
			t.Errorf("tty=%v NO_COLOR=%q --no-color=%v: colour %v, want %v", tc.tty, tc.noColor, tc.flag, got, tc.want)
		}
	}
}
