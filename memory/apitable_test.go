package memory

import (
	"encoding/json"
	"fmt"
	"math"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/arraylint/arraylint/arraymodel/arrays"
	"github.com/arraylint/arraylint/arraymodel/imports"
	"github.com/arraylint/arraylint/arraymodel/npapi"
	"github.com/arraylint/arraylint/pyparse"
	"github.com/arraylint/arraylint/pyparse/ast"
)

// This file defines the API table's test: one small program per row, run under Debian's NumPy
// with tracemalloc (testdata/mem/measure_calls.py) and compared with the estimate and the array
// model.

// apiCase is one test row: a program (after `import numpy as np`) whose last statement calls the
// row's function and binds the result to r, or a tuple result to r0, r1, ….
type apiCase struct {
	row string // "roll"; ".argsort" for an ndarray method; "rng.random" for a Generator method
	src string
}

// Inputs of about 8 MB, so that the 128 KiB slack is small; linalg and einsum use smaller ones
// (their cost grows faster than their size).
const (
	inA   = "a = np.full((1000, 1000), 0.5)\n"
	inAB  = inA + "b = np.full((1000, 1000), 0.25)\n"
	inI   = "a = np.ones((1000, 1000), dtype=np.int64)\n"
	inIJ  = inI + "b = np.ones((1000, 1000), dtype=np.int64)\n"
	inV   = "a = np.linspace(0.0, 1.0, 1000000)\n"
	inM   = "a = np.eye(500) * 2.0 + 0.001\n"
	inRng = "rng = np.random.default_rng(0)\n"
)

