package jsonrpc2

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"
)

// This file tests how the stream recovers from a Content-Length that is wrong or missing, and how
// the connection answers ids of the wrong type.

// frame returns body with a Content-Length header declaring length bytes.
func frame(length int, body string) string {
	return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", length, body)
}

// TestStreamResync sends one message with a wrong or missing Content-Length followed by two good
// ones: the stream loses at most the broken message and reads the next good one whole.
func TestStreamResync(t *testing.T) {
	const a, b = `{"jsonrpc":"2.0","id":1,"method":"a"}`, `{"jsonrpc":"2.0","id":2,"method":"b"}`
	long := `{"jsonrpc":"2.0","method":"open","params":{"text":"` + strings.Repeat("x = 1\\n", 2000) + `"}}`
	http := `{"jsonrpc":"2.0","method":"open","params":{"text":"Content-Length: 12\\n"}}`
	for _, tt := range []struct {
		name, bad string
		want      []string // the good bodies read after it, in order
	}{
		{"three bytes too many", frame(len(a)+3, a), []string{a, b}},
		{"one byte too many", frame(len(a)+1, a), []string{a, b}},
		{"far too many", frame(len(a)+len(frame(len(b), b))+5, a), []string{a, b}},
		{"three bytes too few", frame(len(a)-3, a), []string{b}},
		{"missing", "Content-Type: x\r\n\r\n" + a, []string{b}},
		{"no header at all", a, []string{b}},
		{"missing, long body", "Content-Type: x\r\n\r\n" + long, []string{b}},
		{"too few, long body", frame(len(long)/2, long), []string{b}},
		{"missing, body naming the header", "Content-Type: x\r\n\r\n" + http, []string{b}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.bad + frame(len(b), b) + frame(len(b), b)
			s := NewStreamRW(strings.NewReader(in), io.Discard)
			var got []string
			for range 8 {
				body, err := s.Read()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil && !errors.Is(err, ErrFraming) {
					t.Fatalf("read: %v", err)
				}
				if err == nil && json.Valid(body) {
					got = append(got, string(body))
				}
			}
			// The message after the broken one is read whole: either the swallowed one is
			// restored (too many bytes) or the next is found after the leftover.
			want := append(tt.want, b)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("valid bodies read:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}

// TestConnInvalidIDs sends requests whose id is a fraction, an object, an array, a boolean or
// null: each is answered -32600 Invalid Request with a null id, and the next request is served.
func TestConnInvalidIDs(t *testing.T) {
	ea, eb := net.Pipe()
	defer ea.Close()
	defer eb.Close()
	// A request left unanswered (a null id taken for a notification) fails instead of hanging.
	if err := ea.SetDeadline(time.Now().Add(time.Minute)); err != nil {
		t.Fatal(err)
	}
	handled := make(chan string, 16)
	b := NewConn(NewStream(eb), HandlerFunc(func(ctx context.Context, r *Request, reply Replier) {
		handled <- r.Method
		reply("ok", nil)
	}), nil)
	go b.Run(context.Background())
	sa := NewStream(ea)
	for _, id := range []string{`1.5`, `{"a":1}`, `[1]`, `true`, `null`, `1e400`, `99999999999999999999`} {
		if err := sa.Write([]byte(`{"jsonrpc":"2.0","id":` + id + `,"method":"m"}`)); err != nil {
			t.Fatal(err)
		}
		body, err := sa.Read()
		if err != nil {
			t.Fatal(err)
		}
		var resp struct {
			ID    json.RawMessage `json:"id"`
			Error *Error          `json:"error"`
		}
		if err := json.Unmarshal(body, &resp); err != nil || resp.Error == nil || resp.Error.Code != CodeInvalidRequest || string(resp.ID) != "null" {
			t.Errorf("id %s: answered %s, want error %d with id null", id, body, CodeInvalidRequest)
		}
		if err := sa.Write([]byte(`{"jsonrpc":"2.0","id":7,"method":"next"}`)); err != nil {
			t.Fatal(err)
		}
		if body, err = sa.Read(); err != nil || string(body) != `{"jsonrpc":"2.0","id":7,"result":"ok"}` {
			t.Errorf("request after id %s: %s, %v", id, body, err)
		}
	}
	close(handled)
	for m := range handled {
		if m != "next" {
			t.Errorf("handler called for %q, a request with an invalid id", m)
		}
	}
}
