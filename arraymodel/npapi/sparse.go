package npapi

// This file holds the rows of scipy.sparse and scipy.sparse.linalg.spsolve, and their shape rules.
// A sparse matrix is one value whose memory is its storage, not its dense shape: a row that makes
// one returns a single Out of the matrix's 2-D shape and the dtype of its data, and Result.Sparse
// says its format and the bytes of its storage (SparseBytes). Every figure below was measured
// with tracemalloc under NumPy 2.4 and SciPy 1.17 at n = 10⁵ and 10⁶ (the bytes a call keeps;
// TestSciPyTable holds the programs).

// Sparse describes a scipy.sparse matrix: its format, its stored entries and its storage's
// bytes.
type Sparse struct {
	// Format is "csr", "csc", "coo", "dia" or "lil".
	Format string
	// Matrix is set on a *_matrix (spdiags, csr_matrix, eye …), whose * is a product; a
	// *_array's * is element-wise.
	Matrix bool
	// NNZ is the number of stored entries when known (the entries a conversion to CSR, CSC or
	// COO keeps: a DIA matrix's in-range diagonal entries, or for LIL the entries set).
	NNZ Dim
	// Bytes is the storage's size when Known; otherwise Bound is the most it can be (0: no
	// bound).
	Bytes int64
	Known bool
	Bound int64
}

// sparseRows are the rows of scipy.sparse and scipy.sparse.linalg.
var sparseRows = []*Func{
	row("scipy.sparse.spdiags", Other, ShapeSpdiags, DTFixed, fixed(Float64)),
	row("scipy.sparse.dia_matrix", Other, ShapeSpdiags, DTFixed, fixed(Float64)),
	row("scipy.sparse.diags", Other, ShapeSpDiags, DTFixed, fixed(Float64)),
	row("scipy.sparse.diags_array", Other, ShapeSpDiags, DTFixed, fixed(Float64)),
	row("scipy.sparse.eye", Other, ShapeSpEye, DTFixed, fixed(Float64)),
	row("scipy.sparse.eye_array", Other, ShapeSpEye, DTFixed, fixed(Float64)),
	row("scipy.sparse.identity", Other, ShapeSpEye, DTFixed, fixed(Float64)),
	row("scipy.sparse.csr_matrix", Other, ShapeSpFormat, DTFixed, fixed(Float64)),
	row("scipy.sparse.csc_matrix", Other, ShapeSpFormat, DTFixed, fixed(Float64)),
	row("scipy.sparse.coo_matrix", Other, ShapeSpFormat, DTFixed, fixed(Float64)),
	row("scipy.sparse.csr_array", Other, ShapeSpFormat, DTFixed, fixed(Float64)),
	row("scipy.sparse.csc_array", Other, ShapeSpFormat, DTFixed, fixed(Float64)),
	row("scipy.sparse.coo_array", Other, ShapeSpFormat, DTFixed, fixed(Float64)),
	row("scipy.sparse.lil_matrix", Other, ShapeSpFormat, DTFixed, fixed(Float64)),
	row("scipy.sparse.lil_array", Other, ShapeSpFormat, DTFixed, fixed(Float64)),
	row("scipy.sparse.linalg.spsolve", Other, ShapeSpsolve, DTFixed, fixed(Float64)),
}

// sparseShapes are the shape rules of scipy.sparse.
var sparseShapes = shapeRules{
	ShapeSpdiags:  spdiagsRule,
	ShapeSpDiags:  plain(spDiags),
	ShapeSpEye:    spEyeRule,
	ShapeSpFormat: spFormatRule,
	ShapeSpsolve:  plain(spsolve),
}

// SparseFormat returns the format and kind of matrix a scipy.sparse constructor row makes
// ("csr", true for scipy.sparse.csr_matrix), and false for other rows.
func SparseFormat(name string) (format string, matrix bool, ok bool) {
	const p = "scipy.sparse."
	if len(name) <= len(p) || name[:len(p)] != p {
		return "", false, false
	}
	switch name[len(p):] {
	case "csr_matrix":
		return "csr", true, true
	case "csc_matrix":
		return "csc", true, true
	case "coo_matrix":
		return "coo", true, true
	case "lil_matrix":
		return "lil", true, true
	case "csr_array":
		return "csr", false, true
	case "csc_array":
		return "csc", false, true
	case "coo_array":
		return "coo", false, true
	case "lil_array":
		return "lil", false, true
	case "spdiags", "dia_matrix", "diags", "eye", "identity":
		return "dia", true, true
	case "diags_array", "eye_array":
		return "dia", false, true
	}
	return "", false, false
}

