package jsonrpc2

import (
	"bufio"
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
	r  *bufio.Reader
	wm sync.Mutex
	w  io.Writer
	c  io.Closer
}

// readBufferSize is the read buffer's size. It must exceed MaxHeaderLine: a header line is read
// within the buffer (bufio.Reader.ReadSlice), never grown beyond it.
const readBufferSize = 64 << 10

// NewStream returns a framed stream over rwc.
func NewStream(rwc io.ReadWriteCloser) *Stream {
	return &Stream{r: bufio.NewReaderSize(rwc, readBufferSize), w: rwc, c: rwc}
}

// NewStreamRW returns a framed stream reading r and writing w; Close closes neither.
func NewStreamRW(r io.Reader, w io.Writer) *Stream {
	return &Stream{r: bufio.NewReaderSize(r, readBufferSize), w: w}
}

// Read returns the body of the next message. A malformed header yields an error wrapping
// ErrFraming, after which Read can be called again; io.EOF means the peer closed the stream.
func (s *Stream) Read() ([]byte, error) {
	length := -1
	headers := 0
	for {
		line, err := s.readLine()
		if err != nil {
			if err == io.EOF && (headers > 0 || line != "") {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
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
	return body, nil
}

// readLine returns the next line with its line ending, or what precedes the end of the stream. A
// line longer than MaxHeaderLine is read to its end in buffer-sized pieces and dropped, so a
// peer sending an endless line costs time but no memory; the error then wraps ErrFraming.
func (s *Stream) readLine() (string, error) {
	b, err := s.r.ReadSlice('\n')
	if err == nil && len(b) <= MaxHeaderLine {
		return string(b), nil
	}
	if err != nil && err != bufio.ErrBufferFull {
		return string(b), err // io.EOF after a partial line, or a read error
	}
	n := int64(len(b))
	for err == bufio.ErrBufferFull {
		b, err = s.r.ReadSlice('\n')
		n += int64(len(b))
	}
	if err == io.EOF {
		return "", io.ErrUnexpectedEOF
	}
	if err != nil {
		return "", err
	}
	return "", fmt.Errorf("read message: %w: header line of %d bytes exceeds %d", ErrFraming, n, MaxHeaderLine)
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