// apiCases are the hand-written test rows; generatedCases adds one per ufunc, reduction and
// method of the table.
var apiCases = []apiCase{
	{"zeros", "r = np.zeros((1000, 1000))"},
	{"ones", "r = np.ones((1000, 1000), dtype=np.float32)"},
	{"empty", "r = np.empty((1000, 1000))"},
	{"full", "r = np.full((1000, 1000), 7)"},
	{"eye", "r = np.eye(1000)"},
	{"identity", "r = np.identity(1000)"},
	{"zeros_like", inA + "r = np.zeros_like(a)"},
	{"ones_like", inA + "r = np.ones_like(a, dtype=np.float32)"},
	{"empty_like", inA + "r = np.empty_like(a)"},
	{"full_like", inA + "r = np.full_like(a, 3.0)"},
	{"arange", "r = np.arange(1000000)"},
	{"arange", "r = np.arange(0, 2000000, 2)"},
	{"arange", "r = np.arange(0, 1, 1.0 / 1000000)"},
	{"arange", "r = np.arange(0.0, 100000, 0.1)"},
	{"arange", "r = np.arange(1, 2.5, 1.5e-6)"},
	{"linspace", "r = np.linspace(0, 1, 1000000)"},
	{"logspace", "r = np.logspace(0, 1, 1000000)"},
	{"geomspace", "r = np.geomspace(1, 10, 1000000)"},
	{"array", inA + "r = np.array(a)"},
	{"asarray", inA + "r = np.asarray(a)"},
	{"asanyarray", inA + "r = np.asanyarray(a)"},
	{"ascontiguousarray", inA + "r = np.ascontiguousarray(a)"},
	{"ascontiguousarray", inA + "r = np.ascontiguousarray(a.T)"},
	{"asfortranarray", inA + "r = np.asfortranarray(a)"},
	{"copy", inA + "r = np.copy(a)"},
	{"random.random", "r = np.random.random((1000, 1000))"},
	{"random.random_sample", "r = np.random.random_sample((1000, 1000))"},
	{"random.ranf", "r = np.random.ranf((1000, 1000))"},
	{"random.sample", "r = np.random.sample((1000, 1000))"},
	{"random.uniform", "r = np.random.uniform(0, 1, (1000, 1000))"},
	{"random.normal", "r = np.random.normal(0, 1, (1000, 1000))"},
	{"random.standard_normal", "r = np.random.standard_normal((1000, 1000))"},
	{"random.exponential", "r = np.random.exponential(1.0, (1000, 1000))"},
	{"random.poisson", "r = np.random.poisson(1.0, (1000, 1000))"},
	{"random.binomial", "r = np.random.binomial(10, 0.5, (1000, 1000))"},
	{"random.randint", "r = np.random.randint(0, 10, (1000, 1000))"},
	{"random.choice", inV + "r = np.random.choice(a, 1000000)"},
	{"random.choice", "a = np.array([True, False])\nr = np.random.choice(a, 1000000, True, [0.9, 0.1])"},
	{"random.choice", inV + "r = np.random.choice(a, 1000000, p=np.full(1000000, 1e-6))"},
	{"random.permutation", inV + "r = np.random.permutation(a)"},
	{"random.rand", "r = np.random.rand(1000, 1000)"},
	{"random.randn", "r = np.random.randn(1000, 1000)"},
	{"where", inA + "r = np.where(a > 0.25, a, 0.0)"},
	{"where", inA + "r0, r1 = np.where(a > 1.0)"},
	{"nonzero", inA + "r0, r1 = np.nonzero(a > 1.0)"},
	{"argwhere", inA + "r = np.argwhere(a > 1.0)"},
	{"flatnonzero", inA + "r = np.flatnonzero(a > 1.0)"},
	{"put", inA + "r = np.put(a, [0, 1], 1.0)"},
	{"putmask", inAB + "r = np.putmask(a, b > 1.0, 0.0)"},
	{"copyto", inAB + "r = np.copyto(a, b)"},
	{"place", inA + "r = np.place(a, a > 1.0, [0.0])"},
	{"put_along_axis", inA + "i = np.zeros((1000, 1), dtype=np.int64)\nr = np.put_along_axis(a, i, 0.0, axis=1)"},
	{"take", inV + "i = np.arange(1000000)\nr = np.take(a, i)"},
	{"take_along_axis", inA + "i = np.zeros((1000, 1000), dtype=np.int64)\nr = np.take_along_axis(a, i, axis=1)"},
	{"reshape", inA + "r = np.reshape(a, (500, 2000))"},
	{"ravel", inA + "r = np.ravel(a)"},
	// Contiguity follows how an array was made, not how its expression is spelled: a copy of a
	// reversed array and a sum with a transpose are C-contiguous; a slice with a step is not.
	{"ravel", inA + "b = a[::-1].copy()\nr = np.ravel(b)"},
	{"ravel", inA + "b = a + a.T\nr = np.ravel(b)"},
	{"ravel", inA + "r = np.ravel(a[:, 0:1000:2])"},
	{"transpose", inA + "r = np.transpose(a)"},
	{"swapaxes", inA + "r = np.swapaxes(a, 0, 1)"},
	{"moveaxis", inA + "r = np.moveaxis(a, 0, 1)"},
	{"squeeze", "a = np.ones((1000, 1, 1000))\nr = np.squeeze(a)"},
	{"expand_dims", inA + "r = np.expand_dims(a, 0)"},
	{"broadcast_to", "a = np.ones(1000)\nr = np.broadcast_to(a, (1000, 1000))"},
	{"atleast_1d", inA + "r = np.atleast_1d(a)"},
	{"atleast_2d", inA + "r = np.atleast_2d(a)"},
	{"atleast_3d", "a = np.ones((1000, 1000, 2))\nr = np.atleast_3d(a)"},
	{"diagonal", inA + "r = np.diagonal(a)"},
	{"append", inV + "r = np.append(a, a)"},
	{"matmul", inM + "r = np.matmul(a, a)"},
	{"dot", inM + "r = np.dot(a, a)"},
	{"vdot", inV + "r = np.vdot(a, a)"},
	{"inner", inV + "r = np.inner(a, a)"},
	{"kron", "a = np.ones((100, 100))\nb = np.ones((10, 10))\nr = np.kron(a, b)"},
	{"tensordot", "a = np.ones((100, 100, 10))\nb = np.ones((10, 1000))\nr = np.tensordot(a, b, axes=1)"},
	{"compress", inV + "r = np.compress(a > 2.0, a)"},
	{"extract", inV + "r = np.extract(a > 2.0, a)"},
	{".compress", inV + "r = a.compress(a > 2.0)"},
	// rows with a shape rule
	{"roll", inA + "r = np.roll(a, 1)"},
	{"roll", inA + "r = np.roll(a, 3, axis=1)"},
	{"fft.fftshift", inA + "r = np.fft.fftshift(a)"},
	{"fft.ifftshift", inA + "r = np.fft.ifftshift(a)"},
	{"flip", inA + "r = np.flip(a)"},
	{"fliplr", inA + "r = np.fliplr(a)"},
	{"flipud", inA + "r = np.flipud(a)"},
	{"pad", inA + "r = np.pad(a, 2)"},
	{"pad", inA + "r = np.pad(a, ((1, 2), (3, 4)), mode=\"edge\")"},
	{"diff", inA + "r = np.diff(a)"},
	{"diff", inA + "r = np.diff(a, n=2, axis=0)"},
	{"argmax", inA + "r = np.argmax(a, axis=1)"},
	{"argmax", inA + "r = np.argmax(a, axis=0)"},
	{"count_nonzero", inA + "r = np.count_nonzero(a)"},
	{"count_nonzero", inA + "r = np.count_nonzero(a, axis=1)"},
	{"swapaxes", "a = np.ones((100, 200, 300))\nr = np.swapaxes(a, 0, 2)"},
	{"moveaxis", "a = np.ones((100, 200, 300))\nr = np.moveaxis(a, 0, -1)"},
	{"ravel", "a = np.ones((100, 200, 300))\nr = np.ravel(np.swapaxes(a, 0, 2))"},
	{"tile", inV + "r = np.tile(a, 3)"},
	{"tile", "a = np.ones((500, 500))\nr = np.tile(a, (2, 3))"},
	{"repeat", inV + "r = np.repeat(a, 3)"},
	{"repeat", inA + "r = np.repeat(a, 2, axis=1)"},
	{"diag", "a = np.ones(1000)\nr = np.diag(a)"},
	{"diag", inA + "r = np.diag(a, k=1)"},
	{"triu", inA + "r = np.triu(a)"},
	{"tril", inA + "r = np.tril(a, -1)"},
	{"nan_to_num", inA + "r = np.nan_to_num(a)"},
	{"sort", inA + "r = np.sort(a)"},
	{"sort", inA + "r = np.sort(a, axis=None)"},
	{"argsort", inA + "r = np.argsort(a)"},
	{"partition", inV + "r = np.partition(a, 10)"},
	{"argpartition", inV + "r = np.argpartition(a, 10)"},
	{"searchsorted", inV + "v = np.linspace(0.0, 1.0, 500000)\nr = np.searchsorted(a, v)"},
	{"unique", inA + "r = np.unique(a)"},
	{"isin", inA + "r = np.isin(a, [0.5, 2.0])"},
	{"in1d", inA + "r = np.in1d(a, [0.5, 2.0])"},
	{"isclose", inAB + "r = np.isclose(a, b)"},
	{"array_equiv", inA + "r = np.array_equiv(a, a)"},
	{"allclose", inAB + "r = np.allclose(a, b)"},
	{"array_equal", inAB + "r = np.array_equal(a, b)"},
	{"interp", inV + "xp = np.linspace(0.0, 1.0, 100)\nr = np.interp(a, xp, xp)"},
	{"convolve", inV + "k = np.ones(5)\nr = np.convolve(a, k)"},
	{"convolve", inV + "k = np.ones(5)\nr = np.convolve(a, k, mode=\"same\")"},
	{"correlate", inV + "k = np.ones(5)\nr = np.correlate(a, k)"},
	{"gradient", inV + "r = np.gradient(a)"},
	{"gradient", inA + "r0, r1 = np.gradient(a)"},
	{"percentile", inV + "r = np.percentile(a, 50)"},
	{"percentile", inA + "r = np.percentile(a, 90, axis=0)"},
	{"quantile", inV + "r = np.quantile(a, [0.25, 0.75])"},
	{"cov", "a = np.full((100, 10000), 0.5)\nr = np.cov(a)"},
	{"corrcoef", "a = np.random.random((100, 10000))\nr = np.corrcoef(a)"},
	{"trace", inA + "r = np.trace(a)"},
	{"concatenate", inA + "r = np.concatenate([a, a])"},
	{"concatenate", inA + "r = np.concatenate((a, a), axis=1)"},
	{"concatenate", "a = np.ones(1000000, dtype=np.uint32)\nr = np.concatenate(([1], a))"}, // a list: int64
	{"hstack", inV + "r = np.hstack((a, [0.5, 1.5]))"},
	{"dstack", inA + "r = np.dstack((a, a))"},
	{"concatenate", "a = np.ones((4, 500, 500))\nr = np.concatenate(a)"}, // an array: its first axis's slices
	{"stack", inA + "r = np.stack([a, a])"},
	{"vstack", inV + "r = np.vstack([a, a])"},
	{"hstack", inA + "r = np.hstack([a, a])"},
	{"dstack", "a = np.ones((1000, 1000, 1))\nr = np.dstack([a, a])"},
	{"column_stack", inV + "r = np.column_stack([a, a])"},
	{"outer", "a = np.ones(1000)\nr = np.outer(a, a)"},
	{"einsum", "a = np.ones((300, 300))\nr = np.einsum(\"ij,jk->ik\", a, a)"},
	{"einsum", inA + "r = np.einsum(\"ij->j\", a)"},
	{"einsum", "a = np.ones((300, 300))\nc = np.zeros((300, 300))\nr = np.einsum(\"ij,jk->ik\", a, a, out=c)"},
	{"meshgrid", "x = np.ones(1000)\ny = np.ones(500)\nr0, r1 = np.meshgrid(x, y)"},
	{"linalg.inv", inM + "r = np.linalg.inv(a)"},
	{"linalg.solve", inM + "b = np.ones((500, 10))\nr = np.linalg.solve(a, b)"},
	{"linalg.cholesky", inM + "r = np.linalg.cholesky(a)"},
	{"linalg.det", inM + "r = np.linalg.det(a)"},
	{"linalg.norm", inA + "r = np.linalg.norm(a)"},
	{"linalg.norm", inA + "r = np.linalg.norm(a, axis=1)"},
	{"linalg.norm", inA + "r = np.linalg.norm(a, ord=2, axis=0, keepdims=True)"},
	{"linalg.svd", inM + "r0, r1, r2 = np.linalg.svd(a)"},
	{"linalg.svd", "a = np.ones((500, 200))\nr0, r1, r2 = np.linalg.svd(a, full_matrices=False)"},
	{"linalg.qr", "a = np.ones((500, 200))\nr0, r1 = np.linalg.qr(a)"},
	{"linalg.eigh", inM + "r0, r1 = np.linalg.eigh(a)"},
	{"linalg.eigvalsh", inM + "r = np.linalg.eigvalsh(a)"},
	{"linalg.pinv", "a = np.ones((500, 200))\nr = np.linalg.pinv(a)"},
	{"fft.fft", inV + "r = np.fft.fft(a)"},
	{"fft.ifft", inV + "r = np.fft.ifft(a)"},
	{"fft.rfft", inV + "r = np.fft.rfft(a)"},
	{"fft.irfft", "a = np.ones(500001, dtype=np.complex128)\nr = np.fft.irfft(a)"},
	{"fft.fft2", inA + "r = np.fft.fft2(a)"},
	{"fft.ifft2", inA + "r = np.fft.ifft2(a)"},
	{"fft.fftn", inA + "r = np.fft.fftn(a)"},
	{"fft.ifftn", inA + "r = np.fft.ifftn(a)"},
	{"fft.rfft2", inA + "r = np.fft.rfft2(a)"},
	{"fft.rfftn", inA + "r = np.fft.rfftn(a)"},
	{"fft.irfft2", "a = np.ones((1000, 501), dtype=np.complex128)\nr = np.fft.irfft2(a)"},
	{"fft.irfftn", "a = np.ones((1000, 501), dtype=np.complex128)\nr = np.fft.irfftn(a)"},
	{"fft.fftfreq", "r = np.fft.fftfreq(1000000)"},
	{"fft.rfftfreq", "r = np.fft.rfftfreq(1000000)"},
	{"std", inA + "r = np.std(a)"},
	{"var", inI + "r = np.var(a)"},
	{"median", inV + "r = np.median(a)"},
	{"cumsum", inA + "r = np.cumsum(a)"},
	{"cumprod", inA + "r = np.cumprod(a, axis=1)"},
	{".argsort", inA + "r = a.argsort()"},
	{".argpartition", inV + "r = a.argpartition(10)"},
	{".searchsorted", inV + "v = np.linspace(0.0, 1.0, 500000)\nr = a.searchsorted(v)"},
	{".repeat", inV + "r = a.repeat(2)"},
	{".trace", inA + "r = a.trace()"},
	{".std", inA + "r = a.std()"},
	{".copy", inA + "r = a.copy()"},
	{".flatten", inA + "r = a.flatten()"},
	{".astype", inA + "r = a.astype(np.float32)"},
	{".view", inA + "r = a.view()"},
	{".fill", inA + "r = a.fill(1.0)"},
	{".put", inA + "r = a.put([0, 1], 1.0)"},
	{".itemset", inA + "r = a.itemset(0, 1.0)"},
	{".sort", inA + "r = a.sort()"},
	{".setflags", inA + "r = a.setflags(write=True)"},
	{".take", inV + "i = np.arange(1000000)\nr = a.take(i)"},
	{".nonzero", inA + "r0, r1 = (a > 1.0).nonzero()"},
	{".dot", inM + "r = a.dot(a)"},
	{".round", inA + "r = a.round(2)"},
	{".clip", inA + "r = a.clip(0.1, 0.4)"},
	{".conj", inA + "r = a.conj()"},
	{".conjugate", inA + "r = a.conjugate()"},
	{".reshape", inA + "r = a.reshape(500, 2000)"},
	{".ravel", inA + "r = a.ravel()"},
	{".transpose", inA + "r = a.transpose()"},
	{".swapaxes", inA + "r = a.swapaxes(0, 1)"},
	{".squeeze", "a = np.ones((1000, 1, 1000))\nr = a.squeeze()"},
	{".diagonal", inA + "r = a.diagonal()"},
	{"real", inA + "r = np.real(a)"},
	{"imag", inA + "r = np.imag(a)"},
	{"imag", "a = np.ones((1000, 1000), dtype=np.complex64)\nr = np.imag(a)"},
	{"indices", "r = np.indices((1000, 1000))"},
	{"unravel_index", "i = np.arange(1000000)\nr0, r1 = np.unravel_index(i, (1000, 1000))"},
	{"delete", inA + "r = np.delete(a, 0)"},
	{"delete", inA + "r = np.delete(a, 0, axis=0)"},
	{"resize", inV + "r = np.resize(a, (2000, 1000))"},
	{"split", inA + "r0, r1 = np.split(a, 2)"},
	{"broadcast_arrays", "x = np.ones((1000, 1))\ny = np.ones(1000)\nr0, r1 = np.broadcast_arrays(x, y)"},
	{"fill_diagonal", inA + "r = np.fill_diagonal(a, 0.0)"},
	{"asarray_chkfinite", inA + "r = np.asarray_chkfinite(a)"},
	{"isreal", inA + "r = np.isreal(a)"},
	{"linalg.matrix_rank", inM + "r = np.linalg.matrix_rank(a)"},
	{".partition", inV + "r = a.partition(10)"},
	{".tolist", "a = np.ones(1000)\nr = a.tolist()"},
	{".item", inA + "r = a.item(0)"},
	// rows from the 300 most used names
	{"bincount", "a = np.zeros(1000000, dtype=np.int64)\nr = np.bincount(a)"},
	{"bincount", "a = np.zeros(1000000, dtype=np.int64)\nw = np.ones(1000000)\nr = np.bincount(a, weights=w)"},
	{"polyval", inV + "r = np.polyval([1.0, 2.0, 3.0], a)"},
	{"polyval", "a = np.ones(1000000, dtype=np.int64)\nr = np.polyval([0.5, 2.0], a)"},
	{"polynomial.polynomial.polyval", inV + "r = np.polynomial.polynomial.polyval(a, [1.0, 2.0, 3.0])"},
	{"polynomial.polynomial.polyval", "a = np.ones(1000000, dtype=np.float32)\nr = np.polynomial.polynomial.polyval(a, [1, 2])"},
	{"ndarray", "r = np.ndarray((1000, 1000))"},
	{"ndarray", "r = np.ndarray(shape=(1000, 1000), dtype=np.float32)"},
	{"setdiff1d", inA + "r = np.setdiff1d(a, [0.5])"},
	{"cross", "a = np.ones((1000000, 3))\nb = np.ones((1000000, 3))\nr = np.cross(a, b)"},
	{"cross", "a = np.ones((1000000, 2))\nb = np.ones((1000000, 2))\nr = np.cross(a, b)"},
	{"cross", "a = np.ones((1000000, 3), dtype=np.float32)\nb = np.ones(3, dtype=np.float32)\nr = np.cross(a, b)"},
	{"lib.stride_tricks.as_strided", inA + "r = np.lib.stride_tricks.as_strided(a, shape=(500, 1000))"},
	{"insert", inV + "r = np.insert(a, 5, 1.0)"},
	{"insert", inA + "r = np.insert(a, 5, 1.0, axis=1)"},
	{"insert", inA + "v = np.ones(1000)\nr = np.insert(a, 0, v, axis=0)"},
	{"block", inA + "r = np.block([[a, a], [a, a]])"},
	{"block", "a = np.ones((200, 200))\nr = np.block([[a, a], [a, a]])"},
	{"block", inV + "r = np.block([a, a])"},
	{"linalg.multi_dot", inM + "r = np.linalg.multi_dot([a, a, a])"},
	{"linalg.multi_dot", "a = np.ones((1000, 10))\nb = np.ones((10, 1000))\nr = np.linalg.multi_dot([a, b, a, b])"},
	{"linalg.multi_dot", inM + "r = np.linalg.multi_dot([a, a])"},
	{"linalg.multi_dot", "a = np.ones((400, 200))\nb = np.ones((200, 400))\nc = np.ones((400, 400))\nr = np.linalg.multi_dot([a, b, c])"},
	{"linalg.multi_dot", "a = np.ones((1000, 200))\nb = np.ones((200, 300))\nc = np.ones((300, 400))\nd = np.ones((400, 300))\nr = np.linalg.multi_dot([a, b, c, d])"},
	{"roots", "p = np.ones(200)\nr = np.roots(p)"},
	{"linalg.lstsq", inM + "b = np.ones((500, 10))\nr0, r1, r2, r3 = np.linalg.lstsq(a, b, rcond=None)"},
	{"linalg.lstsq", "a = np.ones((2000, 100)) + np.eye(2000, 100)\nb = np.ones((2000, 300))\nr0, r1, r2, r3 = np.linalg.lstsq(a, b, rcond=None)"},
	{"linalg.lstsq", "a = np.ones((2000, 100)) + np.eye(2000, 100)\nb = np.ones(2000)\nr0, r1, r2, r3 = np.linalg.lstsq(a, b, rcond=None)"},
	{"linalg.lstsq", "a = np.ones((2000, 100), dtype=np.float32) + np.eye(2000, 100, dtype=np.float32)\nb = np.ones((2000, 300), dtype=np.float32)\nr0, r1, r2, r3 = np.linalg.lstsq(a, b, rcond=None)"},
	{"linalg.lstsq", "a = np.ones((100, 2000)) + np.eye(100, 2000)\nb = np.ones((100, 300))\nr0, r1, r2, r3 = np.linalg.lstsq(a, b, rcond=None)"},
	{"linalg.lstsq", "a = np.ones((2000, 100))\nb = np.ones((2000, 300))\nr0, r1, r2, r3 = np.linalg.lstsq(a, b, rcond=None)"},
	{"linalg.eigvals", inM + "r = np.linalg.eigvals(a)"},
	{"add.reduce", inA + "r = np.add.reduce(a)"},
	{"logical_or.reduce", inA + "r = np.logical_or.reduce(a > 0.25, axis=1)"},
	{".setfield", inA + "r = a.setfield(1.0, np.float64)"},
	// rows from the next most used names (301-600)
	{"isposinf", inA + "r = np.isposinf(a)"},
	{"isneginf", inA + "r = np.isneginf(a)"},
	{"iscomplex", inA + "r = np.iscomplex(a)"},
	{"iscomplex", "a = np.ones((1000, 1000), dtype=np.complex64)\nr = np.iscomplex(a)"},
	{"angle", "a = np.ones((1000, 1000), dtype=np.complex128)\nr = np.angle(a)"},
	{"angle", inA + "r = np.angle(a, deg=True)"},
	{"sinc", inV + "r = np.sinc(a)"},
	{"sinc", "a = np.ones(1000000, dtype=np.int64)\nr = np.sinc(a)"},
	{"vsplit", inA + "r0, r1 = np.vsplit(a, 2)"},
	{"hsplit", inA + "r0, r1 = np.hsplit(a, 2)"},
	{"hsplit", inV + "r0, r1 = np.hsplit(a, 2)"},
	{"dsplit", "a = np.ones((100, 100, 100))\nr0, r1 = np.dsplit(a, 2)"},
	{"array_split", inV + "r0, r1, r2 = np.array_split(a, 3)"},
	{"rollaxis", "a = np.ones((100, 200, 300))\nr = np.rollaxis(a, 2)"},
	{"rollaxis", "a = np.ones((100, 200, 300))\nr = np.rollaxis(a, 0, 3)"},
	{"rot90", "a = np.ones((1000, 500))\nr = np.rot90(a)"},
	{"rot90", "a = np.ones((1000, 500))\nr = np.rot90(a, 2)"},
	{"choose", "i = np.zeros(1000000, dtype=np.int64)\n" + inV + "r = np.choose(i, (a, a))"},
	{"lexsort", inV + "b = np.linspace(0.0, 1.0, 1000000)\nr = np.lexsort((a, b))"},
	{"ravel_multi_index", "i = np.arange(1000000)\nr = np.ravel_multi_index((i, i), (1000000, 1000000))"},
	{"triu_indices", "r0, r1 = np.triu_indices(1000)"},
	{"tril_indices", "r0, r1 = np.tril_indices(1000, -1)"},
	{"triu_indices", "r0, r1 = np.triu_indices(1000, 3, 700)"},
	{"vander", inV + "r = np.vander(a, 4)"},
	{"vander", "a = np.ones(1000, dtype=np.int32)\nr = np.vander(a)"},
	{"tri", "r = np.tri(1000)"},
	{"tri", "r = np.tri(1000, 2000, -5, dtype=bool)"},
	{"ediff1d", inA + "r = np.ediff1d(a)"},
	{"trapz", inV + "r = np.trapz(a)"},
	{"trapz", inA + "r = np.trapz(a, axis=0)"},
	{"nancumsum", inV + "r = np.nancumsum(a)"},
	{"nancumprod", inI + "r = np.nancumprod(a, axis=1)"},
	{"union1d", inA + "r = np.union1d(a, [0.5])"},
	{"intersect1d", inA + "r = np.intersect1d(a, [0.5])"},
	{"asfarray", inI + "r = np.asfarray(a)"},
	{"asfarray", inA + "r = np.asfarray(a)"},
	{"asfarray", "a = np.ones((1000, 1000), dtype=np.float32)\nr = np.asfarray(a)"},
	{"add.outer", "a = np.ones(1000)\nb = np.ones((40, 25), dtype=np.int32)\nr = np.add.outer(a, b)"},
	{"add.outer", "a = np.ones((30, 40), dtype=np.int32)\nr = np.add.outer(a, a[0])"},
	{"subtract.outer", "a = np.ones(1000)\nr = np.subtract.outer(a, a)"},
	{"divide.outer", "a = np.arange(1, 1001, dtype=np.int32)\nr = np.divide.outer(a, a)"},
	{"multiply.outer", "a = np.ones(1000, dtype=np.float32)\nr = np.multiply.outer(a, 2.0)"},
	{"maximum.outer", "a = np.ones(800)\nr = np.maximum.outer(a, a)"},
	{"minimum.outer", "a = np.ones(800, dtype=np.int32)\nr = np.minimum.outer(a, a)"},
	{"equal.outer", "a = np.ones(1000)\nr = np.equal.outer(a, a)"},
	{"less.outer", "a = np.ones(1000)\nr = np.less.outer(a, a)"},
	{"greater.outer", "a = np.ones(1000)\nr = np.greater.outer(a, a)"},
	{"histogram", "a = np.random.default_rng(0).random(400000)\nr = np.histogram(a, 1000)"},
	{"histogram", "a = np.random.default_rng(0).random(400000)\nr = np.histogram(a)"},
	{"histogram", "a = np.random.default_rng(0).random(3000)\nr = np.histogram(a, 50)"},
	{"histogram", "a = np.random.default_rng(0).random(400000)\nw = np.ones(400000)\nr = np.histogram(a, 1000, weights=w)"},
	{"histogram", "a = np.random.default_rng(0).random(400000)\nr = np.histogram(a, 1000, density=True)"},
	{"histogram", "a = np.random.default_rng(0).integers(0, 100, 400000).astype(np.int32)\nr = np.histogram(a, 100)"},
	{"histogram", "a = np.random.default_rng(0).random(400000, dtype=np.float32)\nr = np.histogram(a, 100)"},
	{"rng.random", inRng + "r = rng.random((1000, 1000))"},
	{"rng.standard_normal", inRng + "r = rng.standard_normal((1000, 1000), dtype=np.float32)"},
	{"rng.standard_exponential", inRng + "r = rng.standard_exponential((1000, 1000))"},
	{"rng.standard_gamma", inRng + "r = rng.standard_gamma(1.0, (1000, 1000))"},
	{"rng.integers", inRng + "r = rng.integers(0, 10, (1000, 1000))"},
	{"rng.uniform", inRng + "r = rng.uniform(0, 1, (1000, 1000))"},
	{"rng.normal", inRng + "r = rng.normal(0, 1, (1000, 1000))"},
	{"rng.exponential", inRng + "r = rng.exponential(1.0, (1000, 1000))"},
	{"rng.poisson", inRng + "r = rng.poisson(1.0, (1000, 1000))"},
	{"rng.binomial", inRng + "r = rng.binomial(10, 0.5, (1000, 1000))"},
	{"rng.choice", inRng + inV + "r = rng.choice(a, 1000000)"},
	{"rng.permutation", inRng + inV + "r = rng.permutation(a)"},
	{"rng.random_sample", "rng = np.random.RandomState(0)\nr = rng.random_sample((1000, 1000))"},
	{"rng.randint", "rng = np.random.RandomState(0)\nr = rng.randint(0, 10, (1000, 1000))"},
	{"rng.rand", "rng = np.random.RandomState(0)\nr = rng.rand(1000, 1000)"},
	{"rng.randn", "rng = np.random.RandomState(0)\nr = rng.randn(1000, 1000)"},
}

