//go:build !unix

package main

import "errors"

// mkfifo fails where named pipes cannot be made with the standard library.
func mkfifo(string) error { return errors.New("mkfifo: named pipes need a unix system") }
