//go:build unix

package driver

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

// renameKeepsIdentity reports whether renaming tmp over target leaves everything but the content
// and the inode number as it was: target is a regular file with one link, owned by the
// effective user and writable by them, with no setuid, setgid or sticky bit and no extended
// attributes, and tmp has
// (or could be given) target's group and has its mode.
func renameKeepsIdentity(target, tmp string, info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok || st.Nlink != 1 || int(st.Uid) != os.Geteuid() {
		return false
	}
	if info.Mode()&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky) != 0 || hasXattrs(target) {
		return false
	}
	// A file its owner made read-only is not replaced behind its back: the in-place write then
	// fails as opening it for writing does.
	if syscall.Access(target, 2 /* W_OK */) != nil {
		return false
	}
	tinfo, err := os.Stat(tmp)
	if err != nil {
		return false
	}
	if tst, ok := tinfo.Sys().(*syscall.Stat_t); !ok || tst.Gid != st.Gid {
		if os.Chown(tmp, -1, int(st.Gid)) != nil {
			return false
		}
		if tinfo, err = os.Stat(tmp); err != nil {
			return false
		}
	}
	return tinfo.Mode() == info.Mode()
}

// processAlive reports whether pid names a live process on this machine: signal 0 is delivered,
// or refused for lack of permission.
func processAlive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