// indexBytes is the item size of a sparse matrix's index arrays: int32 while every index and
// the entry count fit in one (SciPy's get_index_dtype), int64 beyond.
func indexBytes(nnz int64, dims ...int64) int64 {
	for _, d := range append(dims, nnz) {
		if d > 1<<31-1 {
			return 8
		}
	}
	return 4
}

// SparseBytes returns the bytes of the storage of a matrix of format (csr, csc, coo) with nnz
// stored entries of dtype dt and m × n shape: CSR data + indices + indptr (nnz × itemsize + nnz
// × 4 + (m+1) × 4 while int32 suffices; measured 16 B an entry plus 4 B a row for float64),
// CSC the same over columns, COO data + row + col (16 B an entry). A LIL matrix's rows are two
// object arrays of m pointers and an empty list per row in each, 128 B a row (measured:
// lil_matrix((10⁶, 10⁶)) keeps 127,996,344 B); its entries are not counted. false for other
// formats or unknown sizes.
func SparseBytes(format string, nnz, m, n Dim, dt DType) (int64, bool) {
	if !m.Known || !n.Known || !dt.Known() {
		return 0, false
	}
	if format == "lil" {
		return SatMul(m.N, 128), true
	}
	if !nnz.Known {
		return 0, false
	}
	ix := indexBytes(nnz.N, m.N, n.N)
	item := dt.ItemSize()
	switch format {
	case "csr":
		return SatAdd(SatMul(nnz.N, item+ix), SatMul(m.N+1, ix)), true
	case "csc":
		return SatAdd(SatMul(nnz.N, item+ix), SatMul(n.N+1, ix)), true
	case "coo":
		return SatMul(nnz.N, item+2*ix), true
	}
	return 0, false
}

// sparseOut is the result of a row that makes a matrix of format with nnz entries: its storage
// bytes, or when nnz is not known, the bound its dense size gives (nnz at most m × n).
func sparseOut(format string, matrix bool, nnz, m, n Dim, dt DType) Result {
	sp := &Sparse{Format: format, Matrix: matrix, NNZ: nnz}
	sp.Bytes, sp.Known = SparseBytes(format, nnz, m, n, dt)
	if !sp.Known && m.Known && n.Known && format != "lil" {
		sp.Bound, _ = SparseBytes(format, Int(SatMul(m.N, n.N)), m, n, dt)
	}
	return Result{Outs: []Out{{Shape: []Dim{m, n}, DType: dt, fixed: true}}, Sparse: sp}
}

// diaNNZ is the number of in-range entries of a DIA matrix of shape m × n whose data has
// columns columns at the known offsets: the entries a conversion keeps (SciPy drops explicit
// zeros as well, so this bounds the values' count). false when an offset is not known.
func diaNNZ(offsets Arg, columns, m, n Dim) (Dim, bool) {
	if !columns.Known || !m.Known || !n.Known {
		return Dim{}, false
	}
	var offs []Arg
	switch offsets.Kind {
	case ArgScalar:
		offs = []Arg{offsets}
	case ArgSeq:
		offs = offsets.Elems
	default:
		return Dim{}, false
	}
	var nnz int64
	for _, o := range offs {
		if o.Kind != ArgScalar || !o.Known {
			return Dim{}, false
		}
		// column j holds entry (j - k, j): in range while 0 <= j - k < m and j < n
		lo, hi := max(0, o.N), min(columns.N, n.N, m.N+o.N)
		nnz += max(0, hi-lo)
	}
	return Int(nnz), true
}

