package pyparse

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCleanLexUnclosedByCount checks what parseTokens relies on to skip bracket pairing: for a
// source that lexes without errors, tokenHistogram finds a bracket unclosed exactly when there
// are more opening brackets than closing ones (no closer ever lacks an opener, though an
// f-string that ends inside a replacement field's format spec leaves its '{' open). It
// lexes the testdata sources, the stdlib when present, and random bracket soups with strings,
// f-strings and their replacement fields.
func TestCleanLexUnclosedByCount(t *testing.T) {
	var srcs [][]byte
	err := filepath.WalkDir("testdata", func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(p, ".py") {
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			srcs = append(srcs, src)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if roots, _ := filepath.Glob("/usr/lib/python3.*"); len(roots) > 0 {
		filepath.WalkDir(roots[0], func(p string, d fs.DirEntry, err error) error {
			if err == nil && strings.HasSuffix(p, ".py") && len(srcs) < 3000 {
				if src, err := os.ReadFile(p); err == nil {
					srcs = append(srcs, src)
				}
			}
			return nil
		})
	}
	pieces := []string{"(", ")", "[", "]", "{", "}", "f'", "'", "f\"", "\"", "x", ":", "!r", "=", "\n", " ", "#", "\\\n", "'''", "f'''"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200000 {
		var b strings.Builder
		for range 1 + rng.IntN(12) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		srcs = append(srcs, []byte(b.String()))
	}
	clean := 0
	for _, src := range srcs {
		toks, _, errs := Lex(src)
		if len(errs) > 0 {
			continue
		}
		clean++
		h, unclosed := tokenHistogram(toks)
		if byCount := openMinusClosed(&h) != 0; byCount != unclosed {
			t.Errorf("%q lexes without errors: tokenHistogram says unclosed %v, the counts %v", src, unclosed, byCount)
		}
	}
	if clean < 1000 {
		t.Errorf("only %d sources lexed cleanly: the test proves little", clean)
	}
}
