package jsonrpc2

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"sync/atomic"
)

// Replier sends the response to one request. It must be called exactly once per request (later
// calls are ignored); for a notification it does nothing. It may be called from any goroutine.
// A nil result is sent as JSON null. An error wrapping context.Canceled is sent as
// CodeRequestCancelled.
type Replier func(result any, err error)

// Handler handles incoming requests and notifications. Handle is called on the connection's read
// goroutine, in arrival order, so a handler that must wait should reply from another goroutine.
type Handler interface {
	Handle(ctx context.Context, req *Request, reply Replier)
}

// HandlerFunc adapts a function to Handler.
type HandlerFunc func(ctx context.Context, req *Request, reply Replier)

// Handle calls f.
func (f HandlerFunc) Handle(ctx context.Context, req *Request, reply Replier) { f(ctx, req, reply) }

// Conn is a JSON-RPC 2.0 connection: it serves incoming messages with a Handler and sends
// notifications and requests to the peer.
type Conn struct {
	stream  *Stream
	handler Handler
	onError func(error)

	mu       sync.Mutex
	inflight map[ID]context.CancelFunc // incoming requests not yet answered
	pending  map[ID]chan *wireMessage  // outgoing requests awaiting a response
	closed   bool
	nextID   atomic.Int64
}

// NewConn returns a connection over stream that dispatches to h. onError, if not nil, receives
// protocol problems that have no request to answer them on (malformed headers, bad responses,
// handler panics); it must not block.
func NewConn(stream *Stream, h Handler, onError func(error)) *Conn {
	if onError == nil {
		onError = func(error) {}
	}
	return &Conn{
		stream:   stream,
		handler:  h,
		onError:  onError,
		inflight: make(map[ID]context.CancelFunc),
		pending:  make(map[ID]chan *wireMessage),
	}
}

// MaxFramingErrors is how many malformed headers in a row Run reports before it gives up on the
// peer: a stream of garbage then closes the connection instead of being answered with an error
// report for every few bytes read.
const MaxFramingErrors = 16

// Run reads and dispatches messages until the peer closes the stream (returning nil), a read
// fails or MaxFramingErrors malformed headers arrive in a row (returning the error), or ctx is
// done. When it returns, the contexts of unanswered requests are cancelled and pending calls fail.
func (c *Conn) Run(ctx context.Context) error {
	defer c.shutdown()
	framingErrors := 0
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		body, err := c.stream.Read()
		if err != nil {
			if errors.Is(err, ErrFraming) {
				c.onError(err)
				if framingErrors++; framingErrors >= MaxFramingErrors {
					return fmt.Errorf("%d malformed message headers in a row (the last: %w)", framingErrors, err)
				}
				continue
			}
			if errors.Is(err, io.EOF) {
				return nil
			}
			return fmt.Errorf("read message: %w", err)
		}
		framingErrors = 0
		c.dispatch(ctx, body)
	}
}

func (c *Conn) shutdown() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
	for id, cancel := range c.inflight {
		cancel()
		delete(c.inflight, id)
	}
	for id, ch := range c.pending {
		close(ch)
		delete(c.pending, id)
	}
}

func (c *Conn) dispatch(ctx context.Context, body []byte) {
	var in incomingMessage
	if err := json.Unmarshal(body, &in); err != nil {
		c.writeResponse(nil, nil, Errorf(CodeParseError, "parse message: %v", err))
		return
	}
	msg := wireMessage{JSONRPC: in.JSONRPC, Method: in.Method, Params: in.Params, Result: in.Result, Error: in.Error}
	isResponse := in.Method == "" && (in.Error != nil || len(in.Result) > 0)
	idNull := string(in.ID) == "null"
	if len(in.ID) > 0 && !idNull {
		var id ID
		if err := id.UnmarshalJSON(in.ID); err != nil {
			// JSON-RPC 2.0 ids are strings or numbers (LSP: integers); anything else makes the
			// message an invalid request, answered with a null id as the id cannot be echoed.
			if isResponse {
				c.onError(fmt.Errorf("handle response: %w", err))
			} else {
				c.writeResponse(nil, nil, Errorf(CodeInvalidRequest, "invalid request: id %s is not an integer or a string", truncate(string(in.ID))))
			}
			return
		}
		msg.ID = &id
	}
	switch {
	case msg.JSONRPC != "2.0":
		c.writeResponse(msg.ID, nil, Errorf(CodeInvalidRequest, "invalid request: jsonrpc is %q, want \"2.0\"", msg.JSONRPC))
	case msg.Method == "" && msg.ID != nil:
		c.deliver(&msg)
	case isResponse:
		// A response with a null id (the peer could not read one of our messages): never
		// answer a response, or two peers would trade errors forever.
		if msg.Error != nil {
			c.onError(fmt.Errorf("handle response with null id: error %d: %s", msg.Error.Code, msg.Error.Message))
		}
	case idNull:
		// A null id is neither a request's id nor a notification's absent one (LSP ids are
		// integers or strings): answer it as invalid rather than drop it silently.
		c.writeResponse(nil, nil, Errorf(CodeInvalidRequest, "invalid request: id is null"))
	case msg.Method == "":
		c.writeResponse(nil, nil, Errorf(CodeInvalidRequest, "invalid request: no method"))
	case msg.Method == "$/cancelRequest" && msg.ID == nil:
		var p struct {
			ID ID `json:"id"`
		}
		if err := json.Unmarshal(msg.Params, &p); err != nil {
			c.onError(fmt.Errorf("decode $/cancelRequest: %w", err))
			return
		}
		c.mu.Lock()
		cancel := c.inflight[p.ID]
		c.mu.Unlock()
		if cancel != nil {
			cancel()
		}
	default:
		c.serve(ctx, &Request{ID: msg.ID, Method: msg.Method, Params: msg.Params})
	}
}

