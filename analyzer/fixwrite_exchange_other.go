//go:build !linux

package analyzer

// exchange is not available here: WriteFile renames after its last check.
func exchange(a, b string) error { return errNoExchange }
