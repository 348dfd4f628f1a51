package jsonrpc2

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// ID identifies a request: a JSON number or string. The zero ID is the number 0.
type ID struct {
	num   int64
	str   string
	isStr bool
}

// NumberID returns a numeric request ID.
func NumberID(n int64) ID { return ID{num: n} }

// StringID returns a string request ID.
func StringID(s string) ID { return ID{str: s, isStr: true} }

// String formats the ID as it appears on the wire: a number, or a quoted string.
func (id ID) String() string {
	if id.isStr {
		return strconv.Quote(id.str)
	}
	return strconv.FormatInt(id.num, 10)
}

// MarshalJSON encodes the ID as a JSON number or string.
func (id ID) MarshalJSON() ([]byte, error) {
	if id.isStr {
		return json.Marshal(id.str)
	}
	return strconv.AppendInt(nil, id.num, 10), nil
}

// UnmarshalJSON decodes a JSON number (an integer) or string.
func (id *ID) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("decode id %s: %w", b, err)
		}
		*id = StringID(s)
		return nil
	}
	n, err := strconv.ParseInt(string(b), 10, 64)
	if err != nil {
		return fmt.Errorf("decode id %s: not an integer or string", b)
	}
	*id = NumberID(n)
	return nil
}

// Request is an incoming request or notification. Notifications have no ID.
type Request struct {
	// ID is the request's ID; nil for a notification.
	ID *ID
	// Method is the method name, e.g. "textDocument/hover".
	Method string
	// Params holds the raw parameters, possibly empty.
	Params json.RawMessage
}

// IsNotification reports whether r expects no response.
func (r *Request) IsNotification() bool { return r.ID == nil }

// wireMessage is every JSON-RPC message shape at once, as written to the wire or delivered to a
// waiting Call.
type wireMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      *ID             `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// incomingMessage is a message as read from the wire, its id kept raw so that an id of the wrong
// type (a fraction, an object, null) is told apart from a malformed message.
type incomingMessage struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   *Error          `json:"error"`
}

// response is an outgoing response: ID is written even when null and exactly one of Result or
// Error is set.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      *ID             `json:"id"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

// nullResult is the JSON written for a nil result: LSP answers such as hover use null.
var nullResult = json.RawMessage("null")
