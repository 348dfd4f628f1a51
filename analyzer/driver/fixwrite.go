package driver

// This file defines how --fix writes a fixed file back: it edits the file, not the path.
//
// Design. The goal is that after a fix the file is the same file with new content: a symlink
// still points where it pointed and the target holds the fix; every hard link still names one
// inode; owner, group, mode bits (setuid, setgid, sticky included), ACLs and extended attributes
// are unchanged. WriteFile therefore
//
//  1. resolves symlinks (filepath.EvalSymlinks) and works on the final target;
//  2. writes the new content to a temporary file next to the target, named
//     ".<base>.arraylint-<pid>-<random>", with the target's mode, and syncs it;
//  3. renames the temporary file over the target only when that cannot change the file's
//     identity as users see it: a regular file with one link, owned by the effective user and
//     writable by them (a read-only file is not replaced behind its owner's back), whose
//     group the temporary file could be given, and which has no setuid/setgid/sticky bit (a
//     rename would also drop ACLs and extended attributes, so a file carrying any is written in
//     place too — see hasXattrs). Readers then see the old or the new content, never a mix;
//  4. otherwise writes the verified temporary copy's content into the target in place
//     (open without truncating, write, truncate to the new length, sync): the inode, its links,
//     owner, group and mode stay, at the price of atomicity. The temporary copy is removed
//     afterwards; when it cannot be created at all (a read-only directory), the in-place write
//     is done directly.
//
// WriteFile checks that the file still holds what ReadFile read, so a file changed by someone
// else meanwhile is reported (ErrChanged), not overwritten (a file that already holds the fixed
// content, written by a concurrent run, is left as it is). The check that counts is the last
// one, made after the temporary copy is written and synced, on the very inode about to be
// replaced (or written in place), immediately before the rename or write: an editor that saves
// while the fix is being written out is seen. Where the system has it (Linux renameat2), the
// rename is an atomic exchange, and the file it displaced is checked once more afterwards: a
// save that landed between the check and the exchange is put back and reported too, and so is
// a file some process still holds open for writing (an appending writer that opened it before
// the exchange; Linux tells through a read lease, see openForWriting). Without the exchange
// (other systems) the last check is one system call before the rename.
//
// Temporary files of a run killed between steps 2 and 3 are removed by CleanStaleTemps on a later
// --fix run of the same file: only files of our naming for that file's base name, whose pid is
// not a live process and that are older than staleTempAge, so the temporary file of a
// concurrent run, or of another file, is never touched.

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// raceHook, when set (by tests only), is called at the two moments of replaceChecked where a
// concurrent save decides the outcome: "checked", after the last check and before the
// exchange, and "exchanged", after the exchange and before the displaced file is looked at.
var raceHook func(stage string)

// errNoExchange is exchange's error where files cannot be swapped atomically.
var errNoExchange = errors.New("atomic exchange not supported")

// tempMarker is the part of every temporary file name that CleanStaleTemps recognises.
const tempMarker = ".arraylint-"

// staleTempAge is how old a temporary file of a dead process must be before CleanStaleTemps
// removes it; a live process finishes its write within milliseconds, this only guards against
// a pid that has not been reaped yet or a clock step.
const staleTempAge = 2 * time.Minute

// FileStamp is what ReadFile saw of a file, so WriteFile can tell whether it changed since: the
// content itself (a reference to the returned slice, not a copy), since a size and modification
// time can stay the same across an edit on file systems with coarse timestamps.
type FileStamp struct {
	content []byte
	valid   bool
}

// ReadFile reads the regular file at path (following symlinks) and returns its content
// and stamp. Anything else (a directory, a named pipe, a device) is an error, checked before
// opening so that a pipe without a writer cannot block the run.
func ReadFile(path string) ([]byte, FileStamp, error) {
	if info, err := os.Stat(path); err != nil {
		return nil, FileStamp{}, err
	} else if !info.Mode().IsRegular() {
		return nil, FileStamp{}, fmt.Errorf("read %s: not a regular file (%s)", path, describeMode(info.Mode()))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, FileStamp{}, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, FileStamp{}, err
	}
	if !info.Mode().IsRegular() {
		return nil, FileStamp{}, fmt.Errorf("read %s: not a regular file (%s)", path, describeMode(info.Mode()))
	}
	data, err := readAll(f, info.Size())
	if err != nil {
		return nil, FileStamp{}, err
	}
	return data, FileStamp{content: data, valid: true}, nil
}

// readAll reads f to its end into a buffer sized for the size its stat gave (plus one byte, so
// that a file read whole ends at io.EOF without growing the buffer), where io.ReadAll starts at
// 512 bytes and doubles: a 40 KB source file then costs one allocation instead of eight and no
// copies. A file that grew since its stat is still read whole.
func readAll(f *os.File, size int64) ([]byte, error) {
	if size < 0 || size > 1<<30 {
		size = 0
	}
	data := make([]byte, 0, size+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)] // full: let append choose the next size
		}
	}
}

// describeMode names the kind of a file that is not a regular one.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "mode " + m.String()
}