// sparseCases are the test rows of scipy.sparse (npapi/sparse.go: a matrix's bytes are its
// storage's), checked under any SciPy; sparse117Cases need SciPy 1.17, whose conversions the rows
// model and under which they were measured (SciPy 1.10 converts DIA to CSR through COO and
// keeps an extra copy in eye; it has no eye_array or diags_array).
var sparseCases = []apiCase{
	{"scipy.sparse.spdiags", sps + "n = 1000000\no = np.ones(n)\nr = sp.spdiags([o, -2 * o, o], [-1, 0, 1], n, n)"},
	{"scipy.sparse.spdiags", sps + spD + "r = sp.spdiags(d, [-1, 0, 1], 1000000, 1000000)"},
	{"scipy.sparse.csr_matrix", sps + spT + "r = sp.csr_matrix((v, (i, i)), shape=(1000000, 1000000))"},
	{"scipy.sparse.csc_matrix", sps + spT + "r = sp.csc_matrix((v, (i, i)), shape=(1000000, 1000000))"},
	{"scipy.sparse.coo_matrix", sps + spT + "r = sp.coo_matrix((v, (i, i)), shape=(1000000, 1000000))"},
	{"scipy.sparse.csr_array", sps + spT + "r = sp.csr_array((v, (i, i)), shape=(1000000, 1000000))"},
	{"scipy.sparse.lil_array", sps + "r = sp.lil_array((100000, 100000))"},
	{"scipy.sparse.csr_matrix", sps + "a = np.eye(2000)\nr = sp.csr_matrix(a)"},
	{"scipy.sparse.csr_matrix", sps + "r = sp.csr_matrix((1000000, 1000))"},
	{"scipy.sparse.eye", sps + "r = sp.eye(1000000, format=\"csr\")"},
	{"scipy.sparse.diags", sps + "r = sp.diags([1.0, -2.0, 1.0], [-1, 0, 1], shape=(1000000, 1000000))"},
	{"scipy.sparse.lil_matrix", sps + "r = sp.lil_matrix((1000000, 1000000))"},
	{"matmul", sps + spT + "A = sp.csr_matrix((v, (i, i)), shape=(1000000, 1000000))\nr = A @ v"},
	{"dot", sps + spT + "A = sp.csr_matrix((v, (i, i)), shape=(1000000, 1000000))\nx = np.ones((1000000, 2))\nr = A.dot(x)"},
	{"scipy.sparse.linalg.spsolve", sps + spT + "from scipy.sparse.linalg import spsolve\nA = sp.csc_matrix((v, (i, i)), shape=(1000000, 1000000))\nr = spsolve(A, v)"},
}

