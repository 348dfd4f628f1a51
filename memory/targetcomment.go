package memory

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/arraylint/arraylint/arraymodel/bindings"
	"github.com/arraylint/arraylint/pyparse"
)

var targetRE = regexp.MustCompile(`#\s*arraylint:\s*target\s+(.*)$`)

// TargetComment reads a `# arraylint: target ...` comment: a preset name and/or the target flags
// of `arraylint mem` (--target, --hbm, --fraction, --sysmem, --fbmem, --zcmem, --backend), e.g.
// `# arraylint: target --backend legate --sysmem 40` or `# arraylint: target h100`. ok is false
// when the file has none; a later comment overrides an earlier one flag by flag.
//
// A comment that does not parse or names something unknown (a preset, a backend, a negative
// size) is left out as a whole, and CommentProblems reports it: the estimate runs with the
// other layers of settings rather than not at all, and half of a comment never applies (with
// `--hbm -5GiB` wrong, `h100` beside it may be wrong too). The error is always nil.
func TargetComment(f *pyparse.File) (opts TargetOptions, backend string, ok bool, err error) {
	opts, backend, ok, _ = targetComments(f)
	return opts, backend, ok, nil
}

// targetComments is TargetComment that also returns the comments it left out.
func targetComments(f *pyparse.File) (opts TargetOptions, backend string, ok bool, bad []bindings.CommentProblem) {
	for _, c := range f.Comments {
		if !c.Mentions(f.Src, "arraylint") {
			continue // most comments: no copy, no regexp run
		}
		text := c.Text(f.Src)
		m := targetRE.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		var o TargetOptions
		b, err := parseTargetFlags(strings.Fields(m[1]), &o, "")
		if err == nil {
			err = o.validate(b)
		}
		if err != nil {
			bad = append(bad, bindings.CommentProblem{Range: c.Range, Msg: "`arraylint: target` comment ignored: " + err.Error()})
			continue
		}
		ok = true
		opts = opts.Overlay(o)
		if b != "" {
			backend = b
		}
	}
	return opts, backend, ok, bad
}

// CommentProblems returns the file's `# arraylint: target` and `# arraylint: assume` comments
// that the estimate leaves out because they do not parse or name something unknown, in the
// order of the file; the driver reports each as AL903.
func CommentProblems(f *pyparse.File) []bindings.CommentProblem {
	_, _, _, bad := targetComments(f)
	bad = append(bad, bindings.AssumeCommentProblems(f)...)
	slices.SortFunc(bad, func(a, b bindings.CommentProblem) int { return int(a.Range.Start - b.Range.Start) })
	return bad
}

// validate checks the options of one target comment on their own, as Resolve would check them:
// a known preset, sizes that parse and are positive, a fraction in (0, 1], and a known backend.
// A fraction alone is fine: it applies to the target another layer gives.
func (o TargetOptions) validate(backend string) error {
	if backend != "" && !strings.EqualFold(backend, "auto") && !slices.Contains(Backends, strings.ToLower(backend)) {
		return fmt.Errorf("unknown backend %q (want %s)", backend, strings.Join(Backends, ", "))
	}
	if o.Fraction != 0 && !o.namesDevice() {
		o.HBM = "1" // any device, for the fraction to be checked against
	}
	_, err := o.Resolve()
	return err
}

// parseTargetFlags reads the words of a target comment into o: a bare word is the preset, and
// --NAME VALUE or --NAME=VALUE one of the flags. It returns the backend the comment names.
func parseTargetFlags(fields []string, o *TargetOptions, backend string) (string, error) {
	for i := 0; i < len(fields); i++ {
		name, val, hasVal := strings.Cut(fields[i], "=")
		if !strings.HasPrefix(name, "--") {
			o.Target = fields[i]
			continue
		}
		opt, known := LookupTargetOption(strings.TrimPrefix(name, "--"), InComment)
		if !known {
			return backend, fmt.Errorf("unknown flag %s (want %s)", name, commentFlags())
		}
		if !hasVal {
			if i+1 >= len(fields) {
				return backend, fmt.Errorf("%s needs a value", name)
			}
			i++
			val = fields[i]
		}
		if opt.Name == "backend" {
			backend = val // checked with the comment as a whole (validate), "auto" included
			continue
		}
		v, err := opt.ParseString(val)
		if err != nil {
			return backend, err
		}
		vals := OptionValues{Target: *o}
		opt.Set(&vals, v)
		*o = vals.Target
	}
	return backend, nil
}
