package driver

import (
	"bytes"
	"syscall"
)

// hasXattrs reports whether path carries extended attributes that a rename would drop (POSIX
// ACLs are stored as such). security.selinux is left out: a new file in the same directory gets
// the same label. When it cannot tell, it says yes, so the file is written in place.
func hasXattrs(path string) bool {
	n, err := syscall.Listxattr(path, nil)
	if err == syscall.ENOTSUP {
		return false
	}
	if err != nil {
		return true
	}
	if n == 0 {
		return false
	}
	buf := make([]byte, n)
	if n, err = syscall.Listxattr(path, buf); err != nil {
		return true
	}
	for _, name := range bytes.Split(bytes.TrimRight(buf[:n], "\x00"), []byte{0}) {
		if string(name) != "security.selinux" {
			return true
		}
	}
	return false
}