var sparse117Cases = []apiCase{
	{"scipy.sparse.csr_matrix", sps + spD + "r = sp.spdiags(d, [-1, 0, 1], 1000000, 1000000).tocsr()"},
	{"scipy.sparse.coo_matrix", sps + spD + "r = sp.spdiags(d, [-1, 0, 1], 1000000, 1000000).tocoo()"},
	{"scipy.sparse.dia_matrix", sps + spD + "r = sp.dia_matrix((d, [-1, 0, 1]), shape=(1000000, 1000000)).tocsr()"},
	{"scipy.sparse.csc_array", sps + spD + "r = sp.csc_array(sp.spdiags(d, [-1, 0, 1], 1000000, 1000000))"},
	{"scipy.sparse.coo_array", sps + spT + "r = sp.coo_array((v, (i, i)), shape=(1000000, 1000000))"},
	{"scipy.sparse.eye_array", sps + "r = sp.eye_array(1000000, format=\"csc\")"},
	{"scipy.sparse.diags_array", sps + "r = sp.diags_array([1.0, -2.0, 1.0], offsets=[-1, 0, 1], shape=(1000000, 1000000))"},
	{"scipy.sparse.eye", sps + "r = sp.eye(1000000)"},
	{"scipy.sparse.identity", sps + "r = sp.identity(1000000)"},
	{"scipy.sparse.eye", sps + "r = sp.eye(1000000, 1000000, 1, dtype=np.float64)"},
	{"scipy.sparse.eye", sps + "r = sp.eye(1000000, k=-3, dtype=np.float32)"},
	{"scipy.sparse.eye", sps + "r = sp.eye(1000000, 500000)"},
	{"matmul", sps + spD + "A = sp.spdiags(d, [-1, 0, 1], 1000000, 1000000).tocsr()\nx = np.ones(1000000)\nr = A @ x"},
	{"dot", sps + spD + "A = sp.spdiags(d, [-1, 0, 1], 1000000, 1000000).tocsr()\nx = np.ones((1000000, 2))\nr = A.dot(x)"},
	{"scipy.sparse.linalg.spsolve", sps + spD + "from scipy.sparse.linalg import spsolve\nA = sp.spdiags(d, [-1, 0, 1], 1000000, 1000000).tocsr()\nb = np.ones(1000000)\nr = spsolve(A, b)"},
}

