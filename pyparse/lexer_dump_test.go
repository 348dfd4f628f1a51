package pyparse

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// dumpTokens renders tokens as "Kind 'text'" lines, for test failures and debugging.
func dumpTokens(src []byte, toks []Token) string {
	var sb strings.Builder
	for _, t := range toks {
		fmt.Fprintf(&sb, "%s %q", t.Kind, src[t.Start:t.End])
		if t.Flags&FlagError != 0 {
			sb.WriteString(" !")
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}

func TestDumpFile(t *testing.T) {
	path := os.Getenv("LEXDUMP")
	if path == "" {
		t.Skip("LEXDUMP not set: debugging aid that prints the tokens of a file")
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	toks, comments, errs := Lex(src)
	t.Logf("\n%s", dumpTokens(src, toks))
	t.Logf("comments %d errors %v", len(comments), errs)
}
