package jsonrpc2

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestStreamRead(t *testing.T) {
	in := "Content-Length: 2\r\n\r\n{}" +
		"\r\n" + // a stray blank line between messages is skipped
		"content-length: 3\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n[1]" +
		"Bogus\r\n\r\n" + // no colon
		"Content-Length: x\r\n\r\n" +
		"Content-Type: a\r\n\r\n" + // no length
		"Content-Length: 4\r\n\r\nnull" +
		"Content-Length: 10\r\n\r\nshort"
	s := NewStreamRW(strings.NewReader(in), io.Discard)
	want := []struct {
		body    string
		framing bool
		err     error
	}{
		{body: "{}"}, {body: "[1]"}, {framing: true}, {framing: true}, {framing: true}, {body: "null"},
		{err: io.ErrUnexpectedEOF}, {err: io.EOF},
	}
	for i, w := range want {
		body, err := s.Read()
		switch {
		case w.framing:
			if !errors.Is(err, ErrFraming) {
				t.Errorf("read %d: %q, %v; want a framing error", i, body, err)
			}
		case w.err != nil:
			if !errors.Is(err, w.err) {
				t.Errorf("read %d: %q, %v; want %v", i, body, err, w.err)
			}
		default:
			if err != nil || string(body) != w.body {
				t.Errorf("read %d: %q, %v; want %q", i, body, err, w.body)
			}
		}
	}
}

func TestStreamWrite(t *testing.T) {
	var buf bytes.Buffer
	s := NewStreamRW(nil, &buf)
	if err := s.Write([]byte(`{"a":"é"}`)); err != nil {
		t.Fatal(err)
	}
	if got := buf.String(); got != "Content-Length: 10\r\n\r\n{\"a\":\"é\"}" {
		t.Errorf("wrote %q", got)
	}
}

func TestStreamTooLarge(t *testing.T) {
	in := "Content-Length: 300000000\r\n\r\n"
	s := NewStreamRW(strings.NewReader(in), io.Discard)
	if _, err := s.Read(); err == nil {
		t.Errorf("oversized body: %v", err)
	}
}

func TestID(t *testing.T) {
	for _, tt := range []struct {
		json string
		want ID
		err  bool
	}{
		{`7`, NumberID(7), false},
		{`"abc"`, StringID("abc"), false},
		{` 12 `, NumberID(12), false},
		{`1.5`, ID{}, true},
		{`{}`, ID{}, true},
	} {
		var id ID
		err := json.Unmarshal([]byte(tt.json), &id)
		if (err != nil) != tt.err || (!tt.err && id != tt.want) {
			t.Errorf("unmarshal %s = %v, %v", tt.json, id, err)
			continue
		}
		if !tt.err {
			b, _ := json.Marshal(id)
			if strings.TrimSpace(tt.json) != string(b) {
				t.Errorf("marshal %v = %s, want %s", id, b, tt.json)
			}
		}
	}
}