// ErrChanged is WriteFile's error when the file no longer holds what ReadFile read: someone
// else changed it while it was being fixed, and it was left as they wrote it.
var ErrChanged = errors.New("the file changed while it was being fixed; run again")

// WriteFile replaces the content of the file at path with data as described at the top of this
// file. stamp is what ReadFile returned; the zero stamp skips the change check.
func WriteFile(path string, data []byte, stamp FileStamp) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	info, err := os.Stat(target)
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("write %s: not a regular file", path)
	}
	if stamp.valid {
		// An early look, to skip writing a temporary copy for nothing; the check that counts
		// is made again just before the file is replaced.
		now, err := os.ReadFile(target)
		switch {
		case err != nil:
			return fmt.Errorf("write %s: %w", path, err)
		case bytes.Equal(now, data):
			return nil // a concurrent run wrote the same fix
		case !bytes.Equal(now, stamp.content):
			return fmt.Errorf("write %s: %w", path, ErrChanged)
		}
	}
	tmp, err := writeTemp(target, data, info)
	if err != nil {
		// No temporary copy (e.g. a read-only directory): write in place directly.
		if err := writeInPlace(target, data, info, stamp); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		return nil
	}
	if renameKeepsIdentity(target, tmp, info) {
		done, err := replaceChecked(target, tmp, info, stamp)
		if err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
		if done {
			return nil
		}
	}
	defer os.Remove(tmp)
	if err := writeInPlace(target, data, info, stamp); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// unchanged reports whether the open file f is still the file ReadFile stamped: the inode that
// was stat'ed as info, holding stamp's content. The zero stamp accepts any content.
func unchanged(f *os.File, info fs.FileInfo, stamp FileStamp) (bool, error) {
	now, err := f.Stat()
	if err != nil {
		return false, err
	}
	if !os.SameFile(now, info) {
		return false, nil // replaced by a rename since it was read
	}
	if !stamp.valid {
		return true, nil
	}
	if now.Size() != int64(len(stamp.content)) {
		return false, nil
	}
	got := make([]byte, len(stamp.content)+1)
	n, err := f.ReadAt(got, 0)
	if err != nil && err != io.EOF {
		return false, err
	}
	return bytes.Equal(got[:n], stamp.content), nil
}

// replaceChecked renames tmp over target if target is still the file ReadFile stamped. The
// content is compared on an open descriptor first; then, as the last step before the rename,
// one lstat confirms that the path still names that inode. With an atomic exchange the file
// displaced is checked once more afterwards: if a save reached the path in between, it is put
// back at once and ErrChanged returned; if a second save replaced the fixed copy before that,
// the second (newer) save ends at the path and the first next to it, under a name the error
// gives. done is false when
// the rename itself failed and target was left untouched: the caller then writes in place.
// On an error, tmp is gone (or is the kept save the error names).
func replaceChecked(target, tmp string, info fs.FileInfo, stamp FileStamp) (done bool, err error) {
	fail := func(err error) (bool, error) {
		os.Remove(tmp)
		return false, err
	}
	old, err := os.Open(target)
	if err != nil {
		return fail(err)
	}
	defer old.Close()
	ours, err := os.Stat(tmp)
	if err != nil {
		return fail(err)
	}
	if ok, err := unchanged(old, info, stamp); err != nil || !ok {
		return fail(cmpErr(err))
	}
	// The last check, one system call before the rename: the path still names what was read.
	if now, err := os.Lstat(target); err != nil || !os.SameFile(now, info) {
		return fail(ErrChanged)
	}
	if raceHook != nil {
		raceHook("checked")
	}
	switch err := exchange(tmp, target); {
	case err == nil:
	case errors.Is(err, errNoExchange):
		if err := os.Rename(tmp, target); err != nil {
			return false, nil
		}
		return true, nil
	default:
		return false, nil
	}
	if raceHook != nil {
		raceHook("exchanged")
	}
	// tmp now names the displaced file: it must be the inode read, open for writing nowhere (a
	// writer that opened it before the exchange has yet to write, or to close), and unchanged
	// (one that wrote and closed meanwhile). The order matters: a writer seen by neither check
	// opened the path after the exchange, and so writes to the fixed file.
	if displaced, err := os.Lstat(tmp); err == nil && os.SameFile(displaced, info) {
		writing, _ := openForWriting(old)
		if ok, err := unchanged(old, info, stamp); err == nil && ok && !writing {
			os.Remove(tmp)
			return true, nil
		}
	}
	// A save got in between: put the displaced file back at once. Should a second save have
	// replaced the fixed copy meanwhile, that one comes out instead: it is put back, as the
	// newer, and the first kept aside.
	if exchange(tmp, target) != nil {
		return false, keepAside(target, tmp)
	}
	if now, err := os.Lstat(tmp); err == nil && os.SameFile(now, ours) {
		os.Remove(tmp)
		return false, ErrChanged
	}
	// The second save came out: it is the newer, and goes back to the path; the first aside.
	exchange(tmp, target)
	return false, keepAside(target, tmp)
}

