package memory

import (
	"strings"
	"testing"
)

// TestSparsePoisson checks a 1-D Poisson solve with scipy.sparse: the matrix is its CSR storage
// (3n − 2 float64 entries, their int32 column indices and n + 1 row pointers: 39,999,980 B at
// n = 10⁶), not its dense n × n size, and the peak is while .tocsr() builds it beside spdiags'
// stacked (3, n) diagonals. tracemalloc under NumPy 2.4 and SciPy 1.17 measures the program at
// 72,028,136 B. spsolve's x is dense (n,) float64; SuperLU's factors are listed as unknown.
func TestSparsePoisson(t *testing.T) {
	r := estimate(t, `import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import spsolve

n = 1000000
ones = np.ones(n)
A = sp.spdiags([ones, -2 * ones, ones], [-1, 0, 1], n, n).tocsr()
b = np.ones(n)
x = spsolve(A, b)
y = A @ x
`, Options{})[0]
	if r.PeakBytes != 71_999_980 || r.PeakLine != 7 {
		t.Errorf("peak %d B at line %d, want 71,999,980 B at line 7", r.PeakBytes, r.PeakLine)
	}
	found := false
	for _, l := range r.LiveAtPeak {
		if l.Name == "A" {
			found = true
			if l.Bytes != 39_999_980 {
				t.Errorf("A holds %d B, want its CSR storage's 39,999,980", l.Bytes)
			}
		}
	}
	if !found {
		t.Errorf("A not live at the peak: %+v", r.LiveAtPeak)
	}
	if len(r.Unknown) != 1 || r.Unknown[0].Line != 9 || !strings.Contains(r.Unknown[0].Reason, "SuperLU") {
		t.Errorf("unknown = %+v, want spsolve's LU factors at line 9", r.Unknown)
	}
	for _, s := range r.Suggestions {
		if strings.Contains(s, "halve `A`") {
			t.Errorf("suggestion %q: float32 does not halve a CSR matrix (its indices stay int32)", s)
		}
	}
	// after the run: ones, A, b, x, y
	if end := endBytes(r); end != 8_000_000+39_999_980+8_000_000+8_000_000+8_000_000 {
		t.Errorf("end %d B, want 71,999,980", end)
	}
}

// TestSparseUnknownEntries checks that a sparse matrix made from a dense array, whose stored
// entries are the values' nonzeros, is listed as unknown with the dense size's bound (all 4·10⁶
// entries: 12 B each and 2,001 int32 row pointers), that arithmetic on a sparse matrix is listed
// rather than counted as a dense n × n result, and that lil_matrix((m, n)) is 128 B a row
// (measured: 12,801,312 B at m = 10⁵) whose entries stored later are listed, not counted.
func TestSparseUnknownEntries(t *testing.T) {
	r := estimate(t, `import numpy as np
import scipy.sparse as sp

n = 2000
a = np.eye(n)
A = sp.csr_matrix(a)
del a
B = A + A
L = sp.lil_matrix((100000, 100000))
for i in range(100000):
    L[i, i] = 2.0
`, Options{})[0]
	if len(r.Unknown) != 3 {
		t.Fatalf("unknown = %+v, want csr_matrix(a), A + A and L[i, i] = 2.0", r.Unknown)
	}
	if u := r.Unknown[2]; u.Line != 11 || !strings.Contains(u.Reason, "scipy.sparse matrix (lil)") {
		t.Errorf("unknown = %+v, want the entries stored into L at line 11", u)
	}
	u := r.Unknown[0]
	if u.Line != 6 || u.BoundBytes == nil || *u.BoundBytes != 48_008_004 {
		t.Errorf("unknown = %+v (bound %v), want line 6 bounded by 48,008,004 B", u, u.BoundBytes)
	}
	if r.Unknown[1].Line != 8 || !strings.Contains(r.Unknown[1].Reason, "scipy.sparse") {
		t.Errorf("unknown = %+v, want A + A at line 8", r.Unknown[1])
	}
	if end := endBytes(r); r.PeakBytes != 32_000_000 || end != 12_800_000 {
		t.Errorf("peak %d B, end %d B; want np.eye's 32,000,000 and the LIL rows' 12,800,000", r.PeakBytes, end)
	}
}

// endBytes is what the run holds after its last step (0 for an empty timeline).
func endBytes(r *Report) int64 {
	if len(r.Timeline) == 0 {
		return 0
	}
	return r.Timeline[len(r.Timeline)-1].Bytes
}

// TestSparseOperators checks that a *_matrix times a dense vector is a product (A * x is
// dense (n,), as A @ x and A.T @ x are), and that a NumPy call given a sparse matrix, whose
// result is not the matrix's dense data (np.array(A) is a 0-d object array), is listed instead
// of counted as an n × n array.
func TestSparseOperators(t *testing.T) {
	r := estimate(t, `import numpy as np
import scipy.sparse as sp

n = 1000000
A = sp.eye(n, format="csr")
x = np.ones(n)
y = A * x
z = A.T @ x
u = np.array(A)
`, Options{})[0]
	// A's 16,000,004 B (n float64 entries, n int32 indices, n + 1 int32 pointers), x, y, z
	if r.PeakBytes != 16_000_004+3*8_000_000 {
		t.Errorf("peak %d B, want 40,000,004", r.PeakBytes)
	}
	if len(r.Unknown) != 1 || r.Unknown[0].Line != 9 || !strings.Contains(r.Unknown[0].Reason, "scipy.sparse") {
		t.Errorf("unknown = %+v, want np.array(A) at line 9", r.Unknown)
	}
}

// TestSparseTranspose checks that A.T of a CSR matrix is a CSC matrix over the same arrays (no
// bytes), whose .tocsr() makes new storage of the same entries, that A.T + A is listed rather
// than counted as a dense n × n array, and that A.nnz is a known count. tracemalloc under
// SciPy 1.17 measures the program without its A.T + A line at 48,020,805 B.
func TestSparseTranspose(t *testing.T) {
	r := estimate(t, `import numpy as np
import scipy.sparse as sp

n = 1000000
A = sp.eye(n, format="csr")
x = np.ones(n)
B = A.T.tocsr()
C = A.T + A
z = A.T @ x
w = np.ones(A.nnz)
`, Options{})[0]
	// A, B: 16,000,004 B each; x, z, w: 8,000,000 B each
	if r.PeakBytes != 2*16_000_004+3*8_000_000 {
		t.Errorf("peak %d B, want 56,000,008", r.PeakBytes)
	}
	if len(r.Unknown) != 1 || r.Unknown[0].Line != 8 {
		t.Errorf("unknown = %+v, want A.T + A at line 8", r.Unknown)
	}
}