// ndi and sig are the imports of the scipy.ndimage and scipy.signal test rows, sps scipy.sparse's,
// spD the diagonals of a 10⁶ × 10⁶ tridiagonal matrix and spT the triplets of a 10⁶ × 10⁶
// diagonal one.
const (
	ndi = "from scipy import ndimage\n"
	sig = "from scipy import signal\n"
	sps = "import scipy.sparse as sp\n"
	spD = "d = np.ones((3, 1000000))\n"
	spT = "v = np.ones(1000000)\ni = np.arange(1000000)\n"
)

// scipyCases are the test rows of scipy.ndimage and scipy.signal (TestSciPyTable), imported as
// the three usual spellings.
var scipyCases = []apiCase{
	{"scipy.ndimage.gaussian_filter", ndi + inA + "r = ndimage.gaussian_filter(a, 2.0)"},
	{"scipy.ndimage.gaussian_filter", ndi + inI + "r = ndimage.gaussian_filter(a, 2.0)"},
	{"scipy.ndimage.gaussian_filter", ndi + inI + "r = ndimage.gaussian_filter(a, 2.0, output=np.float32)"},
	{"scipy.ndimage.gaussian_filter", "import scipy.ndimage as ndi\n" + inA + "r = ndi.gaussian_filter(a, 2.0)"},
	{"scipy.ndimage.gaussian_filter1d", "from scipy.ndimage import gaussian_filter1d\n" + inA + "r = gaussian_filter1d(a, 2.0)"},
	{"scipy.ndimage.uniform_filter", ndi + inA + "r = ndimage.uniform_filter(a, 5)"},
	{"scipy.ndimage.uniform_filter1d", ndi + inA + "r = ndimage.uniform_filter1d(a, 5, axis=0)"},
	{"scipy.ndimage.median_filter", ndi + inA + "r = ndimage.median_filter(a, 3)"},
	{"scipy.ndimage.maximum_filter", ndi + inA + "r = ndimage.maximum_filter(a, 3)"},
	{"scipy.ndimage.minimum_filter", ndi + inA + "r = ndimage.minimum_filter(a, size=(3, 5))"},
	{"scipy.ndimage.maximum_filter1d", ndi + inA + "r = ndimage.maximum_filter1d(a, 3)"},
	{"scipy.ndimage.minimum_filter1d", ndi + inA + "r = ndimage.minimum_filter1d(a, 3)"},
	{"scipy.ndimage.percentile_filter", ndi + inA + "r = ndimage.percentile_filter(a, 50, size=3)"},
	{"scipy.ndimage.rank_filter", ndi + inA + "r = ndimage.rank_filter(a, 1, size=3)"},
	{"scipy.ndimage.convolve", ndi + inA + "k = np.ones((3, 3))\nr = ndimage.convolve(a, k)"},
	{"scipy.ndimage.correlate", ndi + inA + "k = np.ones((3, 3))\nr = ndimage.correlate(a, k, mode=\"nearest\")"},
	{"scipy.ndimage.convolve1d", ndi + inA + "k = np.ones(3)\nr = ndimage.convolve1d(a, k)"},
	{"scipy.ndimage.correlate1d", ndi + inA + "k = np.ones(3)\nr = ndimage.correlate1d(a, k, axis=0)"},
	{"scipy.ndimage.sobel", ndi + inA + "r = ndimage.sobel(a)"},
	{"scipy.ndimage.prewitt", ndi + inA + "r = ndimage.prewitt(a, axis=0)"},
	{"scipy.ndimage.laplace", ndi + inA + "r = ndimage.laplace(a)"},
	{"scipy.ndimage.laplace", ndi + "a = np.full((100, 100, 100), 0.5)\nr = ndimage.laplace(a)"},
	{"scipy.ndimage.gaussian_laplace", ndi + inA + "r = ndimage.gaussian_laplace(a, 2.0)"},
	{"scipy.ndimage.gaussian_gradient_magnitude", ndi + inA + "r = ndimage.gaussian_gradient_magnitude(a, 2.0)"},
	{"scipy.ndimage.binary_erosion", ndi + "a = np.ones((1000, 1000), dtype=bool)\nr = ndimage.binary_erosion(a)"},
	{"scipy.ndimage.binary_erosion", ndi + inA + "r = ndimage.binary_erosion(a)"},
	{"scipy.ndimage.binary_dilation", ndi + "a = np.ones((1000, 1000), dtype=bool)\nr = ndimage.binary_dilation(a)"},
	{"scipy.ndimage.binary_opening", ndi + "a = np.ones((1000, 1000), dtype=bool)\nr = ndimage.binary_opening(a)"},
	{"scipy.ndimage.binary_closing", ndi + inA + "r = ndimage.binary_closing(a)"},
	{"scipy.ndimage.generate_binary_structure", ndi + "r = ndimage.generate_binary_structure(3, 1)"},
	{"scipy.ndimage.label", ndi + "a = np.ones((1000, 1000), dtype=bool)\nr0, r1 = ndimage.label(a)"},
	{"scipy.ndimage.generic_filter", ndi + "a = np.full((300, 300), 0.5)\nr = ndimage.generic_filter(a, np.max, size=3)"},
	{"scipy.ndimage.grey_erosion", ndi + inA + "r = ndimage.grey_erosion(a, size=(3, 3))"},
	{"scipy.ndimage.grey_dilation", ndi + inI + "r = ndimage.grey_dilation(a, footprint=np.ones((3, 3)))"},
	{"scipy.ndimage.map_coordinates", ndi + inA + "c = np.ones((2, 500, 500))\nr = ndimage.map_coordinates(a, c)"},
	{"scipy.ndimage.map_coordinates", ndi + inA + "c = np.ones((2, 500, 500))\nr = ndimage.map_coordinates(a, c, order=1)"},
	{"scipy.ndimage.zoom", ndi + inA + "r = ndimage.zoom(a, 2)"},
	{"scipy.ndimage.zoom", ndi + inA + "r = ndimage.zoom(a, (1, 2), order=1)"},
	{"scipy.ndimage.shift", ndi + inA + "r = ndimage.shift(a, 1.5)"},
	{"scipy.ndimage.shift", ndi + inA + "r = ndimage.shift(a, 1.5, order=1)"},
	{"scipy.ndimage.grey_opening", ndi + inA + "r = ndimage.grey_opening(a, size=(3, 3))"},
	{"scipy.ndimage.grey_closing", ndi + inI + "r = ndimage.grey_closing(a, size=(3, 3))"},
	{"scipy.ndimage.white_tophat", ndi + inA + "r = ndimage.white_tophat(a, size=(3, 3))"},
	{"scipy.ndimage.black_tophat", ndi + inA + "r = ndimage.black_tophat(a, size=3)"},
	{"scipy.ndimage.morphological_gradient", ndi + inA + "r = ndimage.morphological_gradient(a, size=(3, 3))"},
	{"scipy.ndimage.rotate", ndi + inA + "r = ndimage.rotate(a, 30, reshape=False)"},
	{"scipy.ndimage.rotate", ndi + inA + "r = ndimage.rotate(a, 30, reshape=False, order=1)"},
	{"scipy.ndimage.affine_transform", ndi + inA + "m = np.eye(2)\nr = ndimage.affine_transform(a, m, output_shape=(500, 700))"},
	{"scipy.ndimage.affine_transform", ndi + inA + "m = np.eye(2)\nr = ndimage.affine_transform(a, m, order=0)"},
	{"scipy.ndimage.distance_transform_edt", ndi + "a = np.ones((1000, 1000), dtype=bool)\nr = ndimage.distance_transform_edt(a)"},
	{"scipy.ndimage.distance_transform_edt", ndi + "a = np.ones((100, 100, 100), dtype=bool)\nr = ndimage.distance_transform_edt(a)"},
	{"scipy.ndimage.distance_transform_edt", ndi + "a = np.ones(1000000)\nr = ndimage.distance_transform_edt(a, sampling=2.0)"},
	{"scipy.signal.medfilt", "from scipy import signal\n" + inV + "r = signal.medfilt(a, 5)"},
	{"scipy.signal.convolve2d", "from scipy import signal\n" + inA + "k = np.ones((3, 3))\nr = signal.convolve2d(a, k)"},
	{"scipy.signal.convolve2d", "from scipy import signal\n" + inA + "k = np.ones((3, 3))\nr = signal.convolve2d(a, k, mode=\"same\")"},
	{"scipy.signal.convolve2d", "from scipy.signal import convolve2d\n" + inA + "k = np.ones((3, 3))\nr = convolve2d(k, a, mode=\"valid\")"},
	{"scipy.signal.correlate2d", "import scipy.signal as sig\n" + inA + "k = np.ones((3, 3))\nr = sig.correlate2d(a, k)"},
	{"scipy.signal.convolve", sig + inV + "k = np.ones(5)\nr = signal.convolve(a, k)"},
	{"scipy.signal.convolve", sig + inV + "k = np.ones(1000)\nr = signal.convolve(a, k)"},
	{"scipy.signal.convolve", sig + inA + "k = np.ones((3, 3))\nr = signal.convolve(a, k, mode=\"same\")"},
	{"scipy.signal.convolve", sig + inA + "k = np.ones((3, 3))\nr = signal.convolve(a, k, method=\"direct\")"},
	{"scipy.signal.convolve", sig + inA + "k = np.ones((3, 3))\nr = signal.convolve(k, a, mode=\"valid\", method=\"direct\")"},
	{"scipy.signal.convolve", sig + "a = np.full((1000, 1000), 0.5, dtype=np.float32)\nk = np.ones((3, 3), dtype=np.float32)\nr = signal.convolve(a, k)"},
	{"scipy.signal.correlate", sig + inV + "k = np.ones(1000)\nr = signal.correlate(a, k, mode=\"valid\")"},
	{"scipy.signal.correlate", sig + inV + "k = np.ones(5)\nr = signal.correlate(a, k, mode=\"same\")"},
	{"scipy.signal.fftconvolve", sig + inV + "k = np.ones(5)\nr = signal.fftconvolve(a, k)"},
	{"scipy.signal.fftconvolve", sig + inV + "k = np.ones(1000)\nr = signal.fftconvolve(a, k, mode=\"same\")"},
	{"scipy.signal.fftconvolve", sig + "a = np.full((1000, 1000), 0.5, dtype=np.float32)\nk = np.ones((3, 3))\nr = signal.fftconvolve(a, k, mode=\"valid\")"},
	{"scipy.signal.fftconvolve", sig + "a = np.full((100, 100, 100), 0.5)\nk = np.ones((5, 5, 5))\nr = signal.fftconvolve(a, k)"},
	{"scipy.integrate.odeint", "from scipy.integrate import odeint\n" + inV + "def f(y, t):\n    return [y[1], -y[0]]\nr = odeint(f, [1.0, 0.0], a)"},
	{"scipy.integrate.odeint", "from scipy import integrate\n" + inV + "r = integrate.odeint(lambda y, t: -y, np.ones(6), a)"},
	{"scipy.linalg.eigvals", "from scipy import linalg\na = np.full((1000, 1000), 0.5)\na[0, 1] = 2.0\nr = linalg.eigvals(a)"},
	{"scipy.integrate.odeint", "import scipy.integrate as si\na = np.linspace(0.0, 1.0, 10000)\nr = si.odeint(lambda y, t: -y, np.ones(50), a, rtol=1e-3)"},
	{"scipy.signal.lfilter", sig + inV + "r = signal.lfilter([1.0, 2.0], [1.0, -0.5], a)"},
	{"scipy.signal.lfilter", sig + "a = np.ones(1000000, dtype=np.float32)\nr = signal.lfilter([1.0, 2.0], [1.0, -0.5], a)"},
	{"scipy.signal.lfilter", sig + "a = np.ones(1000000, dtype=np.float32)\nb = np.ones(2, dtype=np.float32)\nr = signal.lfilter(b, b, a)"},
	{"scipy.signal.lfilter", sig + inI + "r = signal.lfilter([1.0, 2.0], [1.0, -0.5], a, axis=0)"},
	{"scipy.signal.lfilter", sig + inV + "r = signal.lfilter([1.0, 2.0, 3.0], 1.0, a)"},
	{"scipy.signal.lfilter", sig + inA + "r = signal.lfilter([1.0, 2.0, 3.0], [1.0], a, axis=0)"},
	{"scipy.signal.filtfilt", sig + inV + "b, c = signal.butter(4, 0.1)\nr = signal.filtfilt(b, c, a)"},
	{"scipy.signal.filtfilt", sig + "a = np.ones(1000000, dtype=np.float32)\nb, c = signal.butter(4, 0.1)\nr = signal.filtfilt(b, c, a)"},
	{"scipy.signal.filtfilt", sig + inA + "b, c = signal.butter(4, 0.1)\nr = signal.filtfilt(b, c, a, axis=0)"},
	{"scipy.signal.filtfilt", sig + inV + "b, c = signal.butter(4, 0.1)\nr = signal.filtfilt(b, c, a, padtype=None)"},
	{"scipy.signal.filtfilt", sig + "a = np.ones(1000000, dtype=np.int64)\nb, c = signal.butter(4, 0.1)\nr = signal.filtfilt(b, c, a, padlen=100000)"},
	{"scipy.signal.filtfilt", sig + inV + "b = np.ones(5) / 5\nr = signal.filtfilt(b, [1.0], a)"},
	{"scipy.signal.filtfilt", sig + inA + "b = np.ones(5) / 5\nr = signal.filtfilt(b, [1.0], a, padtype=\"even\")"},
	{"scipy.signal.hilbert", sig + inV + "r = signal.hilbert(a)"},
	{"scipy.signal.hilbert", sig + "a = np.ones(1000000, dtype=np.float32)\nr = signal.hilbert(a)"},
	{"scipy.signal.hilbert", sig + inA + "r = signal.hilbert(a, axis=0)"},
	{"scipy.signal.hilbert", sig + "a = np.ones(1000000, dtype=np.int64)\nr = signal.hilbert(a)"},
	{"scipy.signal.sosfilt", sig + inV + "sos = signal.butter(4, 0.1, output=\"sos\")\nr = signal.sosfilt(sos, a)"},
	{"scipy.signal.sosfilt", sig + "a = np.ones(1000000, dtype=np.float32)\nsos = np.ones((2, 6))\nr = signal.sosfilt(sos, a)"},
	{"scipy.signal.sosfilt", sig + inA + "sos = signal.butter(3, (0.1, 0.2), \"bandpass\", output=\"sos\")\nr = signal.sosfilt(sos, a, axis=0)"},
	{"scipy.signal.sosfilt", sig + "a = np.full((100, 100, 100), 0.5)\nsos = np.ones((2, 6))\nr = signal.sosfilt(sos, a, axis=1)"},
	{"scipy.signal.sosfilt", sig + "a = np.full((100, 100, 100), 0.5)\nsos = np.ones((2, 6))\nr = signal.sosfilt(sos, a)"},
	{"scipy.signal.savgol_filter", sig + inV + "r = signal.savgol_filter(a, 11, 3)"},
	{"scipy.signal.savgol_filter", sig + "a = np.ones(1000000, dtype=np.int64)\nr = signal.savgol_filter(a, 11, 3, mode=\"nearest\")"},
	{"scipy.signal.butter", sig + "r0, r1 = signal.butter(4, 0.2)"},
	{"scipy.signal.butter", sig + "r = signal.butter(5, [0.2, 0.3], btype=\"bandstop\", output=\"sos\")"},
	{"scipy.signal.windows.hann", sig + "r = signal.windows.hann(1000000)"},
	{"scipy.signal.windows.hamming", "from scipy.signal import windows\nr = windows.hamming(1000000, sym=False)"},
	{"scipy.signal.windows.blackman", sig + "r = signal.windows.blackman(1000000)"},
	{"scipy.signal.get_window", sig + "r = signal.get_window(\"hann\", 1000000)"},
}

