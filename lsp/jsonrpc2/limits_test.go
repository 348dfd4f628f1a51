package jsonrpc2

import (
	"context"
	"errors"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// This file tests the bounds on what a peer can make the stream hold: header line length and
// header count.

// repeatReader yields n copies of one byte without allocating them.
type repeatReader struct {
	b byte
	n int64
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n <= 0 {
		return 0, io.EOF
	}
	p = p[:min(int64(len(p)), r.n)]
	for i := range p {
		p[i] = r.b
	}
	r.n -= int64(len(p))
	return len(p), nil
}

// allocated returns the bytes allocated so far by the program.
func allocated() uint64 {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.TotalAlloc
}

// TestStreamLongHeaderLine sends a 100 MiB header line: Read reports a framing error without
// holding the line (it allocates far less than the line), then reads the next message.
func TestStreamLongHeaderLine(t *testing.T) {
	const lineLen = 100 << 20
	in := io.MultiReader(strings.NewReader("X-Junk: "), &repeatReader{'a', lineLen},
		strings.NewReader("\r\nContent-Length: 4\r\n\r\nnull"))
	s := NewStreamRW(in, io.Discard)
	before := allocated()
	_, err := s.Read()
	if grew := allocated() - before; grew > 1<<20 {
		t.Errorf("reading a %d-byte header line allocated %d bytes", lineLen, grew)
	}
	if !errors.Is(err, ErrFraming) || !strings.Contains(err.Error(), "exceeds 4096") {
		t.Fatalf("long header line: %v, want a framing error naming the limit", err)
	}
	if body, err := s.Read(); err != nil || string(body) != "null" {
		t.Errorf("message after the long line: %q, %v", body, err)
	}
}

// TestStreamLongLineAtEOF sends a long line that the stream ends inside.
func TestStreamLongLineAtEOF(t *testing.T) {
	s := NewStreamRW(&repeatReader{'a', 1 << 20}, io.Discard)
	if _, err := s.Read(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("long line cut by EOF: %v, want io.ErrUnexpectedEOF", err)
	}
}

// TestStreamHeaderLineAtLimit accepts a header line of exactly MaxHeaderLine bytes.
func TestStreamHeaderLineAtLimit(t *testing.T) {
	pad := MaxHeaderLine - len("X-Pad: \r\n")
	in := "X-Pad: " + strings.Repeat("p", pad) + "\r\nContent-Length: 2\r\n\r\n{}"
	s := NewStreamRW(strings.NewReader(in), io.Discard)
	if body, err := s.Read(); err != nil || string(body) != "{}" {
		t.Errorf("header line of %d bytes: %q, %v", MaxHeaderLine, body, err)
	}
	s = NewStreamRW(strings.NewReader("X-Pad: "+strings.Repeat("p", pad+1)+"\r\nContent-Length: 2\r\n\r\n{}"), io.Discard)
	if _, err := s.Read(); !errors.Is(err, ErrFraming) {
		t.Errorf("header line of %d bytes: %v, want a framing error", MaxHeaderLine+1, err)
	}
}

// TestStreamTooManyHeaders sends MaxHeaders+1 header lines: a framing error, then the stream
// reads the next message.
func TestStreamTooManyHeaders(t *testing.T) {
	ok := strings.Repeat("X-A: b\r\n", MaxHeaders-1) + "Content-Length: 2\r\n\r\n{}"
	in := ok + strings.Repeat("X-A: b\r\n", MaxHeaders+1) + "\r\nContent-Length: 4\r\n\r\nnull"
	s := NewStreamRW(strings.NewReader(in), io.Discard)
	if body, err := s.Read(); err != nil || string(body) != "{}" {
		t.Errorf("%d header lines: %q, %v", MaxHeaders, body, err)
	}
	if _, err := s.Read(); !errors.Is(err, ErrFraming) || !strings.Contains(err.Error(), "header lines") {
		t.Errorf("%d header lines: %v, want a framing error", MaxHeaders+1, err)
	}
	if body, err := s.Read(); err != nil || string(body) != "null" {
		t.Errorf("message after too many headers: %q, %v", body, err)
	}
}

// TestConnGivesUpOnGarbage feeds a connection nothing but malformed headers: it reports each of
// the first MaxFramingErrors and then stops with an error, instead of answering garbage forever.
func TestConnGivesUpOnGarbage(t *testing.T) {
	garbage := &repeatReader{'x', 1 << 30} // never reached: Run gives up before
	in := io.MultiReader(strings.NewReader(strings.Repeat("no colon here\r\n\r\n", 100)), garbage)
	var reported int
	c := NewConn(NewStreamRW(in, io.Discard), HandlerFunc(func(ctx context.Context, r *Request, reply Replier) {
		t.Errorf("handler called for %s", r.Method)
	}), func(error) { reported++ })
	err := c.Run(context.Background())
	if err == nil || !errors.Is(err, ErrFraming) || !strings.Contains(err.Error(), "in a row") {
		t.Errorf("Run on garbage: %v, want an error about malformed headers in a row", err)
	}
	if reported != MaxFramingErrors {
		t.Errorf("%d framing errors reported, want %d", reported, MaxFramingErrors)
	}
	if garbage.n != 1<<30 {
		t.Errorf("Run read %d bytes past the point where it gave up", 1<<30-garbage.n)
	}
}

// TestConnFramingErrorsReset checks that a good message between malformed ones resets the count.
func TestConnFramingErrorsReset(t *testing.T) {
	bad := strings.Repeat("no colon\r\n\r\n", MaxFramingErrors-1)
	body := `{"jsonrpc":"2.0","method":"note"}`
	good := "Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
	in := strings.NewReader(bad + good + bad + good)
	var notes int
	c := NewConn(NewStreamRW(in, io.Discard), HandlerFunc(func(ctx context.Context, r *Request, reply Replier) {
		notes++
	}), nil)
	if err := c.Run(context.Background()); err != nil {
		t.Errorf("Run: %v, want nil at the end of the stream", err)
	}
	if notes != 2 {
		t.Errorf("%d notifications handled, want 2", notes)
	}
}
