package driver

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// exchange swaps the files at a and b atomically (renameat2 with RENAME_EXCHANGE), so that
// WriteFile can look at the file its rename displaced. It returns errNoExchange where the kernel
// or the file system does not support it.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.ENOTSUP) {
		return errNoExchange
	}
	return err
}

// openForWriting reports whether any process has f's file open for writing: the kernel refuses
// a read lease (F_SETLEASE F_RDLCK) on a file open for writing anywhere. A writer that opened
// the file before WriteFile exchanged it away may not have written yet; its write would land in
// the displaced file. ok is false where leases are not available (another file system, leases
// disabled, a file of another owner): the content check is then all there is.
func openForWriting(f *os.File) (writing, ok bool) {
	rc, err := f.SyscallConn()
	if err != nil {
		return false, false
	}
	var lerr error
	if err := rc.Control(func(fd uintptr) {
		_, lerr = unix.FcntlInt(fd, unix.F_SETLEASE, unix.F_RDLCK)
		if lerr == nil {
			unix.FcntlInt(fd, unix.F_SETLEASE, unix.F_UNLCK)
		}
	}); err != nil {
		return false, false
	}
	switch {
	case lerr == nil:
		return false, true
	case errors.Is(lerr, unix.EAGAIN):
		return true, true
	}
	return false, false
}
