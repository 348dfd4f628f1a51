package driver

import (
	"context"
	"testing"
)

// FuzzParseConfig checks that no configuration text makes ParseConfig panic or hang.
func FuzzParseConfig(f *testing.F) {
	for _, s := range []string{
		"select = [\"AL8\"]\nignore = [\"AL801\"]\n",
		"[tool.arraylint]\nexclude = [\"build/\"]\n[tool.arraylint.per-file-ignores]\n\"a/*\" = [\"AL1\"]\n",
		"[rules.AL803]\nmax-len = \"1KiB\"\nseverity = \"error\"\n",
		"rules = { AL803 = { max-len = 3 } }\n",
		"[memory]\ndevice = { bytes = \"16GiB\" }\n",
		"a.b.c = 1\n[[x]]\ny = 2\n",
	} {
		f.Add("arraylint.toml", s)
		f.Add("pyproject.toml", "[tool.arraylint]\n"+s)
	}
	f.Fuzz(func(t *testing.T, name, data string) {
		if name != "pyproject.toml" {
			name = "arraylint.toml"
		}
		cfg, err := ParseConfig(name, []byte(data))
		if err == nil && cfg == nil {
			t.Fatal("nil config without error")
		}
	})
}

// FuzzSuppressions checks that no comment text makes the driver panic, and that every finding
// stays inside the source.
func FuzzSuppressions(f *testing.F) {
	for _, s := range []string{
		"x = bad  # noqa: AL801, AL999\n",
		"# arraylint: file-ignore AL801 -- why\nx = bad\n",
		"x = 1  # arraylint: ignore[\n",
		"# noqa:\n# arraylint:\n# arraylint: skip-file\n",
		"y = bad # type: ignore # noqa: E501,AL801 because\r\n",
	} {
		f.Add(s)
	}
	rn, err := NewRunner(testRules)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, src string) {
		fs, err := rn.CheckParsed(context.Background(), "f.py", fakeFile(src), nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, fd := range fs {
			if fd.Range.Start < 0 || int(fd.Range.End) > len(src) || fd.Range.End < fd.Range.Start {
				t.Fatalf("finding %+v outside the %d-byte source", fd, len(src))
			}
			if fd.Fix != nil {
				if _, err := ApplyEdits([]byte(src), fd.Fix.Edits); err != nil {
					t.Fatalf("fix of %s does not apply: %v", fd.Code, err)
				}
			}
		}
	})
}
