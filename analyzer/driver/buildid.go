package driver

import (
	"bytes"
	"debug/elf"
	"encoding/binary"
	"io"
	"os"
)

// goBuildID returns the Go build ID the linker wrote into the executable at path, or "" when
// it has none or it cannot be read. On ELF systems it is the desc of the "Go" note of type 4
// (section .note.go.buildid); elsewhere (Mach-O, PE) the linker writes it at the start of the
// text as `\xff Go build ID: "…"\n \xff`, found within the file's first 64 KiB.
func goBuildID(path string) string {
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		if s := f.Section(".note.go.buildid"); s != nil {
			if data, err := s.Data(); err == nil {
				return noteBuildID(data, f.ByteOrder)
			}
		}
		return ""
	}
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, err := io.ReadFull(f, head)
	if err != nil && err != io.ErrUnexpectedEOF {
		return ""
	}
	return rawBuildID(head[:n])
}

// noteBuildID reads the build ID from an ELF note: name size, desc size and type (4 bytes
// each), the name "Go\x00\x00", then the ID.
func noteBuildID(note []byte, order binary.ByteOrder) string {
	if len(note) < 16 {
		return ""
	}
	namesz, descsz, typ := order.Uint32(note), order.Uint32(note[4:]), order.Uint32(note[8:])
	if namesz != 4 || typ != 4 || !bytes.Equal(note[12:16], []byte("Go\x00\x00")) || uint64(len(note)) < 16+uint64(descsz) {
		return ""
	}
	return string(note[16 : 16+descsz])
}

// rawBuildID finds the build ID the linker writes as text at the start of a non-ELF binary.
func rawBuildID(head []byte) string {
	marker := []byte("\xff Go build ID: \"")
	i := bytes.Index(head, marker)
	if i < 0 {
		return ""
	}
	rest := head[i+len(marker):]
	j := bytes.IndexByte(rest, '"')
	if j <= 0 {
		return ""
	}
	return string(rest[:j])
}
