package driver

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// TestTOMLDecoderMatchesGoTOML: readTOML's decoder gives the values toml.Unmarshal gives, and
// refuses the documents it refuses (TOML 1.0's rules on redefinition included).
func TestTOMLDecoderMatchesGoTOML(t *testing.T) {
	docs := []string{
		// Valid.
		"",
		"a = 1\nb = 'x'\nc = \"y\\tz\\u00e9\"\nd = true\ne = false\n",
		"i = +1_000\nh = 0xDEAD_beef\no = 0o755\nb = 0b1010\nn = -9223372036854775808\n",
		"f = 3.14\ng = -1e-3\nh = 6.626_070e-34\ni = inf\nj = -inf\nk = +inf\n",
		"a = [1, 2, [3, 'x'], {b = 1}]\nc = []\nd = [\n  1, # one\n  2,\n]\n",
		"t = {a = 1, b.c = 2, d = {e = [1]}}\n",
		"[a]\nx = 1\n[a.b]\ny = 2\n[c.d.e]\nz = 3\n[c]\nw = 4\n",
		"[fruit]\napple.color = 'red'\napple.taste.sweet = true\n[fruit.apple.texture]\nsmooth = true\n",
		"[[p]]\nn = 1\n[[p]]\nn = 2\n[p.q]\nm = 3\n[[p.r]]\nk = 4\n",
		"a.b.c = 1\na.b.d = 2\na.e = 3\n",
		"'quoted.key' = 1\n\"x y\".z = 2\n[\"a.b\".c]\nd = 3\n",
		"s = '''\nmulti\nline'''\nt = \"\"\"\\\n  folded \\\n  text\"\"\"\n",
		"d1 = 1979-05-27\nd2 = 07:32:00\nd3 = 1979-05-27T07:32:00\nd4 = 1979-05-27T07:32:00Z\n",
		"[tool.arraylint]\nselect = ['ALL']\n[tool.arraylint.per-file-ignores]\n'tests/*.py' = ['AL1']\n",
		// Invalid.
		"a = 1\na = 2\n",
		"[a]\n[a]\n",
		"a.b = 1\n[a]\n",
		"a.b = 1\n[a.b]\n",
		"[a.b]\n[a]\nb.c = 1\n",
		"[a]\nb = 1\n[a.b]\n",
		"a = {b = 1}\na.c = 2\n",
		"a = {b = 1}\n[a.c]\n",
		"a = []\n[[a]]\n",
		"[[a]]\n[a]\n",
		"a = 1\n[a.b]\n",
		"a = 99999999999999999999\n",
		"a = 0x8000000000000000\n",
		"a = \n",
		"[a\n",
		"a = 'unterminated\n",
		"a = 01\n",
		"a = {b = 1, b = 2}\n",
		"a.b = 1\na.b.c = 2\n",
	}
	for _, src := range docs {
		var want map[string]any
		wantErr := toml.Unmarshal([]byte(src), &want)
		doc, err := readTOML([]byte(src))
		switch {
		case (err != nil) != (wantErr != nil):
			t.Errorf("%q: error %v, go-toml's %v", src, err, wantErr)
		case err == nil && !reflect.DeepEqual(doc.values, want):
			t.Errorf("%q:\n got %#v\nwant %#v", src, doc.values, want)
		}
	}
}

// TestTOMLKeyDepth: a key path of more than maxKeyDepth segments — a header, a dotted key, a
// key under a header, or one in inline tables — is an error at its line; maxKeyDepth is not.
func TestTOMLKeyDepth(t *testing.T) {
	path := func(n int) string { return strings.TrimSuffix(strings.Repeat("a.", n), ".") }
	for src, ok := range map[string]bool{
		"[" + path(maxKeyDepth) + "]\n":                 true,
		"\n[" + path(maxKeyDepth+1) + "]\n":             false,
		path(maxKeyDepth) + " = 1\n":                    true,
		"\n" + path(maxKeyDepth+1) + " = 1\n":           false,
		"[" + path(maxKeyDepth-1) + "]\nb.c = 1\n":      false,
		"\nx = {" + path(maxKeyDepth) + " = 1}\n":       false,
		"\n[[" + path(maxKeyDepth+1) + "]]\n":           false,
		"x = {" + path(maxKeyDepth-2) + " = {b = 1}}\n": true,
	} {
		_, err := readTOML([]byte(src))
		want := fmt.Sprintf("line 2: toml: key nested more than the maximum of %d levels deep", maxKeyDepth)
		if ok && err != nil || !ok && (err == nil || err.Error() != want) {
			t.Errorf("%.40q…: %v, want ok %v", src, err, ok)
		}
	}
}
