package jsonrpc2

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// MaxMessageSize bounds one framed message body. LSP messages carry whole documents on didOpen,
// so it is generous; larger bodies are skipped and reported as an error, not read into memory.
const MaxMessageSize = 256 << 20

// MaxHeaderLine bounds one header line, its line ending included. LSP headers are a
// Content-Length and perhaps a Content-Type, a few dozen bytes; a longer line is skipped without
// being held in memory and reported as an error.
const MaxHeaderLine = 4 << 10

// MaxHeaders bounds the header lines of one message; more are reported as an error.
const MaxHeaders = 32

// ErrFraming is wrapped by Read errors about a malformed header; the stream stays usable.
var ErrFraming = errors.New("malformed message header")

// Stream reads and writes Content-Length framed messages. Reads must come from one goroutine;
// writes may come from many.
type Stream struct {
	r   *bufio.Reader
	src io.Reader // what r reads when no bytes are pushed back
	// prefix holds bytes pushed back after a body that ran past its JSON value (a Content-Length
	// too large): they are read again, ahead of src, as the start of the next message.
	prefix *bytes.Reader

	wm sync.Mutex
	w  io.Writer
	c  io.Closer
}

// readBufferSize is the read buffer's size. It must exceed MaxHeaderLine: a header line is read
// within the buffer (bufio.Reader.ReadSlice), never grown beyond it.
const readBufferSize = 64 << 10

// NewStream returns a framed stream over rwc.
func NewStream(rwc io.ReadWriteCloser) *Stream {
	return &Stream{r: bufio.NewReaderSize(rwc, readBufferSize), src: rwc, w: rwc, c: rwc}
}

// NewStreamRW returns a framed stream reading r and writing w; Close closes neither.
func NewStreamRW(r io.Reader, w io.Writer) *Stream {
	return &Stream{r: bufio.NewReaderSize(r, readBufferSize), src: r, w: w}
}

// contentLengthHeader is the header Read resynchronises on, in lower case.
const contentLengthHeader = "content-length:"

