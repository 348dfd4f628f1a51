package jsonrpc2

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Error codes defined by JSON-RPC 2.0 and the Language Server Protocol.
const (
	CodeParseError           int64 = -32700
	CodeInvalidRequest       int64 = -32600
	CodeMethodNotFound       int64 = -32601
	CodeInvalidParams        int64 = -32602
	CodeInternalError        int64 = -32603
	CodeServerNotInitialized int64 = -32002
	CodeUnknownError         int64 = -32001
	CodeRequestFailed        int64 = -32803
	CodeServerCancelled      int64 = -32802
	CodeContentModified      int64 = -32801
	CodeRequestCancelled     int64 = -32800
)

// Error is a JSON-RPC error object. Handlers return one (possibly wrapped with %w) to choose the
// code of their error response; any other error becomes CodeInternalError.
type Error struct {
	Code    int64           `json:"code"`
	Message string          `json:"message"`
	Data    json.RawMessage `json:"data,omitempty"`
}

func (e *Error) Error() string { return fmt.Sprintf("jsonrpc2 error %d: %s", e.Code, e.Message) }

// Errorf returns an *Error with the given code and a formatted message.
func Errorf(code int64, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Sentinel errors for the common codes; wrap them with fmt.Errorf("...: %w", ErrX) to keep the code.
var (
	ErrParse                = &Error{Code: CodeParseError, Message: "parse error"}
	ErrInvalidRequest       = &Error{Code: CodeInvalidRequest, Message: "invalid request"}
	ErrMethodNotFound       = &Error{Code: CodeMethodNotFound, Message: "method not found"}
	ErrInvalidParams        = &Error{Code: CodeInvalidParams, Message: "invalid params"}
	ErrInternal             = &Error{Code: CodeInternalError, Message: "internal error"}
	ErrServerNotInitialized = &Error{Code: CodeServerNotInitialized, Message: "server not initialized"}
	ErrRequestCancelled     = &Error{Code: CodeRequestCancelled, Message: "request cancelled"}
	ErrContentModified      = &Error{Code: CodeContentModified, Message: "content modified"}
)

// toWireError converts a handler's error to the error object sent to the peer: the code of the
// first *Error in err's chain, with err's full text as the message.
func toWireError(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		if e == err {
			return e
		}
		return &Error{Code: e.Code, Message: err.Error(), Data: e.Data}
	}
	return &Error{Code: CodeInternalError, Message: err.Error()}
}