// spdiagsRule gives scipy.sparse.spdiags(data, diags, m, n) and dia_matrix((data, offsets),
// shape=(m, n)): a DIA matrix over data, an ndarray it keeps without a copy (spdiags of a (3,
// 10⁶) float64 keeps 436 B), or a list of equal 1-D arrays it stacks into a (k, L) array (24 B
// a column for three float64 diagonals: spdiags([o, -2*o, o], …) keeps 24,001,044 B at 10⁶).
func spdiagsRule(f *Func, c *Call) (Result, bool) {
	var data, offsets, m, n Arg
	if f.Name == "scipy.sparse.dia_matrix" {
		pair := c.Arg(0, "arg1")
		sh := c.Arg(1, "shape")
		if pair.Kind != ArgSeq || len(pair.Elems) != 2 || sh.Kind != ArgSeq || len(sh.Elems) != 2 || len(c.Args) > 1 {
			return Result{}, false
		}
		data, offsets, m, n = pair.Elems[0], pair.Elems[1], sh.Elems[0], sh.Elems[1]
	} else {
		data, offsets, m, n = c.Arg(0, "data"), c.Arg(1, "diags"), c.Arg(2, "m"), c.Arg(3, "n")
		if _, ok := c.Kw["format"]; ok || len(c.Args) > 4 {
			return Result{}, false
		}
		if m.Kind == ArgSeq && len(m.Elems) == 2 && n.Kind == ArgMissing {
			m, n = m.Elems[0], m.Elems[1] // spdiags(data, diags, (m, n))
		}
	}
	if m.Kind != ArgScalar || n.Kind != ArgScalar {
		return Result{}, false
	}
	md, nd := scalarDim(m), scalarDim(n)
	var columns Dim
	var dt DType
	view := false
	switch data.Kind {
	case ArgArray:
		if len(data.Shape) != 2 || !data.DType.Known() {
			return Result{}, false
		}
		columns, dt, view = data.Shape[1], data.DType, true
	case ArgSeq:
		if len(data.Elems) == 0 {
			return Result{}, false
		}
		for _, e := range data.Elems {
			if e.Kind != ArgArray || len(e.Shape) != 1 || !e.DType.Known() {
				return Result{}, false
			}
			if dt == NoDType {
				columns, dt = e.Shape[0], e.DType
			} else if !e.Shape[0].Same(columns) {
				return Result{}, false
			}
			dt = Promote(dt, e.DType)
		}
	default:
		return Result{}, false
	}
	nnz, _ := diaNNZ(offsets, columns, md, nd)
	sp := &Sparse{Format: "dia", Matrix: true, NNZ: nnz}
	rows := Int(int64(len(data.Elems)))
	if view {
		rows = data.Shape[0]
	}
	switch {
	case view:
		sp.Known = true // the data is the array's own
	case columns.Known:
		sp.Bytes, sp.Known = SatMul(SatMul(rows.N, columns.N), dt.ItemSize()), true
	}
	return Result{Outs: []Out{{Shape: []Dim{md, nd}, DType: dt, View: view, fixed: true}}, Sparse: sp}, true
}

// spDiags gives scipy.sparse.diags(diagonals, offsets, shape=(m, n)) (and diags_array) of
// scalar diagonals: a DIA matrix whose data is (len(offsets), M) float64, M the longest
// diagonal's end column (measured: diags([1., -2., 1.], [-1, 0, 1], shape=(n, n)) keeps 24 B a
// row, 24,001,004 B at 10⁶). Diagonals given as arrays, a format= or a dtype= are not modelled.
func spDiags(c *Call) (Result, bool) {
	diagonals, offsets, sh := c.Arg(0, "diagonals"), c.Arg(1, "offsets"), c.Arg(2, "shape")
	if !only(c, "offsets", "shape") || len(c.Args) > 3 || diagonals.Kind != ArgSeq || offsets.Kind != ArgSeq ||
		len(diagonals.Elems) != len(offsets.Elems) || sh.Kind != ArgSeq || len(sh.Elems) != 2 {
		return Result{}, false
	}
	m, n := sh.Elems[0], sh.Elems[1]
	if !m.Known || !n.Known {
		return Result{}, false
	}
	dt := Float64
	var cols, nnz int64
	for i, d := range diagonals.Elems {
		k := offsets.Elems[i]
		if d.Kind != ArgScalar || k.Kind != ArgScalar || !k.Known {
			return Result{}, false
		}
		dt = Promote(dt, d.DType.Default())
		length := max(0, min(m.N+min(k.N, 0), n.N-max(k.N, 0)))
		cols = max(cols, min(m.N+k.N, n.N-k.N)+max(0, k.N))
		nnz += length
	}
	sp := &Sparse{Format: "dia", Matrix: true, NNZ: Int(nnz), Known: true,
		Bytes: SatMul(SatMul(int64(len(offsets.Elems)), max(cols, 0)), dt.ItemSize())}
	return Result{Outs: []Out{{Shape: []Dim{scalarDim(m), scalarDim(n)}, DType: dt, fixed: true}}, Sparse: sp}, true
}