// noArrayCases are the programs of the rows that return no array.
var noArrayCases = map[string]string{
	"isscalar": "r = np.isscalar(a)", "ndim": "r = np.ndim(a)", "size": "r = np.size(a)",
	"shape": "r = np.shape(a)", "iscomplexobj": "r = np.iscomplexobj(a)", "isrealobj": "r = np.isrealobj(a)",
	"issubdtype": "r = np.issubdtype(a.dtype, np.floating)", "result_type": "r = np.result_type(a, 1)",
	"can_cast": "r = np.can_cast(a.dtype, np.float32)", "promote_types": "r = np.promote_types(np.float32, np.int64)",
	"min_scalar_type": "r = np.min_scalar_type(10)", "finfo": "r = np.finfo(a.dtype)", "iinfo": "r = np.iinfo(np.int32)",
	"errstate": "r = np.errstate(all=\"ignore\")", "iterable": "r = np.iterable(a)",
	"may_share_memory": "r = np.may_share_memory(a, a)", "shares_memory": "r = np.shares_memory(a, a)",
	"get_include": "r = np.get_include()", "dtype": "r = np.dtype(np.float32)",
}

// integerUfuncs take integer inputs only.
var integerUfuncs = map[string]bool{"invert": true, "bitwise_not": true, "bitwise_and": true,
	"bitwise_or": true, "bitwise_xor": true, "left_shift": true, "right_shift": true, "gcd": true, "lcm": true}

