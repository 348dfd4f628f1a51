package absint

import (
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines scipy.sparse matrices. One is an Obj of the matrix's 2-D shape and its
// data's dtype whose bytes are its storage's (Obj.sparse, npapi.Sparse): the table's rows make
// them (npapi/sparse.go), a row reads one as an npapi.ArgSparse (so a rule that expects a dense
// array does not apply), A @ x and A.dot(x) of a dense x make a dense array, and the
// conversions .tocsr(), .tocsc(), .tocoo() are the csr_matrix, csc_matrix and coo_matrix rows of
// the matrix, A.T a matrix over the same storage. Element-wise arithmetic on one, entries stored
// into one, a NumPy call given one, and its other methods are listed as unknown.

// IsSparse reports whether o is a scipy.sparse matrix (its bytes are its storage's).
func (o *Obj) IsSparse() bool { return o.sparse != nil }

// SparseFormat returns a scipy.sparse matrix's format ("csr", "dia" …), and false for a dense
// array.
func (o *Obj) SparseFormat() (string, bool) {
	if o.sparse == nil {
		return "", false
	}
	return o.sparse.Format, true
}

// newSparse allocates a sparse matrix of shape sh and dtype dt over the storage sp describes;
// storage of unknown size is listed as unknown, with its bound.
func (s *Interp) newSparse(sh Shape, dt npapi.DType, sp *npapi.Sparse, fn, expr string, at ast.Node) vArray {
	o := &Obj{refs: 1, shape: sh, dt: dt, label: expr, line: s.line(), backend: s.lib, origin: Fresh, sparse: sp}
	if e, ok := at.(ast.Expr); ok && e != nil {
		o.node = e
	}
	if !sp.Known {
		var bound *int64
		if sp.Bound > 0 {
			b := sp.Bound
			bound = &b
		}
		s.unknownAlloc(at, expr, fn+": the stored entries depend on the values", bound)
	}
	s.reads = nil
	s.h.Allocate(s, o, false)
	if s.pending != "" && at != nil && at == ast.Node(s.pendingValue) {
		s.h.Bound(s, o, s.pending)
	}
	return vArray{o}
}

// sparseSource is the array a sparse row's result keeps without a copy (Out.View): the first
// argument, or the first element of a tuple given first (dia_matrix((data, offsets), …)).
func sparseSource(c *call) (*Obj, bool) {
	if o, ok := firstArray(c); ok {
		return o, true
	}
	if len(c.args) > 0 {
		if t, ok := c.args[0].(vTuple); ok && len(t.elts) > 0 {
			return isArray(t.elts[0])
		}
	}
	return nil, false
}

// sparseConversions are the rows a sparse matrix's conversion methods apply to it.
var sparseConversions = map[string]string{
	"tocsr": "scipy.sparse.csr_matrix",
	"tocsc": "scipy.sparse.csc_matrix",
	"tocoo": "scipy.sparse.coo_matrix",
}

// sparseMethod evaluates a method of the sparse matrix o.
func (s *Interp) sparseMethod(o *Obj, name string, c *call, expr string) value {
	args := append([]value{vArray{o}}, c.args...)
	if row, ok := sparseConversions[name]; ok && len(c.args) == 0 && len(c.kw) == 0 {
		fn, _ := npapi.Lookup(row)
		return s.applyRow(fn, &call{e: c.e, args: args, kw: c.kw}, expr)
	}
	switch name {
	case "dot":
		fn, _ := npapi.Method("dot")
		return s.applyRow(fn, &call{e: c.e, args: args, kw: c.kw}, expr)
	case "toarray", "todense":
		if len(c.args) == 0 && len(c.kw) == 0 {
			s.use(vArray{o})
			return s.newArray(o.shape, o.dt, expr, c.e, false)
		}
	}
	s.useAll(c.args)
	s.unmodelled(&call{e: c.e, args: args, kw: c.kw}, "scipy.sparse method `"+name+"` is not modelled")
	return vUnknown{}
}

// sparseBinop evaluates an operator with a sparse matrix operand: a *_matrix times a dense
// array is a product, as @ is; any other arithmetic makes a sparse matrix whose entries the
// table does not follow, listed as unknown.
func (s *Interp) sparseBinop(op ast.Operator, l, r value, e ast.Node) value {
	defer s.decref(r)
	defer s.decref(l)
	s.useAll([]value{l, r})
	lo, _ := isArray(l)
	ro, dense := isArray(r)
	dense = dense && ro.sparse == nil
	if lo != nil && lo.sparse != nil && dense && (op == ast.MatMult || op == ast.Mult && lo.sparse.Matrix) {
		return s.matmul(lo, ro, s.text(e), e) // a dense (m,) or (m, k)
	}
	if s.cfg.Strategy.listsGaps() {
		var bound *int64
		bound = largerInput(largerInput(bound, l), r)
		s.addUnknown(e, s.text(e), "arithmetic on a scipy.sparse matrix is not modelled", bound, BoundInputs)
	}
	return vUnknown{}
}

// sparseOperand reports whether v is a sparse matrix.
func sparseOperand(v value) bool {
	o, ok := isArray(v)
	return ok && o.sparse != nil
}

// sparseAttr evaluates the attributes of a sparse matrix that differ from an ndarray's: A.T is
// a matrix over the same storage (CSR's transpose is CSC and CSC's CSR), A.nnz and A.size its
// stored entries; data, indices, indptr and the other attributes are not followed. ok is false
// for the attributes an ndarray's handling serves (shape, ndim, dtype, methods).
func (s *Interp) sparseAttr(o *Obj, e *ast.Attribute) (value, bool) {
	switch e.Attr {
	case "T":
		sp := *o.sparse
		switch sp.Format {
		case "csr":
			sp.Format = "csc"
		case "csc":
			sp.Format = "csr"
		}
		sp.Bytes, sp.Known = 0, true // the same arrays
		v := s.view(o, reversed(o.shape), o.dt, s.text(e))
		v.o.sparse = &sp
		return v, true
	case "nnz", "size":
		if o.sparse.NNZ.Known {
			return knownInt(o.sparse.NNZ.N), true
		}
		return vInt{}, true
	case "data", "indices", "indptr", "row", "col", "offsets", "rows", "nbytes", "real", "imag", "flat", "at", "mT", "itemsize":
		return vUnknown{}, true
	}
	return nil, false
}
