// Package cost generates the inputs of the cost benchmarks (bench/cost.sh and this package's
// Go benchmarks): modules of many small NumPy functions, the shape that exposed the quadratic
// scope bookkeeping of issue 14 (a file of 160,000 of them took 16 s).
package cost

import (
	"bytes"
	"strconv"
)

// header starts every generated module: the NumPy import makes the array model analyse it.
const header = "import numpy as np\n\n"

// function appends the i-th small function, about 47 bytes:
//
//	def f7(a):
//	    b = a + 7
//	    return b
func function(buf *bytes.Buffer, i int) {
	n := strconv.Itoa(i)
	buf.WriteString("def f" + n + "(a):\n    b = a + " + n + "\n    return b\n\n")
}

// Functions returns a module of n small functions (7.6 MB for 160,000).
func Functions(n int) []byte {
	var buf bytes.Buffer
	buf.Grow(len(header) + 48*n)
	buf.WriteString(header)
	for i := range n {
		function(&buf, i)
	}
	return buf.Bytes()
}

// Sized returns a module of as many small functions as make it at least size bytes.
func Sized(size int) []byte {
	var buf bytes.Buffer
	buf.Grow(size + 64)
	buf.WriteString(header)
	for i := 0; buf.Len() < size; i++ {
		function(&buf, i)
	}
	return buf.Bytes()
}
