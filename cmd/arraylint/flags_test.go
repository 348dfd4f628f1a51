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
		fs := newFlagSet("check", io.Discard)
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
