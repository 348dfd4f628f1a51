package npapi

import "math"

// This file defines saturating size arithmetic: element and byte counts that would overflow
// int64 stop at Saturated instead of wrapping (np.zeros((2**62,)) is 2^65 bytes, which int64
// arithmetic turned into 0), so a huge allocation stays huge, never vanishes or turns negative.

// Saturated is where element and byte counts saturate: a count that reaches it means "at least
// this much", more than 8 EiB of bytes.
const Saturated int64 = math.MaxInt64

// SatMul returns a·b for non-negative counts, or Saturated when the product overflows or either
// factor is saturated (a negative factor gives its plain product).
func SatMul(a, b int64) int64 {
	switch {
	case a < 0 || b < 0:
		return a * b
	case a == 0 || b == 0:
		return 0
	case a == Saturated || b == Saturated || a > Saturated/b:
		return Saturated
	}
	return a * b
}

// SatAdd returns a+b for non-negative counts, or Saturated when the sum overflows or either term
// is saturated (a negative term gives the plain sum).
func SatAdd(a, b int64) int64 {
	switch {
	case a < 0 || b < 0:
		return a + b
	case a == Saturated || b == Saturated || a > Saturated-b:
		return Saturated
	}
	return a + b
}

// NBytes returns the bytes of n elements of dt (0 for an unknown dtype), saturating.
func NBytes(n int64, dt DType) int64 { return SatMul(n, dt.ItemSize()) }