// spEyeRule gives scipy.sparse.eye(m, n=None, k=0, dtype=float, format=None), eye_array and
// identity(n, dtype='d', format=None): with no format a DIA matrix over a (1, min(m + k, n))
// array of ones (min(m, n) − |k| entries in range), made after a first one of the same size
// (measured: eye(10⁶) keeps 8,000,724 B at a peak of 16,010,620 B; eye(10⁶, 10⁶, 1) 8,017,001
// and 16,027,299; eye(10⁶, dtype=np.float32) 4,000,772 and 8,010,938); with format "csr" or
// "csc" on the main diagonal of a square matrix the diagonal's storage directly
// (eye(10⁶, format="csr") keeps 16,000,932 B, SparseBytes' 16,000,004). Other formats and
// off-diagonal CSR or CSC are not modelled.
func spEyeRule(f *Func, c *Call) (Result, bool) {
	var m, n, k, dtype, format Arg
	switch f.Name {
	case "scipy.sparse.identity":
		m, n, dtype, format = c.Arg(0, "n"), c.Arg(0, "n"), c.Arg(1, "dtype"), c.Arg(2, "format")
		if !only(c, "n", "dtype", "format") {
			return Result{}, false
		}
	case "scipy.sparse.eye_array":
		// eye_array(m, n=None, *, k=0, dtype=float, format=None)
		m, n, k, dtype, format = c.Arg(0, "m"), c.Arg(1, "n"), c.Arg(-1, "k"), c.Arg(-1, "dtype"), c.Arg(-1, "format")
		if len(c.Args) > 2 {
			return Result{}, false
		}
	default:
		m, n, k, dtype, format = c.Arg(0, "m"), c.Arg(1, "n"), c.Arg(2, "k"), c.Arg(3, "dtype"), c.Arg(4, "format")
	}
	if n.Kind == ArgMissing || n.Kind == ArgNone {
		n = m
	}
	off, ok := intArg(k, 0)
	if !ok || m.Kind != ArgScalar || n.Kind != ArgScalar || !m.Known || !n.Known {
		return Result{}, false
	}
	dt := Float64
	switch dtype.Kind {
	case ArgMissing, ArgNone:
	case ArgDType:
		dt = dtype.DType
	default:
		return Result{}, false
	}
	fm, ok := strArg(format, "dia")
	if !ok {
		return Result{}, false
	}
	matrix := f.Name != "scipy.sparse.eye_array"
	md, nd := scalarDim(m), scalarDim(n)
	nnz := max(0, min(m.N+min(off, 0), n.N-max(off, 0)))
	switch fm {
	case "dia":
		data := SatMul(max(0, min(m.N+off, n.N)), dt.ItemSize())
		sp := &Sparse{Format: "dia", Matrix: matrix, NNZ: Int(nnz), Known: true, Bytes: data}
		return Result{Outs: []Out{{Shape: []Dim{md, nd}, DType: dt, fixed: true}}, Sparse: sp, TempBytes: data}, true
	case "csr", "csc":
		if m.N != n.N || off != 0 {
			return Result{}, false
		}
		return sparseOut(fm, matrix, Int(nnz), md, nd, dt), true
	}
	return Result{}, false
}

