// Command gencost writes the inputs of bench/cost.sh: a module of N small NumPy functions, or
// one of at least N bytes made of the same functions (package bench/cost generates both).
//
//	gencost -functions 160000 FILE
//	gencost -bytes 60000000 FILE
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/arraylint/arraylint/bench/cost"
)

func main() {
	functions := flag.Int("functions", 0, "write a module of this many small functions")
	size := flag.Int("bytes", 0, "write a module of small functions at least this many bytes long")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: gencost -functions N FILE | gencost -bytes N FILE")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 1 || (*functions > 0) == (*size > 0) {
		flag.Usage()
		os.Exit(2)
	}
	src := cost.Functions(*functions)
	if *size > 0 {
		src = cost.Sized(*size)
	}
	if err := os.WriteFile(flag.Arg(0), src, 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "gencost: %v\n", err)
		os.Exit(1)
	}
}
