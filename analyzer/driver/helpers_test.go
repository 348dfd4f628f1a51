package driver

import (
	"github.com/arraylint/arraylint/pyparse"
)

func rng(s, e int) pyparse.Range {
	return pyparse.Range{Start: pyparse.Offset(s), End: pyparse.Offset(e)}
}
