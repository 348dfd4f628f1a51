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
	env := func(tty bool, noColor, forceColor string) *env {
		return &env{stdoutIsTTY: tty, getenv: func(k string) string {
			return map[string]string{"NO_COLOR": noColor, "FORCE_COLOR": forceColor}[k]
		}}
	}
	for _, tc := range []struct {
		tty                 bool
		noColor, forceColor string
		noColorFlag         bool
		color               string
		want                bool
	}{
		{true, "", "", false, "auto", true},
		{false, "", "", false, "auto", false},
		{true, "1", "", false, "auto", false},
		{true, "", "", true, "auto", false},
		{false, "", "1", false, "auto", true},
		{false, "1", "1", false, "auto", false}, // NO_COLOR wins over FORCE_COLOR
		{false, "", "", false, "always", true},
		{false, "1", "", false, "always", true}, // the flag wins over the environment
		{true, "", "1", false, "never", false},
		{true, "", "", true, "always", false}, // --no-color wins
	} {
		f := &checkFlags{noColor: tc.noColorFlag, conv: convenienceFlags{color: tc.color}}
		if got := useColor(f, env(tc.tty, tc.noColor, tc.forceColor)); got != tc.want {
			t.Errorf("%+v: colour %v, want %v", tc, got, tc.want)
		}
	}
}
