package memory

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/arraylint/arraylint/pyparse"
)

var targetRE = regexp.MustCompile(`#\s*arraylint:\s*target\s+(.*)$`)

// TargetComment reads a `# arraylint: target ...` comment: a preset name and/or the target flags
// of `arraylint mem` (--target, --hbm, --fraction, --sysmem, --fbmem, --zcmem, --backend), e.g.
// `# arraylint: target --backend legate --sysmem 40` or `# arraylint: target h100`. ok is false
// when the file has none; a later comment overrides an earlier one flag by flag.
func TargetComment(f *pyparse.File) (opts TargetOptions, backend string, ok bool, err error) {
	for _, c := range f.Comments {
		m := targetRE.FindStringSubmatch(c.Text(f.Src))
		if m == nil {
			continue
		}
		ok = true
		line := f.Lines.Line(c.Start)
		if backend, err = parseTargetFlags(strings.Fields(m[1]), &opts, backend); err != nil {
			return TargetOptions{}, "", false, fmt.Errorf("line %d: %w", line, err)
		}
	}
	return opts, backend, ok, nil
}

func parseTargetFlags(fields []string, o *TargetOptions, backend string) (string, error) {
	for i := 0; i < len(fields); i++ {
		name, val, hasVal := strings.Cut(fields[i], "=")
		if !strings.HasPrefix(name, "--") {
			o.Target = fields[i]
			continue
		}
		if !hasVal {
			if i+1 >= len(fields) {
				return backend, fmt.Errorf("parse target comment: %s needs a value", name)
			}
			i++
			val = fields[i]
		}
		switch name {
		case "--target", "--hbm", "--sysmem", "--fbmem", "--zcmem":
			o.SetString(name[2:], val)
		case "--backend":
			backend = val
		case "--fraction":
			f, err := strconv.ParseFloat(val, 64)
			if err != nil {
				return backend, fmt.Errorf("parse target comment: --fraction %q: not a number", val)
			}
			o.Fraction = f
		default:
			return backend, fmt.Errorf("parse target comment: unknown flag %s", name)
		}
	}
	return backend, nil
}
