package notebook

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

func TestParseRejects(t *testing.T) {
	for _, tc := range []struct{ name, data, want string }{
		{"not json", `{"cells": [}`, "notebook is not valid JSON"},
		{"array", `[1, 2]`, "notebook is not a JSON object"},
		{"nbformat 3", `{"nbformat": 3, "worksheets": []}`, "notebook is not nbformat 4"},
		{"no version", `{"cells": []}`, "no `nbformat` version"},
		{"cells object", `{"nbformat": 4, "cells": {}}`, "`cells` is not a list"},
		{"no cells", `{"nbformat": 4, "metadata": {}}`, "no `cells` list"},
		{"source number", `{"nbformat": 4, "cells": [{"cell_type": "code", "source": 3}]}`, "neither a string nor a list"},
		{"source item", `{"nbformat": 4, "cells": [{"cell_type": "code", "source": ["a", 1]}]}`, "not a string"},
		{"no type", `{"nbformat": 4, "cells": [{"source": ""}]}`, "no `cell_type`"},
	} {
		_, err := Parse([]byte(tc.data))
		var ne *Error
		if !errors.As(err, &ne) || !strings.Contains(ne.Msg, tc.want) {
			t.Errorf("%s: error %v, want an *Error containing %q", tc.name, err, tc.want)
		}
	}
	_, err := Parse([]byte("{\n \"cells\": [\n  {,}\n ]\n}"))
	var ne *Error
	if !errors.As(err, &ne) || ne.Offset != 17 {
		t.Errorf("syntax error at %v, want offset 17 (the comma)", err)
	}
}

func TestMaskCell(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"%timeit f(x)\ny = 1\n", "0#imeit f(x)\ny = 1\n"},
		{"!pip install numpy", "0#ip install numpy"},
		{"  !ls\n", "  0#s\n"},
		{"!\n", "0\n"},
		{"try:\n    %tensorflow_version 2.x\nexcept Exception:\n    pass\n", "try:\n    0#ensorflow_version 2.x\nexcept Exception:\n    pass\n"},
		{"!cli show --dir d \\\n      --tag serve\nx = 1\n", "0#li show --dir d \\\n      #-tag serve\nx = 1\n"},
		{"files = !ls -la\n", "files = 0#s -la\n"},
		{"a, b = %time f()\n", "a, b = 0#ime f()\n"},
		{"np.zeros?\n", "np.zeros#\n"},
		{"np.zeros??\n", "np.zeros#?\n"},
		{"??np.zeros\n", "0#np.zeros\n"},
		{"%timeit np.fromiter((a for a in x),\n        count=3)\ny = 1\n", "0#imeit np.fromiter((a for a in x),\n        #ount=3)\ny = 1\n"},
		// Automagic: a magic or alias name used as a command.
		{"pip install algorithmia==0.9.3\n", "0#p install algorithmia==0.9.3\n"},
		{"ls scripts/*.py\ncd ..\nls -la\n", "0# scripts/*.py\n0# ..\n0# -la\n"},
		{"ls = [1]\nrun(x)\npwd - 1\nls\nwho if x else y\n", "ls = [1]\nrun(x)\npwd - 1\nls\nwho if x else y\n"},
		{"%%time\nx = f()\n", "#%time\nx = f()\n"},
		{"%%bash\necho hi\n\nls\n", "#%bash\n#cho hi\n\n#s\n"},
		{"%%writefile a.py\né = 1\n", "#%writefile a.py\n#  = 1\n"},
		// A `%` continuing a bracketed expression is a modulo, and `x != y` is a comparison.
		{"x = (a\n     % b)\nx != y\n", "x = (a\n     % b)\nx != y\n"},
		{"s = \"\"\"\n%not a magic\n\"\"\"\n", "s = \"\"\"\n%not a magic\n\"\"\"\n"},
		{"x = 1  # what?\n", "x = 1  # what?\n"},
		{"d = {'a': x == y}\n", "d = {'a': x == y}\n"},
	} {
		got, masks := MaskCell(tc.src)
		if got != tc.want {
			t.Errorf("MaskCell(%q) = %q, want %q", tc.src, got, tc.want)
		}
		if len(got) != len(tc.src) {
			t.Errorf("MaskCell(%q) changed the length", tc.src)
		}
		undone := []byte(got)
		for _, m := range masks {
			copy(undone[m.Offset:], m.Orig)
		}
		if string(undone) != tc.src {
			t.Errorf("MaskCell(%q): the masks undo to %q", tc.src, undone)
		}
	}
}

// nbJSON is a notebook as nbformat writes it: indent 1, sorted keys, a final newline.
const nbJSON = `{
 "cells": [
  {
   "cell_type": "markdown",
   "metadata": {},
   "source": [
    "# Title"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 1,
   "metadata": {},
   "outputs": [
    {
     "name": "stdout",
     "output_type": "stream",
     "text": [
      "x = 1\n"
     ]
    }
   ],
   "source": [
    "%matplotlib inline\n",
    "x = \u0031 + 0\n",
    "y = x * 2"
   ]
  },
  {
   "cell_type": "code",
   "metadata": {},
   "source": "z = 3\nw = 4\n"
  },
  {
   "cell_type": "code",
   "metadata": {},
   "source": []
  }
 ],
 "metadata": {"language_info": {"name": "python"}},
 "nbformat": 4,
 "nbformat_minor": 5
}
`