// generatedCases adds a test row for each ufunc and reduction of the table (functions and
// methods) that apiCases does not cover.
func generatedCases() []apiCase {
	have := map[string]bool{}
	for _, c := range apiCases {
		have[c.row] = true
	}
	var out []apiCase
	for _, f := range npapi.Funcs() {
		if have[f.Name] || strings.HasPrefix(f.Name, "jax.") {
			continue // jax.nn, jax.lax and jax.random are not NumPy's: memory/xla_test.go
		}
		if src, ok := noArrayCases[f.Name]; ok {
			out = append(out, apiCase{f.Name, inA + src})
			continue
		}
		switch f.Kind {
		case npapi.Ufunc:
			in, b := inA, "b"
			if integerUfuncs[f.Name] {
				in = inIJ
			} else if f.Nin == 2 {
				in = inAB
			}
			switch {
			case f.Name == "ldexp":
				out = append(out, apiCase{f.Name, inA + "i = np.ones((1000, 1000), dtype=np.int32)\nr = np.ldexp(a, i)"})
			case f.Name == "clip":
				out = append(out, apiCase{f.Name, inA + "r = np.clip(a, 0.1, 0.4)"})
			case f.Nin == 2:
				out = append(out, apiCase{f.Name, in + fmt.Sprintf("r = np.%s(a, %s)", f.Name, b)})
			default:
				out = append(out, apiCase{f.Name, in + fmt.Sprintf("r = np.%s(a)", f.Name)})
			}
		case npapi.Reduction:
			out = append(out, apiCase{f.Name, inA + fmt.Sprintf("r = np.%s(a, axis=0)", f.Name)})
		}
	}
	for _, f := range npapi.Methods() {
		if !have["."+f.Name] && f.Kind == npapi.Reduction {
			out = append(out, apiCase{"." + f.Name, inA + fmt.Sprintf("r = a.%s(axis=1)", f.Name)})
		}
	}
	return out
}

// untested are the rows NumPy has that no single-statement program can check, with the reason.
var untested = map[string]string{
	"fromfile":   "reads a file",
	"frombuffer": "reads a buffer made at run time",
	"fromiter":   "consumes an iterator",
	"loadtxt":    "reads a file",
	"genfromtxt": "reads a file",
	"load":       "reads a file",
}

// rowFunc returns the table row a test row names.
func rowFunc(row string) (*npapi.Func, bool) {
	if m, ok := strings.CutPrefix(row, "."); ok {
		return npapi.Method(m)
	}
	return npapi.Lookup(row)
}

// valueDependent rows have results whose size depends on the values: the model gives an
// unknown dimension (and a bound), not the measured length.
func valueDependent(row string) bool {
	f, ok := rowFunc(row)
	if !ok {
		return false
	}
	dep, _ := f.SizeFromValues()
	return f.Kind == npapi.Gather || dep
}

type callMeasure struct {
	Name      string                     `json:"name"`
	PeakBytes int64                      `json:"peak_bytes"`
	Error     string                     `json:"error"`
	Results   map[string]json.RawMessage `json:"results"`
}

type resultDesc struct {
	Shape  []int64 `json:"shape"`
	DType  string  `json:"dtype"`
	Scalar bool    `json:"scalar"`
}

// TestAPITable runs one program per row of the API table under Debian's NumPy and compares the
// estimate (within max(5 %, 128 KiB) of the traced peak) and the array model's result shapes and
// dtypes (exact).
func TestAPITable(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the NumPy API-table suite; .ci/run runs it in full (go test ./...)")
	}
	cases := append(append([]apiCase{}, apiCases...), generatedCases()...)
	checkCoverage(t, append(append(append(append([]apiCase{}, cases...), scipyCases...), sparseCases...), sparse117Cases...))
	py, err := numpyPython()
	requireTool(t, err)
	// NumPy 2 imports its submodules on first use, inside the first program that names one
	runAPICases(t, py, "np.random, np.fft, np.linalg, np.ma", cases)
}

// TestSciPyTable runs the scipy.ndimage, scipy.signal, scipy.integrate and scipy.linalg rows'
// programs under Debian's SciPy, as TestAPITable does NumPy's. SciPy's modules are imported
// before the first program is traced.
func TestSciPyTable(t *testing.T) {
	if testing.Short() {
		t.Skip("-short skips the SciPy API-table suite; .ci/run runs it in full (go test ./...)")
	}
	py, err := scipyPython()
	requireTool(t, err)
	cases := append(slices.Clip(scipyCases), sparseCases...)
	if scipyAtLeast(t, py, 1, 17) {
		cases = append(cases, sparse117Cases...)
	} else {
		t.Logf("%s's SciPy is older than 1.17: its %d scipy.sparse conversion rows are not checked (bench/truth/.venv-np2 has 1.17)", py, len(sparse117Cases))
	}
	runAPICases(t, py, "from scipy import ndimage, signal, integrate, linalg, sparse\nimport scipy.sparse.linalg", cases)
}

// scipyAtLeast reports whether py's SciPy is version major.minor or newer.
func scipyAtLeast(t *testing.T, py string, major, minor int) bool {
	t.Helper()
	out, err := exec.Command(py, "-c", "import scipy; print(scipy.__version__)").Output()
	if err != nil {
		t.Fatalf("%s: scipy version: %v", py, err)
	}
	var ma, mi int
	if _, err := fmt.Sscanf(strings.TrimSpace(string(out)), "%d.%d", &ma, &mi); err != nil {
		t.Fatalf("%s: scipy version %q: %v", py, out, err)
	}
	return ma > major || ma == major && mi >= minor
}

