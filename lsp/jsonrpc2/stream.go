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

// NewStream returns a framed stream over rwc.
func NewStream(rwc io.ReadWriteCloser) *Stream {
	return &Stream{r: bufio.NewReaderSize(rwc, 64<<10), w: rwc, c: rwc}
}

// NewStreamRW returns a framed stream reading r and writing w; Close closes neither.
func NewStreamRW(r io.Reader, w io.Writer) *Stream {
	return &Stream{r: bufio.NewReaderSize(r, 64<<10), w: w}
}

// Read returns the body of the next message. A malformed header yields an error wrapping
// ErrFraming, after which Read can be called again; io.EOF means the peer closed the stream.
func (s *Stream) Read() ([]byte, error) {
	length := -1
	sawHeader := false
	for {
		line, err := s.r.ReadString('\n')
		if err != nil {
			if err == io.EOF && (sawHeader || line != "") {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			if !sawHeader {
				continue // stray blank line between messages
			}
			break
		}
		sawHeader = true
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
