//go:build !unix

package driver

import "io/fs"

// renameKeepsIdentity is false where ownership and link counts cannot be read: files are always
// written in place there.
func renameKeepsIdentity(string, string, fs.FileInfo) bool { return false }

// processAlive says yes where liveness cannot be checked, so no temporary file is ever removed.
func processAlive(int) bool { return true }
