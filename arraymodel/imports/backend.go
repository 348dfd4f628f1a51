package imports

import (
	"strings"

	"github.com/arraylint/arraylint/arraymodel/npapi"
)

// Backend is a set of array libraries a name may refer to. It is a bit set because a
// conditional import (`try: import cupy as xp` / `except ImportError: import numpy as xp`) makes
// one name stand for either library.
type Backend uint8

// The array backends.
const (
	NumPy       Backend = 1 << iota // numpy
	CuPy                            // cupy
	CuPyNumeric                     // cupynumeric (also its old name cunumeric and legate.numpy)
	JAX                             // jax and jax.numpy
)

// Unknown is the empty backend set: not known to be an array library.
const Unknown Backend = 0

var backendNames = []struct {
	b    Backend
	name string
}{{NumPy, "numpy"}, {CuPy, "cupy"}, {CuPyNumeric, "cupynumeric"}, {JAX, "jax"}}

// String returns the backend names joined by "|", e.g. "cupy|numpy", or "unknown".
func (b Backend) String() string {
	if b == Unknown {
		return "unknown"
	}
	var parts []string
	for _, n := range backendNames {
		if b&n.b != 0 {
			parts = append(parts, n.name)
		}
	}
	return strings.Join(parts, "|")
}

// Has reports whether b includes every backend in o.
func (b Backend) Has(o Backend) bool { return o != 0 && b&o == o }

// Device reports whether every backend in b may place arrays on an accelerator (everything but
// NumPy). It is false for Unknown.
func (b Backend) Device() bool { return b != Unknown && b&NumPy == 0 }

// root is an importable module path that is the root namespace of an array API.
type root struct {
	path    string
	backend Backend
	// keep is true when the API name keeps the path as its prefix (jax.random is not NumPy's
	// random module, so "jax.random.normal" stays "jax.random.normal"; SciPy's names keep
	// "scipy.ndimage.", "scipy.signal.", "scipy.integrate.", "scipy.linalg." and "scipy.sparse.").
	keep bool
}

// roots are checked longest first, so "jax.numpy" wins over "jax". scipy.ndimage, scipy.signal,
// scipy.integrate (odeint's solution array), scipy.linalg and scipy.sparse (its matrices and
// spsolve: npapi/sparse.go) work on NumPy's arrays; the rest of SciPy is not an array library
// here.
// cupyx.scipy.ndimage and jax.scipy.signal are not SciPy's rows: cupyx's separable filters
// ping-pong through a temporary and jax.scipy.signal.convolve never uses SciPy's FFT arrays, so
// their calls stay unknown.
var roots = []root{
	{"scipy.ndimage", NumPy, true},
	{"scipy.signal", NumPy, true},
	{"scipy.integrate", NumPy, true},
	{"scipy.linalg", NumPy, true},
	{"scipy.sparse", NumPy, true},
	{"jax.numpy", JAX, false},
	{"legate.numpy", CuPyNumeric, false},
	{"cupynumeric", CuPyNumeric, false},
	{"cunumeric", CuPyNumeric, false},
	{"numpy", NumPy, false},
	{"cupy", CuPy, false},
	{"jax", JAX, true},
	// array_api_compat is not an array library (its backend is Unknown, so importing it says
	// nothing of which library a program uses) but hands out one (Namespace).
	{namespaceRoot, Unknown, true},
}

// Classify maps a dotted module or member path such as "cupy.random.random" to its backend and
// its backend-neutral API name ("random.random"). The API name of a root module is "" (for jax
// it is "jax"); paths under jax but outside jax.numpy keep their "jax." prefix. ok is false for
// paths outside every array library.
func Classify(qual string) (backend Backend, api string, ok bool) {
	for _, r := range roots {
		// qual is r.path or under it; r.path+"." would allocate a string per root and call
		// (two thirds of Classify's time, 2 % of check's CPU on JAX's sources).
		if !strings.HasPrefix(qual, r.path) || len(qual) > len(r.path) && qual[len(r.path)] != '.' {
			continue
		}
		if r.keep {
			return r.backend, qual, true
		}
		api := strings.TrimPrefix(strings.TrimPrefix(qual, r.path), ".")
		if r.path == "numpy" {
			api = npapi.PublicName(api) // numpy.core.numeric.asarray is numpy.asarray
		}
		return r.backend, api, true
	}
	return Unknown, "", false
}
