package analyzer

import (
	"bytes"
	"context"
	"testing"
)

// TestFileSizeLimit checks that a source of MaxFileSize bytes is analysed and one byte more gets
// a single AL901 finding naming the limit, and nothing else.
func TestFileSizeLimit(t *testing.T) {
	rn := mustRunner(t, testRules...)
	line := []byte("x = 1  # padding padding padding padding padding padding padding\n")
	src := bytes.Repeat(line, MaxFileSize/len(line))
	src = append(src, bytes.Repeat([]byte("#"), MaxFileSize-len(src))...)
	fs, err := rn.Check(context.Background(), "big.py", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fs {
		if f.Code == "AL901" {
			t.Errorf("a file of exactly MaxFileSize bytes: %s", f.Message)
		}
	}
	fs, err = rn.Check(context.Background(), "big.py", append(src, '\n'), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := "file not checked: 8.5 MiB is over the 8.5 MiB size limit (1 GiB of memory per file)"
	if len(fs) != 1 || fs[0].Code != "AL901" || fs[0].Line != 1 || fs[0].Message != want {
		t.Errorf("a file of MaxFileSize+1 bytes: %q, want one AL901 %q", summary(fs), want)
	}
	if err := SizeError(60_000_000); err == nil || err.Error() != "57.2 MiB is over the 8.5 MiB size limit (1 GiB of memory per file)" {
		t.Errorf("SizeError(60 MB) = %v", err)
	}
}
