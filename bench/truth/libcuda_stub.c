/*
 * libcuda_stub.c: a stand-in for the NVIDIA driver's libcuda.so.1 on a machine without one, so
 * that the legate/cupynumeric wheels (linked against libcuda.so.1) can be loaded for a CPU-only
 * run (--gpus 0). Every entry point reports that there is no device; nothing is emulated.
 * legate_oom.sh builds it with `cc -shared -fPIC -o libcuda.so.1 libcuda_stub.c`.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

typedef int CUresult;
enum { NO_DEVICE = 100, NOT_FOUND = 500 };

CUresult cuInit(unsigned flags) { (void)flags; return NO_DEVICE; }
CUresult cuDriverGetVersion(int *v) { if (v) *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { if (n) *n = 0; return 0; }
/* any other entry point: reports no device */
static CUresult no_device(void) { return NO_DEVICE; }

/* the driver's symbol look-up: this library's own function of that name, else no_device */
CUresult cuGetProcAddress(const char *s, void **p, int v, unsigned long long f, void *st) {
	(void)v; (void)f;
	if (st) *(int *)st = 0; /* CU_GET_PROC_ADDRESS_SUCCESS */
	if (!p) return NOT_FOUND;
	*p = s ? dlsym(RTLD_DEFAULT, s) : NULL;
	if (!*p) *p = (void *)no_device;
	return 0;
}
CUresult cuGetProcAddress_v2(const char *s, void **p, int v, unsigned long long f, void *st) {
	return cuGetProcAddress(s, p, v, f, st);
}
CUresult cuGetErrorName(CUresult e, const char **s) { (void)e; if (s) *s = "CUDA_ERROR_NO_DEVICE"; return 0; }
CUresult cuGetErrorString(CUresult e, const char **s) { (void)e; if (s) *s = "no CUDA device (stub)"; return 0; }
CUresult cuMemFreeHost(void *p) { (void)p; return NO_DEVICE; }
CUresult cuMemFree_v2(unsigned long long p) { (void)p; return NO_DEVICE; }
CUresult cuFileDriverOpen(void) { return NO_DEVICE; }
CUresult cuFileHandleRegister(void *h, void *d) { (void)h; (void)d; return NO_DEVICE; }
void cuFileHandleDeregister(void *h) { (void)h; }
long cuFileRead(void *h, void *b, size_t n, long o, long bo) { (void)h; (void)b; (void)n; (void)o; (void)bo; return -1; }
long cuFileWrite(void *h, const void *b, size_t n, long o, long bo) { (void)h; (void)b; (void)n; (void)o; (void)bo; return -1; }