// spFormatRule gives csr_matrix, csc_matrix, coo_matrix, lil_matrix and their *_array forms, of
// another sparse matrix (the same format: the same storage; another: a conversion that keeps its
// entries, as .tocsr() does), of (data, (row, col)) with shape=(m, n) (nnz = len(data); CSR and
// CSC sum duplicates through COO's int32 row and col, 8 B an entry alive while the result is
// made: csr_matrix((v, (r, c)), shape=(n, n)) keeps 16,001,004 B at 10⁶ at a peak of
// 24,019,347 B; coo_matrix keeps data as it is and converts row and col to int32: 8,000,640 B), of a
// shape (m, n) (an empty matrix: CSR's indptr, LIL's rows), or of a dense 2-D array (nnz is the
// values' count: listed as unknown, at most the dense size's).
func spFormatRule(f *Func, c *Call) (Result, bool) {
	format, matrix, _ := SparseFormat(f.Name)
	a := c.Arg(0, "arg1")
	if !only(c, "shape", "dtype") || len(c.Args) > 2 {
		return Result{}, false
	}
	if d, ok := c.Kw["dtype"]; ok && d.Kind != ArgNone {
		return Result{}, false
	}
	sh := c.Arg(1, "shape")
	switch a.Kind {
	case ArgSparse:
		if len(a.Shape) != 2 || a.Sparse == nil || sh.Kind != ArgMissing {
			return Result{}, false
		}
		m, n := a.Shape[0], a.Shape[1]
		if a.Sparse.Format == format {
			sp := *a.Sparse
			sp.Matrix = matrix
			return Result{Outs: []Out{{Shape: []Dim{m, n}, DType: a.DType, View: true, fixed: true}}, Sparse: &sp}, true
		}
		if format == "lil" {
			return Result{}, false // the rows' lists hold the entries: not measured
		}
		r := sparseOut(format, matrix, a.Sparse.NNZ, m, n, a.DType)
		switch {
		case a.Sparse.Format == "dia" && format == "coo" && n.Known:
			// DIA's tocoo indexes the data's columns with an int32 array, taken as n (4 B a
			// column whatever the number of diagonals: 4,001,704 B at 10⁶ for 1, 3 or 5)
			r.TempBytes = SatMul(n.N, 4)
		case a.Sparse.Format == "dia" && format == "csc":
			// DIA's tocsc goes through a CSR copy (measured: csc_array(spdiags(d, …)) of a (3,
			// 10⁶) d peaks at 104,006,697 B, d's 24 MB and two 40 MB storages)
			r.TempBytes, _ = SparseBytes("csr", a.Sparse.NNZ, m, n, a.DType)
		}
		return r, true
	case ArgArray:
		if len(a.Shape) != 2 || !a.DType.Known() || format == "lil" || sh.Kind != ArgMissing {
			return Result{}, false
		}
		return sparseOut(format, matrix, Dim{}, a.Shape[0], a.Shape[1], a.DType), true
	case ArgSeq:
	default:
		return Result{}, false
	}
	if len(a.Elems) == 2 && a.Elems[0].Kind == ArgScalar && a.Elems[1].Kind == ArgScalar && sh.Kind == ArgMissing {
		// an empty m × n matrix
		m, n := scalarDim(a.Elems[0]), scalarDim(a.Elems[1])
		return sparseOut(format, matrix, Int(0), m, n, Float64), true
	}
	if format == "lil" || len(a.Elems) != 2 || sh.Kind != ArgSeq || len(sh.Elems) != 2 {
		return Result{}, false
	}
	data, rc := a.Elems[0], a.Elems[1]
	if data.Kind != ArgArray || len(data.Shape) != 1 || !data.DType.Known() || rc.Kind != ArgSeq || len(rc.Elems) != 2 {
		return Result{}, false
	}
	for _, ix := range rc.Elems {
		if ix.Kind != ArgArray || len(ix.Shape) != 1 || !ix.Shape[0].Same(data.Shape[0]) {
			return Result{}, false
		}
	}
	m, n := sh.Elems[0], sh.Elems[1]
	if m.Kind != ArgScalar || n.Kind != ArgScalar {
		return Result{}, false
	}
	md, nd, nnz := scalarDim(m), scalarDim(n), data.Shape[0]
	if format == "coo" {
		// data kept as it is; coo_matrix converts row and col to the index dtype unless they
		// are it, coo_array keeps them (coo_array((v, (i, i)), …) of an int64 arange keeps 3,304
		// B at 10⁶)
		r := sparseOut(format, matrix, nnz, md, nd, data.DType)
		sp := r.Sparse
		if sp.Known && !matrix {
			sp.Bytes = 0
		} else if sp.Known {
			ix := indexBytes(nnz.N, md.N, nd.N)
			sp.Bytes = 0
			for _, e := range rc.Elems {
				if e.DType.ItemSize() != ix || !e.DType.IsInteger() {
					sp.Bytes = SatAdd(sp.Bytes, SatMul(nnz.N, ix))
				}
			}
		}
		return r, true
	}
	r := sparseOut(format, matrix, nnz, md, nd, data.DType)
	if r.Sparse.Known {
		r.TempBytes = SatMul(nnz.N, 2*indexBytes(nnz.N, md.N, nd.N)) // COO's row and col
	}
	return r, true
}

// spsolve gives scipy.sparse.linalg.spsolve(A, b) of a square sparse A and a dense b: x of b's
// shape, float64 for real operands (measured: spsolve of the 1-D Poisson CSR matrix at 10⁶ keeps
// 8,001,360 B, x's 8,000,000). SuperLU's factors (their fill-in depends on the matrix's pattern)
// are allocated outside Python's allocator and are not counted: the interpreter lists them as
// unknown (Result.Unknown).
func spsolve(c *Call) (Result, bool) {
	a, b := c.Arg(0, "A"), c.Arg(1, "b")
	if a.Kind != ArgSparse || len(a.Shape) != 2 || b.Kind != ArgArray || len(b.Shape) < 1 || len(b.Shape) > 2 {
		return Result{}, false
	}
	if !a.Shape[0].Same(b.Shape[0]) && a.Shape[0].Known && b.Shape[0].Known {
		return Result{}, false
	}
	dt := Promote(a.DType, b.DType)
	switch {
	case dt == NoDType:
		return Result{}, false
	case dt.Kind() != 'f' && dt.Kind() != 'c':
		dt = Float64 // SciPy upcasts integers and bools
	}
	return Result{Outs: []Out{{Shape: clone(b.Shape), DType: dt, fixed: true}},
		Unknown: "SuperLU's LU factors (their fill-in depends on the matrix's pattern)"}, true
}