func TestProgramAndRewrite(t *testing.T) {
	nb, err := Parse([]byte(nbJSON))
	if err != nil {
		t.Fatal(err)
	}
	if len(nb.Cells) != 4 || !nb.IsPython() {
		t.Fatalf("cells %d, python %v", len(nb.Cells), nb.IsPython())
	}
	p := nb.Program()
	want := "0#atplotlib inline\nx = 1 + 0\ny = x * 2\nz = 3\nw = 4\n"
	if string(p.Src) != want {
		t.Fatalf("program %q, want %q", p.Src, want)
	}
	if len(p.Cells) != 3 || p.Cells[0].Index != 1 || p.Cells[1].Start != 39 || p.Cells[2].Start != p.Cells[2].End {
		t.Fatalf("cells %+v", p.Cells)
	}
	if c, rel := p.Locate(strings.Index(want, "w =")); c != 1 || rel != 6 {
		t.Errorf("Locate(w) = %d, %d; want 1, 6", c, rel)
	}
	if c, rel := p.Locate(38); c != 0 || rel != 38 {
		t.Errorf("Locate(the added line break) = %d, %d; want 0, 38", c, rel)
	}

	// Edits: one in each code cell, one inserted at the start of the empty last cell.
	tr := NewTracker(p)
	src := string(p.Src)
	yAt := strings.Index(src, "y = x * 2")
	wAt := strings.Index(src, "w = 4")
	edits := []Edit{{yAt, yAt + 9, len("y = x\ny *= 2")}, {wAt, wAt + 1, 2}, {len(src), len(src), len("v = 5\n")}}
	if tr.Allow([]Edit{{0, 3, 0}}) {
		t.Error("an edit of the masked `%` was allowed")
	}
	if tr.Allow([]Edit{{wAt - 3, wAt + 1, 0}}) == false {
		t.Error("an edit inside one cell was refused")
	}
	if tr.Allow([]Edit{{yAt, wAt, 0}}) {
		t.Error("an edit across cells was allowed")
	}
	if !tr.Allow(edits) {
		t.Fatal("edits refused")
	}
	fixed := src[:yAt] + "y = x\ny *= 2" + src[yAt+9:wAt] + "ww" + src[wAt+1:] + "v = 5\n"
	tr.Applied(edits)
	sources, err := tr.Sources([]byte(fixed))
	if err != nil {
		t.Fatal(err)
	}
	if sources[1] != "%matplotlib inline\nx = 1 + 0\ny = x\ny *= 2" || sources[2] != "z = 3\nww = 4\n" || sources[3] != "v = 5\n" {
		t.Fatalf("sources %v", sources)
	}
	out := string(nb.Rewrite(sources))
	wantOut := strings.Replace(nbJSON, `    "y = x * 2"`, "    \"y = x\\n\",\n    \"y *= 2\"", 1)
	wantOut = strings.Replace(wantOut, `"z = 3\nw = 4\n"`, `"z = 3\nww = 4\n"`, 1)
	wantOut = strings.Replace(wantOut, `   "source": []`, "   \"source\": [\n    \"v = 5\\n\"\n   ]", 1)
	if out != wantOut {
		t.Errorf("rewritten:\n%s\nwant:\n%s", out, wantOut)
	}
	if !strings.Contains(out, `"x = \u0031 + 0\n"`) {
		t.Error("an unchanged line lost its original escapes")
	}
	var v any
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Errorf("rewritten notebook is not JSON: %v", err)
	}
}

func TestAppendString(t *testing.T) {
	got := string(appendString(nil, "a\"b\\c\n\t\x01é<>&/", false))
	want := `"a\"b\\c\n\t\u0001é<>&/"`
	if got != want {
		t.Errorf("appendString = %s, want %s", got, want)
	}
	// ensure_ascii, as Python: json.dumps("é😀") == '"\\u00e9\\ud83d\\ude00"'
	if got := string(appendString(nil, "é😀", true)); got != `"\u00e9\ud83d\ude00"` {
		t.Errorf("appendString(ascii) = %s", got)
	}
}

func TestLanguage(t *testing.T) {
	nb, err := Parse([]byte(`{"nbformat": 4, "cells": [], "metadata": {"kernelspec": {"language": "R"}}}`))
	if err != nil || nb.IsPython() || nb.Language != "R" {
		t.Errorf("language %q python %v err %v", nb.Language, nb.IsPython(), err)
	}
}

func TestFileLine(t *testing.T) {
	nb, err := Parse([]byte(nbJSON))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(nbJSON, "\n")
	for _, tc := range []struct{ cell, line, want int }{
		{1, 1, 24}, {1, 2, 25}, {1, 3, 26}, {1, 4, 0}, {2, 1, 32}, {2, 2, 32}, {2, 3, 32}, {2, 4, 0}, {0, 1, 7}, {9, 1, 0},
	} {
		if got := nb.FileLine(tc.cell, tc.line); got != tc.want {
			t.Errorf("FileLine(%d, %d) = %d, want %d (%q)", tc.cell, tc.line, got, tc.want, lines[max(tc.want-1, 0)])
		}
	}
}