// scipyPython returns a Python with Debian's NumPy and SciPy.
func scipyPython() (string, error) {
	py, err := numpyPython()
	if err != nil {
		return "", err
	}
	if err := exec.Command(py, "-c", "import scipy.ndimage, scipy.signal, scipy.integrate, scipy.linalg, scipy.sparse.linalg").Run(); err != nil {
		return "", fmt.Errorf("%s has no scipy (install python3-scipy: .ci/deps.d/memory.sh)", py)
	}
	return py, nil
}

// runAPICases measures the cases' programs in one Python process (after an untraced warm-up
// program, when warm is not empty) and checks each estimate and result.
func runAPICases(t *testing.T, py, warm string, cases []apiCase) {
	t.Helper()
	type prog struct {
		Name string `json:"name"`
		Src  string `json:"src"`
	}
	var progs []prog
	if warm != "" {
		progs = append(progs, prog{"warm-up", "import numpy as np\n" + warm + "\n"})
	}
	skip := len(progs)
	for i, c := range cases {
		progs = append(progs, prog{fmt.Sprintf("%03d %s", i, c.row), "import numpy as np\n" + c.src + "\n"})
	}
	ver, version := pythonNumPy(t, py)
	in, _ := json.Marshal(progs)
	cmd := exec.Command(py, "../testdata/mem/measure_calls.py")
	cmd.Stdin = strings.NewReader(string(in))
	outb, err := cmd.Output()
	if err != nil {
		t.Fatalf("measure_calls: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(outb)), "\n")
	if len(lines) != len(progs) {
		t.Fatalf("measure_calls printed %d results for %d programs", len(lines), len(progs))
	}
	var table strings.Builder
	fmt.Fprintf(&table, "%-28s %12s %12s %8s  %s\n", "row", "measured", "estimate", "error", "result")
	bad := 0
	for i, line := range lines[skip:] {
		var m callMeasure
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("measure_calls output %q: %v", line, err)
		}
		c := cases[i]
		src := []byte(progs[skip+i].Src)
		if m.Error != "" {
			if err := removedUnder2(c, src, m.Error, version); err != nil {
				t.Errorf("%s: %q raises: %s (%v)", c.row, c.src, m.Error, err)
				bad++
			}
			continue
		}
		rs, err := EstimateSource(c.row+".py", src, Options{Backend: BackendNumPy, NumPyVersion: version})
		if err != nil {
			t.Fatal(err)
		}
		est := rs[0].PeakBytes
		tol := max(0.05*float64(m.PeakBytes), 128*1024)
		diff := float64(est - m.PeakBytes)
		rel := 0.0
		if m.PeakBytes > 0 {
			rel = 100 * diff / float64(m.PeakBytes)
		}
		shapes, unknown, serr := compareResults(src, c.row, m.Results, version)
		fmt.Fprintf(&table, "%-28s %12d %12d %+7.1f%%  %s\n", c.row, m.PeakBytes, est, rel, shapes)
		if math.Abs(diff) > tol {
			t.Errorf("%s: %q: estimate %d B, measured %d B (%+.1f%%; want within max(5%%, 128 KiB))", c.row, c.src, est, m.PeakBytes, rel)
			bad++
		}
		if serr != nil {
			t.Errorf("%s: %q: %v", c.row, c.src, serr)
			bad++
		}
		if unknown && len(rs[0].Unknown) == 0 {
			t.Errorf("%s: %q: the model leaves a result's size or dtype unknown, but the estimate lists nothing as unknown", c.row, c.src)
			bad++
		}
	}
	t.Logf("%d programs, %d failing checks; estimate (numpy-version %s) vs tracemalloc (%s, NumPy %s):\n%s", len(cases), bad, version, py, ver, table.String())
}

// removedUnder2 checks a row whose program raises under the Python measured: it must be one NumPy
// 2.0 removed (npapi's Removed2), measured under NumPy 2, raising AttributeError, and estimated
// under numpy-version 2 with the call listed as unknown for that reason.
func removedUnder2(c apiCase, src []byte, raised string, version npapi.NumPyVersion) error {
	f, ok := rowFunc(c.row)
	if !ok || f.Removed2 == "" || version != npapi.NumPy2 || !strings.HasPrefix(raised, "AttributeError") {
		return fmt.Errorf("not a name NumPy 2.0 removed, under NumPy 2")
	}
	rs, err := EstimateSource(c.row+".py", src, Options{Backend: BackendNumPy, NumPyVersion: version})
	if err != nil {
		return err
	}
	for _, u := range rs[0].Unknown {
		if strings.Contains(u.Reason, "removed in NumPy 2.0") {
			return nil
		}
	}
	return fmt.Errorf("the estimate does not list the call as removed in NumPy 2.0: %+v", rs[0].Unknown)
}

// checkCoverage fails for a row of the table that NumPy has but no test row covers.
func checkCoverage(t *testing.T, cases []apiCase) {
	t.Helper()
	have := map[string]bool{}
	for _, c := range cases {
		have[c.row] = true
	}
	check := func(prefix string, fs []*npapi.Func) {
		for _, f := range fs {
			name := prefix + f.Name
			if strings.HasPrefix(f.Name, "jax.") || f.Kind == npapi.RNGFactory || f.Name == "stencil_hint" || f.Name == "resize" {
				continue // not NumPy (jax, cuPyNumeric), or not an array result
			}
			if _, ok := untested[name]; ok {
				continue
			}
			if !have[name] {
				t.Errorf("table row %s has no test row in apiCases", name)
			}
		}
	}
	check("", npapi.Funcs())
	check(".", npapi.Methods())
	check("rng.", npapi.GeneratorMethods())
}

// compareResults compares the array model's facts about r (or r0, r1 …) with NumPy's; unknown
// reports a result whose size or dtype the model leaves unknown (a value-dependent row's).
func compareResults(src []byte, row string, real map[string]json.RawMessage, version npapi.NumPyVersion) (desc string, unknown bool, err error) {
	f, err := pyparse.Parse(src)
	if err != nil {
		return "", false, err
	}
	info := arrays.AnalyzeUnder(f, imports.Build(f.Module), nil, version)
	last, ok := f.Module.Body[len(f.Module.Body)-1].(*ast.Assign)
	if !ok {
		return "", false, fmt.Errorf("the program must end with an assignment")
	}
	targets := []ast.Expr{last.Targets[0]}
	if tu, ok := last.Targets[0].(*ast.Tuple); ok {
		targets = tu.Elts
	}
	var descs []string
	fail := func(format string, args ...any) (string, bool, error) {
		return strings.Join(descs, " "), unknown, fmt.Errorf(format, args...)
	}
	for _, x := range targets {
		n, ok := x.(*ast.Name)
		if !ok {
			return fail("target %T is not a name", x)
		}
		raw, ok := real[n.ID]
		if !ok {
			return fail("NumPy gave no %s", n.ID)
		}
		var want resultDesc
		if err := json.Unmarshal(raw, &want); err != nil {
			return fail("%v", err)
		}
		a, isArr := info.Array(n)
		if want.Scalar {
			descs = append(descs, "scalar")
			if isArr {
				return fail("%s: model says an array %v %v, NumPy gives a scalar", n.ID, a.Shape, a.DType)
			}
			continue
		}
		descs = append(descs, fmt.Sprintf("%v %s", want.Shape, want.DType))
		if !isArr {
			return fail("%s: model says no array, NumPy gives %v %s", n.ID, want.Shape, want.DType)
		}
		if f, ok := rowFunc(row); ok && f.DTRule == npapi.DTValues && !a.DType.Known() {
			unknown = true // real or complex by the values: the model must not claim one
		} else if a.DType.String() != want.DType {
			return fail("%s: model dtype %v, NumPy %s", n.ID, a.DType, want.DType)
		}
		if len(a.Shape) != len(want.Shape) || a.Shape == nil {
			return fail("%s: model shape %v, NumPy %v", n.ID, a.Shape, want.Shape)
		}
		for i, d := range a.Shape {
			if !d.Known && valueDependent(row) {
				unknown = true
				continue
			}
			if !d.Known || d.N != want.Shape[i] {
				return fail("%s: model shape %v, NumPy %v", n.ID, a.Shape, want.Shape)
			}
		}
	}
	return strings.Join(descs, " "), unknown, nil
}