// keepAside renames the file at tmp, a save that met a fix, to a name next to target that no
// cleanup removes, and returns ErrChanged naming it.
func keepAside(target, tmp string) error {
	kept := target + ".arraylint-conflict-" + tmp[strings.LastIndex(tmp, "-")+1:]
	if os.Rename(tmp, kept) != nil {
		kept = tmp
	}
	return fmt.Errorf("%w (a save made meanwhile is kept in %s)", ErrChanged, kept)
}

// cmpErr is the error of a failed change check: err itself, or ErrChanged when the check ran
// and found a change.
func cmpErr(err error) error {
	if err != nil {
		return err
	}
	return ErrChanged
}

// writeTemp writes data to a new temporary file next to target with target's permission bits,
// syncs it, checks that it reads back as data, and returns its name.
func writeTemp(target string, data []byte, info fs.FileInfo) (string, error) {
	var rnd [6]byte
	if _, err := rand.Read(rnd[:]); err != nil {
		return "", err
	}
	name := filepath.Join(filepath.Dir(target),
		"."+filepath.Base(target)+tempMarker+strconv.Itoa(os.Getpid())+"-"+hex.EncodeToString(rnd[:]))
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, info.Mode().Perm()&0o700|0o600)
	if err != nil {
		return "", err
	}
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(name)
		}
	}()
	if _, err := f.Write(data); err != nil {
		return "", err
	}
	if err := f.Chmod(keptMode(info)); err != nil {
		return "", err
	}
	if err := f.Sync(); err != nil {
		return "", err
	}
	if err := f.Close(); err != nil {
		return "", err
	}
	back, err := os.ReadFile(name)
	if err != nil || string(back) != string(data) {
		return "", fmt.Errorf("verify temporary copy %s failed", name)
	}
	ok = true
	return name, nil
}

// keptMode is the part of a file mode chmod sets: permissions plus setuid, setgid and sticky.
func keptMode(info fs.FileInfo) fs.FileMode {
	return info.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
}

// writeInPlace overwrites the content of the existing file target with data, keeping its inode,
// after checking on the open file, immediately before writing, that it is still the inode stat'ed
// as info and holds stamp's content (ErrChanged otherwise; the zero stamp skips the content
// check). The kernel clears the setuid and setgid bits when someone without CAP_FSETID writes a
// file; they are set again afterwards (the owner may; anyone else gets an error saying so).
func writeInPlace(target string, data []byte, info fs.FileInfo, stamp FileStamp) error {
	f, err := os.OpenFile(target, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if ok, err := unchanged(f, info, stamp); err != nil || !ok {
		f.Close()
		return cmpErr(err)
	}
	if _, err := f.WriteAt(data, 0); err != nil {
		f.Close()
		return err
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		f.Close()
		return err
	}
	if now, err := f.Stat(); err == nil && keptMode(now) != keptMode(info) {
		if err := f.Chmod(keptMode(info)); err != nil {
			f.Close()
			return fmt.Errorf("restore mode %v after writing: %w", keptMode(info), err)
		}
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// CleanStaleTemps removes the temporary files a killed --fix run left next to files (symlinks
// resolved to their targets): names ".<base>.arraylint-<pid>-<hex>" of one of those files' base
// names, whose pid is not a live process and whose modification time is older than
// staleTempAge. Another file's temporary files in the same directory are left alone: they are
// for the run fixing that file to clean. It returns the names it removed. Errors are ignored: a
// file that cannot be removed stays, as it did before.
func CleanStaleTemps(files []string) []string {
	bases := map[string]map[string]bool{} // directory -> base names
	var dirs []string
	for _, f := range files {
		if t, err := filepath.EvalSymlinks(f); err == nil {
			f = t
		}
		d, b := filepath.Dir(f), filepath.Base(f)
		if bases[d] == nil {
			bases[d] = map[string]bool{}
			dirs = append(dirs, d)
		}
		bases[d][b] = true
	}
	var removed []string
	now := time.Now()
	for _, d := range dirs {
		entries, err := os.ReadDir(d)
		if err != nil {
			continue
		}
		for _, e := range entries {
			base, pid, ok := parseTempName(e.Name())
			if !ok || !bases[d][base] || !e.Type().IsRegular() || processAlive(pid) {
				continue
			}
			info, err := e.Info()
			if err != nil || now.Sub(info.ModTime()) < staleTempAge {
				continue
			}
			p := filepath.Join(d, e.Name())
			if os.Remove(p) == nil {
				removed = append(removed, p)
			}
		}
	}
	return removed
}

// parseTempName returns the base name of the file and the pid recorded in a temporary file name
// of ours, ".<base>.arraylint-<pid>-<12 hex digits>".
func parseTempName(name string) (base string, pid int, ok bool) {
	if !strings.HasPrefix(name, ".") {
		return "", 0, false
	}
	i := strings.LastIndex(name, tempMarker)
	if i < 1 {
		return "", 0, false
	}
	pidStr, rnd, ok := strings.Cut(name[i+len(tempMarker):], "-")
	if !ok || len(rnd) != 12 {
		return "", 0, false
	}
	if _, err := hex.DecodeString(rnd); err != nil {
		return "", 0, false
	}
	pid, err := strconv.Atoi(pidStr)
	return name[1:i], pid, err == nil && pid > 0
}
