package npapi

// This file defines the NumPy version the model follows: NumPy 2 (NEP 50 promotion, the
// default) or NumPy 1.x (value-based casting of scalars).

import (
	"fmt"
	"strconv"
	"strings"
)

// NumPyVersion is the major version of NumPy whose rules the model follows. The zero value is
// NumPy 2, the default.
type NumPyVersion uint8

// The NumPy versions the model knows.
const (
	// NumPy2 promotes by NEP 50: a Python int, float or complex is weak (it takes the array's
	// precision), a NumPy scalar (np.float64(2.0), x.sum()) is strong, as an array of its
	// dtype is: float32 array * np.float64(2.0) is float64.
	NumPy2 NumPyVersion = iota
	// NumPy1 casts scalars by value: a NumPy scalar promotes as a Python number of its kind
	// does, so float32 array * np.float64(2.0) stays float32.
	NumPy1
)

// String returns the version as the numpy-version setting writes it: "2" or "1".
func (v NumPyVersion) String() string {
	if v == NumPy1 {
		return "1"
	}
	return "2"
}

// StrongScalars reports whether NumPy scalars promote by their dtype (NEP 50).
func (v NumPyVersion) StrongScalars() bool { return v != NumPy1 }

// ParseNumPyVersion reads a numpy-version setting: a major version "2" or "1", with or without a
// minor or patch part or an "x" ("1.26", "1.x", "2.4.6", "2.x"). "" is the default, NumPy 2.
func ParseNumPyVersion(s string) (NumPyVersion, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return NumPy2, nil
	}
	bad := fmt.Errorf("numpy-version %q: want 2 or 1 (or a version such as 1.26 or 2.x)", s)
	major, rest, dotted := strings.Cut(t, ".")
	if dotted {
		for _, p := range strings.Split(rest, ".") {
			if _, err := strconv.ParseUint(p, 10, 32); err != nil && p != "x" {
				return NumPy2, bad
			}
		}
	}
	switch major {
	case "2":
		return NumPy2, nil
	case "1":
		return NumPy1, nil
	}
	return NumPy2, bad
}
