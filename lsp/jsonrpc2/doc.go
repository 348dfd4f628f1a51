// Package jsonrpc2 is a small JSON-RPC 2.0 implementation over a byte stream with the
// Content-Length framing of the Language Server Protocol base protocol.
//
// It does what arraylint's server needs and nothing more: read and write framed messages,
// dispatch incoming requests and notifications in arrival order to one Handler, let a handler
// answer later from another goroutine, cancel a request's context on `$/cancelRequest`, and send
// requests to the peer and wait for their responses. Malformed messages are answered with a
// ParseError or InvalidRequest response (an id that is not an integer or a string, null
// included, is an InvalidRequest) and the connection keeps serving. A Content-Length that is
// wrong or missing costs only its own message: the stream resynchronises on the next
// Content-Length header (Stream.Read).
//
// Specification: https://www.jsonrpc.org/specification and
// https://microsoft.github.io/language-server-protocol/specifications/lsp/3.17/specification/#baseProtocol
package jsonrpc2