// serve calls the handler for one request or notification, recovering a panic into an
// internal-error response (for a request) and a report to onError.
func (c *Conn) serve(ctx context.Context, req *Request) {
	reply := Replier(func(any, error) {})
	if req.ID != nil {
		id := *req.ID
		var cancel context.CancelFunc
		ctx, cancel = context.WithCancel(ctx)
		c.mu.Lock()
		if _, dup := c.inflight[id]; dup {
			c.mu.Unlock()
			cancel()
			c.writeResponse(req.ID, nil, Errorf(CodeInvalidRequest, "invalid request: id %s is already in use", id))
			return
		}
		c.inflight[id] = cancel
		c.mu.Unlock()
		var once sync.Once
		reply = func(result any, err error) {
			once.Do(func() {
				c.mu.Lock()
				delete(c.inflight, id)
				c.mu.Unlock()
				cancel()
				c.writeResponse(&id, result, err)
			})
		}
	}
	defer func() {
		if p := recover(); p != nil {
			err := fmt.Errorf("handle %s: panic: %v\n%s", req.Method, p, debug.Stack())
			c.onError(err)
			reply(nil, &Error{Code: CodeInternalError, Message: fmt.Sprintf("handle %s: panic: %v", req.Method, p)})
		}
	}()
	c.handler.Handle(ctx, req, reply)
}

func (c *Conn) writeResponse(id *ID, result any, err error) {
	resp := response{JSONRPC: "2.0", ID: id}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			resp.Error = &Error{Code: CodeRequestCancelled, Message: err.Error()}
		} else {
			resp.Error = toWireError(err)
		}
	} else {
		raw, merr := marshalResult(result)
		if merr != nil {
			resp.Error = &Error{Code: CodeInternalError, Message: merr.Error()}
		} else {
			resp.Result = raw
		}
	}
	body, merr := json.Marshal(resp)
	if merr != nil {
		c.onError(fmt.Errorf("encode response %v: %w", id, merr))
		return
	}
	if werr := c.stream.Write(body); werr != nil {
		c.onError(fmt.Errorf("write response %v: %w", id, werr))
	}
}

func marshalResult(result any) (json.RawMessage, error) {
	switch r := result.(type) {
	case nil:
		return nullResult, nil
	case json.RawMessage:
		if r == nil {
			return nullResult, nil
		}
		return r, nil
	}
	raw, err := json.Marshal(result)
	if err != nil {
		return nil, fmt.Errorf("encode result: %w", err)
	}
	return raw, nil
}

// deliver hands a response to the Call waiting for it.
func (c *Conn) deliver(msg *wireMessage) {
	c.mu.Lock()
	ch := c.pending[*msg.ID]
	delete(c.pending, *msg.ID)
	c.mu.Unlock()
	if ch == nil {
		err := fmt.Errorf("handle response %s: no request with that id is pending", msg.ID)
		if msg.Error != nil {
			err = fmt.Errorf("%w (it carries error %d: %s)", err, msg.Error.Code, msg.Error.Message)
		}
		c.onError(err)
		return
	}
	ch <- msg
}

// Notify sends a notification to the peer.
func (c *Conn) Notify(method string, params any) error {
	return c.send(wireMessage{JSONRPC: "2.0", Method: method}, params)
}

// Call sends a request to the peer and waits for its response, decoding its result into result
// (which may be nil to discard it). An error response is returned as an *Error.
func (c *Conn) Call(ctx context.Context, method string, params any, result any) error {
	id := NumberID(c.nextID.Add(1))
	ch := make(chan *wireMessage, 1)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return fmt.Errorf("call %s: connection closed", method)
	}
	c.pending[id] = ch
	c.mu.Unlock()
	if err := c.send(wireMessage{JSONRPC: "2.0", ID: &id, Method: method}, params); err != nil {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		return err
	}
	select {
	case <-ctx.Done():
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
		_ = c.Notify("$/cancelRequest", struct {
			ID ID `json:"id"`
		}{id})
		return fmt.Errorf("call %s: %w", method, ctx.Err())
	case msg, ok := <-ch:
		if !ok {
			return fmt.Errorf("call %s: connection closed", method)
		}
		if msg.Error != nil {
			return fmt.Errorf("call %s: %w", method, msg.Error)
		}
		if result != nil && len(msg.Result) > 0 {
			if err := json.Unmarshal(msg.Result, result); err != nil {
				return fmt.Errorf("call %s: decode result: %w", method, err)
			}
		}
		return nil
	}
}

func (c *Conn) send(msg wireMessage, params any) error {
	if params != nil {
		raw, err := json.Marshal(params)
		if err != nil {
			return fmt.Errorf("encode %s params: %w", msg.Method, err)
		}
		msg.Params = raw
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("encode %s: %w", msg.Method, err)
	}
	if err := c.stream.Write(body); err != nil {
		return fmt.Errorf("send %s: %w", msg.Method, err)
	}
	return nil
}