// Read returns the body of the next message. A malformed header yields an error wrapping
// ErrFraming, after which Read can be called again; io.EOF means the peer closed the stream.
//
// A Content-Length a few bytes off, or missing, must not cost more than the message it belongs
// to, so Read resynchronises on the next Content-Length header:
//   - a header line holding "Content-Length:" after other bytes (the tail of a body that was
//     longer than its Content-Length, or that had none, glued to the next header) starts a new
//     header block there, even when the line is too long to keep;
//   - a body that is not valid JSON but starts with a complete JSON value (its Content-Length was
//     too large, so it swallowed the start of the next message) is cut after that value, and the
//     bytes after it are read again as the start of the next message.
func (s *Stream) Read() ([]byte, error) {
	length := -1
	headers := 0
	for {
		line, resync, err := s.readLine()
		if err != nil {
			if err == io.EOF && (headers > 0 || line != "") {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if i := lastIndexFold(line, contentLengthHeader); i > 0 || resync {
			// Leftover bytes of a previous message glued to a header: start over at the header.
			line, length, headers = line[max(i, 0):], -1, 0
		}
		if line == "" {
			if headers == 0 {
				continue // stray blank line between messages
			}
			break
		}
		if headers++; headers > MaxHeaders {
			return nil, fmt.Errorf("read message: %w: more than %d header lines", ErrFraming, MaxHeaders)
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, fmt.Errorf("read message: %w: header line %q has no colon", ErrFraming, truncate(line))
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(value))
			if err != nil || n < 0 {
				return nil, fmt.Errorf("read message: %w: bad Content-Length %q", ErrFraming, truncate(value))
			}
			length = n
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("read message: %w: no Content-Length", ErrFraming)
	}
	if length > MaxMessageSize {
		if _, err := s.r.Discard(length); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("read message: %w: body of %d bytes exceeds %d", ErrFraming, length, MaxMessageSize)
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(s.r, body); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return nil, err
	}
	if !json.Valid(body) {
		if end := firstValueEnd(body); end > 0 {
			s.pushBack(body[end:])
			body = body[:end]
		}
	}
	return body, nil
}

// firstValueEnd returns the length of the JSON value that body starts with, when it is followed
// by more than white space; else 0.
func firstValueEnd(body []byte) int {
	dec := json.NewDecoder(bytes.NewReader(body))
	var v json.RawMessage
	if dec.Decode(&v) != nil {
		return 0
	}
	end := int(dec.InputOffset())
	if len(bytes.TrimSpace(body[end:])) == 0 {
		return 0
	}
	return end
}

// pushBack makes b the next bytes read, ahead of whatever the stream had yet to deliver (the
// read buffer's bytes and earlier pushed-back bytes): one prefix over the source, never nested.
func (s *Stream) pushBack(b []byte) {
	buffered, _ := s.r.Peek(s.r.Buffered())
	next := make([]byte, 0, len(b)+len(buffered)+s.prefixLen())
	next = append(next, b...)
	next = append(next, buffered...)
	if s.prefix != nil {
		rest := make([]byte, s.prefix.Len())
		n, _ := s.prefix.Read(rest)
		next = append(next, rest[:n]...)
	}
	s.prefix = bytes.NewReader(next)
	s.r.Reset(io.MultiReader(s.prefix, s.src))
}

func (s *Stream) prefixLen() int {
	if s.prefix == nil {
		return 0
	}
	return s.prefix.Len()
}

// lastIndexFold returns the index of the last occurrence of lower (which is in lower case) in s,
// ignoring ASCII case, or -1. The last, because the glued header ends the line, and the body
// before it may hold the same words (a document about HTTP).
func lastIndexFold(s, lower string) int {
	for i := len(s) - len(lower); i >= 0; i-- {
		if strings.EqualFold(s[i:i+len(lower)], lower) {
			return i
		}
	}
	return -1
}

// readLine returns the next line with its line ending, or what precedes the end of the stream. A
// line longer than MaxHeaderLine is read to its end in buffer-sized pieces and dropped, so a
// peer sending an endless line costs time but no memory; the error then wraps ErrFraming, unless
// the line ends with a Content-Length header, which is returned with resync set.
func (s *Stream) readLine() (line string, resync bool, err error) {
	b, err := s.r.ReadSlice('\n')
	if err == nil && len(b) <= MaxHeaderLine {
		return string(b), false, nil
	}
	if err != nil && err != bufio.ErrBufferFull {
		return string(b), false, err // io.EOF after a partial line, or a read error
	}
	// Keep the line's last MaxHeaderLine bytes: a header glued to the end of a long body ends it.
	n := int64(len(b))
	tail := keepTail(nil, b)
	for err == bufio.ErrBufferFull {
		b, err = s.r.ReadSlice('\n')
		n += int64(len(b))
		tail = keepTail(tail, b)
	}
	if err == io.EOF {
		return "", false, io.ErrUnexpectedEOF
	}
	if err != nil {
		return "", false, err
	}
	if i := lastIndexFold(string(tail), contentLengthHeader); i >= 0 {
		return string(tail[i:]), true, nil // Read starts a header block there
	}
	return "", false, fmt.Errorf("read message: %w: header line of %d bytes exceeds %d", ErrFraming, n, MaxHeaderLine)
}

// keepTail appends b to tail and keeps the last MaxHeaderLine bytes, in tail's storage.
func keepTail(tail, b []byte) []byte {
	if len(b) >= MaxHeaderLine {
		return append(tail[:0], b[len(b)-MaxHeaderLine:]...)
	}
	tail = append(tail, b...)
	if over := len(tail) - MaxHeaderLine; over > 0 {
		tail = append(tail[:0], tail[over:]...)
	}
	return tail
}

// Write sends one message body with its Content-Length header.
func (s *Stream) Write(body []byte) error {
	s.wm.Lock()
	defer s.wm.Unlock()
	buf := make([]byte, 0, len(body)+32)
	buf = append(buf, "Content-Length: "...)
	buf = strconv.AppendInt(buf, int64(len(body)), 10)
	buf = append(buf, "\r\n\r\n"...)
	buf = append(buf, body...)
	_, err := s.w.Write(buf)
	return err
}

// Close closes the underlying stream if it was created with NewStream.
func (s *Stream) Close() error {
	if s.c == nil {
		return nil
	}
	return s.c.Close()
}

func truncate(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
