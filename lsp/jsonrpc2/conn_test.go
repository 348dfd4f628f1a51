package jsonrpc2

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// pair connects two Conns over an in-memory pipe; b serves with h.
func pair(t *testing.T, h Handler) (a *Conn, aErrs func() []string) {
	t.Helper()
	ea, eb := net.Pipe()
	var mu sync.Mutex
	var errs []string
	a = NewConn(NewStream(ea), HandlerFunc(func(ctx context.Context, r *Request, reply Replier) { reply(nil, nil) }), func(err error) {
		mu.Lock()
		errs = append(errs, err.Error())
		mu.Unlock()
	})
	b := NewConn(NewStream(eb), h, nil)
	go a.Run(context.Background())
	go b.Run(context.Background())
	t.Cleanup(func() { ea.Close(); eb.Close() })
	return a, func() []string { mu.Lock(); defer mu.Unlock(); return append([]string(nil), errs...) }
}

func TestCallAndErrors(t *testing.T) {
	a, _ := pair(t, HandlerFunc(func(ctx context.Context, r *Request, reply Replier) {
		switch r.Method {
		case "echo":
			reply(r.Params, nil)
		case "fail":
			reply(nil, errors.Join(errors.New("context"), ErrInvalidParams))
		case "later":
			go func() { time.Sleep(10 * time.Millisecond); reply("done", nil) }()
		case "wait": // handlers must not block the read goroutine
			go func() { <-ctx.Done(); reply(nil, ctx.Err()) }()
		default:
			reply(nil, ErrMethodNotFound)
		}
	}))
	ctx := context.Background()
	var got map[string]int
	if err := a.Call(ctx, "echo", map[string]int{"x": 1}, &got); err != nil || got["x"] != 1 {
		t.Errorf("echo: %v, %v", got, err)
	}
	var e *Error
	if err := a.Call(ctx, "fail", nil, nil); !errors.As(err, &e) || e.Code != CodeInvalidParams || !strings.Contains(e.Message, "context") {
		t.Errorf("fail: %v", err)
	}
	var s string
	if err := a.Call(ctx, "later", nil, &s); err != nil || s != "done" {
		t.Errorf("later: %q, %v", s, err)
	}
	// Cancelling a call sends $/cancelRequest; the peer's context ends and it answers.
	cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if err := a.Call(cctx, "wait", nil, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("wait: %v", err)
	}
	if err := a.Call(ctx, "nope", nil, nil); !errors.As(err, &e) || e.Code != CodeMethodNotFound {
		t.Errorf("nope: %v", err)
	}
}

func TestDuplicateID(t *testing.T) {
	block := make(chan struct{})
	defer close(block)
	ea, eb := net.Pipe()
	defer ea.Close()
	defer eb.Close()
	b := NewConn(NewStream(eb), HandlerFunc(func(ctx context.Context, r *Request, reply Replier) {
		go func() { <-block; reply(nil, nil) }()
	}), nil)
	go b.Run(context.Background())
	sa := NewStream(ea)
	for range 2 {
		if err := sa.Write([]byte(`{"jsonrpc":"2.0","id":5,"method":"m"}`)); err != nil {
			t.Fatal(err)
		}
	}
	body, err := sa.Read()
	if err != nil {
		t.Fatal(err)
	}
	var resp wireMessage
	if err := json.Unmarshal(body, &resp); err != nil || resp.Error == nil || resp.Error.Code != CodeInvalidRequest {
		t.Errorf("second request with id 5: %s", body)
	}
}
