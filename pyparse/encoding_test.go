package pyparse

import (
	"strings"
	"testing"
)

func TestDecodeSource(t *testing.T) {
	tests := []struct {
		name, src, want, err string
	}{
		{"plain utf-8", "x = 'é'\n", "x = 'é'\n", ""},
		{"declared utf-8", "# -*- coding: utf-8 -*-\nx = 'é'\n", "# -*- coding: utf-8 -*-\nx = 'é'\n", ""},
		{"utf8 alias", "# coding=UTF8\n", "# coding=UTF8\n", ""},
		{"latin-1", "# -*- coding: latin-1 -*-\nx = '\xe9'\n", "# -*- coding: latin-1 -*-\nx = 'é'\n", ""},
		{"iso-8859-1 on line 2", "#!/usr/bin/env python\n# coding: iso-8859-1\n'\xff'\n", "#!/usr/bin/env python\n# coding: iso-8859-1\n'ÿ'\n", ""},
		{"vim style", "# vim: set fileencoding=latin1 :\n'\xe9'\n", "# vim: set fileencoding=latin1 :\n'é'\n", ""},
		{"latin-9 euro", "# coding: iso-8859-15\n'\xa4'\n", "# coding: iso-8859-15\n'€'\n", ""},
		{"cp1252 quotes", "# coding: cp1252\n'\x93\x80'\n", "# coding: cp1252\n'“€'\n", ""},
		{"cp1252 undefined byte", "# coding: cp1252\n'\x81'\n", "# coding: cp1252\n'\ufffd'\n", "'charmap' codec can't decode byte 0x81 in position 18: character maps to <undefined>"},
		{"ascii ok", "# coding: ascii\nx = 1\n", "# coding: ascii\nx = 1\n", ""},
		{"ascii bad byte", "# coding: ascii\nx = '\xe9'\n", "# coding: ascii\nx = '\ufffd'\n", "'ascii' codec can't decode byte 0xe9 in position 21: ordinal not in range(128)"},
		{"unknown", "# coding: foo\nx=1\n", "# coding: foo\nx=1\n", "unknown encoding: foo"},
		{"line 2 after code is ignored", "x = 1\n# coding: foo\n", "x = 1\n# coding: foo\n", ""},
		{"line 3 is ignored", "#\n#\n# coding: foo\n", "#\n#\n# coding: foo\n", ""},
		{"not in a comment", "x = 'coding: foo'\n", "x = 'coding: foo'\n", ""},
		{"bom utf-8", "\xef\xbb\xbf# coding: utf-8\nx=1\n", "\xef\xbb\xbf# coding: utf-8\nx=1\n", ""},
		{"bom latin-1", "\xef\xbb\xbf# coding: latin-1\nx=1\n", "\xef\xbb\xbf# coding: latin-1\nx=1\n", "encoding problem: iso-8859-1 with BOM"},
		{"bom cp1252", "\xef\xbb\xbf# coding: cp1252\n", "\xef\xbb\xbf# coding: cp1252\n", "encoding problem: cp1252 with BOM"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, errs := decodeSource([]byte(tt.src))
			if string(got) != tt.want {
				t.Errorf("decodeSource(%q) = %q, want %q", tt.src, got, tt.want)
			}
			var msgs []string
			for _, e := range errs {
				msgs = append(msgs, e.Msg)
				if e.Kind != ErrKindEncoding || e.Start < 0 || int(e.End) > len(got) || e.End < e.Start {
					t.Errorf("error %q has kind %d range %v", e.Msg, e.Kind, e.Range)
				}
			}
			if s := strings.Join(msgs, "; "); s != tt.err {
				t.Errorf("decodeSource(%q) errors %q, want %q", tt.src, s, tt.err)
			}
		})
	}
}

func TestDecodeSourceErrorRange(t *testing.T) {
	src := []byte("# coding: foo\n")
	_, errs := decodeSource(src)
	if len(errs) != 1 || string(src[errs[0].Start:errs[0].End]) != "foo" {
		t.Fatalf("errors %v: want one over the name \"foo\"", errs)
	}
}

func TestDecodeSourceOtherEncodings(t *testing.T) {
	tests := []struct{ decl, in, want string }{
		{"koi8-r", "\xf0\xd2\xc9", "При"},
		{"iso-8859-5", "\xbf\xe0\xd8", "При"},
		{"cp1251", "\xcf\xf0\xe8", "При"},
		{"shift_jis", "\x82\xa0", "あ"},
		{"euc_jp", "\xa4\xa2", "あ"},
		{"mac_roman", "\x8e", "é"},
		{"iso-8859-5", "\x8e", "\u008e"}, // C1 control, as Python decodes it
	}
	for _, tt := range tests {
		src := "# coding: " + tt.decl + "\ns = '" + tt.in + "'\n"
		got, errs := decodeSource([]byte(src))
		want := "# coding: " + tt.decl + "\ns = '" + tt.want + "'\n"
		if string(got) != want || len(errs) > 0 {
			t.Errorf("decodeSource(%s) = %q %v, want %q", tt.decl, got, errs, want)
		}
	}
	for _, decl := range []string{"utf-16", "utf-32-le", "no-such-codec"} {
		_, errs := decodeSource([]byte("# coding: " + decl + "\n"))
		if len(errs) != 1 || errs[0].Msg != "unknown encoding: "+decl {
			t.Errorf("decodeSource(%s) errors %v, want unknown encoding", decl, errs)
		}
	}
	// A BOM needs a declaration that normalises to exactly "utf-8" (CPython's bad_coding2.py).
	_, errs := decodeSource([]byte("\xef\xbb\xbf# coding: utf8\n"))
	if len(errs) != 1 || errs[0].Msg != "encoding problem: utf8 with BOM" {
		t.Errorf("BOM with utf8: errors %v", errs)
	}
}
