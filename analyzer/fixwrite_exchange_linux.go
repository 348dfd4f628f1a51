package analyzer

import (
	"errors"

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
