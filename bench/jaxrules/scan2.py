"""Counts what bench/jaxrules/RULE2.md needs from one extracted checkout (the `.py` files of a
snapshot's HEAD): files importing JAX and files computing with CuPy (outside test code and
docs/), `.py` lines in all and outside test code (`wc -l`), and the same per top-level directory.

    python3 bench/jaxrules/scan2.py CHECKOUT_DIR [CHECKOUT_DIR ...]

Prints one TSV row per checkout (scope "whole") and one per top-level directory (scope the
directory name): checkout, scope, jax_files, cupy_compute_files, py_lines,
py_lines_outside_tests. Test code: a `tests` or `test` directory anywhere in the path, or a file
named `test_*.py`.
"""
import collections
import os
import re
import sys

JAX_IMPORT = re.compile(r"^\s*(import\s+jax\b|from\s+jax\b[\w.]*\s+import\b)", re.M)
CUPY_IMPORT_AS = re.compile(r"^\s*import\s+cupy\s+as\s+(\w+)", re.M)
CUPY_IMPORT = re.compile(r"^\s*import\s+cupy\s*(?:$|#|,)", re.M)
CUPY_FROM = re.compile(r"^\s*from\s+cupy\s+import\s+\(?([\w\s,]+)\)?", re.M)
# transfer, device, introspection and kernel-definition names: calling them is not computing
NOT_COMPUTE = {
    "asnumpy", "asarray", "array", "get_array_module", "cuda", "get_default_memory_pool",
    "get_default_pinned_memory_pool", "is_available", "show_config", "fuse", "RawKernel",
    "ElementwiseKernel", "ReductionKernel", "memoize",
    # dtype scalar constructors only build a kernel's launch arguments (RULE2.md amendment 1)
    "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "intc", "uintc", "intp",
    "uintp", "longlong", "ulonglong", "single", "double", "csingle", "cdouble",
}


def is_test(rel):
    parts = rel.split(os.sep)
    return any(p in ("tests", "test") for p in parts[:-1]) or parts[-1].startswith("test_")


def is_docs(rel):
    return any(p in ("docs", "doc") for p in rel.split(os.sep)[:-1])


def computes_with_cupy(text):
    """Whether the file imports cupy and calls a CuPy function other than NOT_COMPUTE (comments
    are not code: a `#` and what follows it on the line are dropped first)."""
    text = re.sub(r"#[^\n]*", "", text)
    aliases = set(CUPY_IMPORT_AS.findall(text))
    if CUPY_IMPORT.search(text):
        aliases.add("cupy")
    direct = set()
    for group in CUPY_FROM.findall(text):
        for name in group.replace("\n", " ").split(","):
            name = name.strip().split(" as ")[-1].strip()
            if name and name not in NOT_COMPUTE:
                direct.add(name)
    for alias in aliases:
        for m in re.finditer(r"(?<![\w.])" + re.escape(alias) + r"\.(\w+)[\w.]*\s*\(", text):
            if m.group(1) not in NOT_COMPUTE:
                return True
    for name in direct:
        if re.search(r"(?<![\w.])" + re.escape(name) + r"\s*\(", text):
            return True
    return False


def scan(root):
    rows = collections.defaultdict(lambda: [0, 0, 0, 0])
    for dirpath, _, files in os.walk(root):
        for f in files:
            if not f.endswith(".py"):
                continue
            path = os.path.join(dirpath, f)
            rel = os.path.relpath(path, root)
            with open(path, "rb") as fh:
                data = fh.read()
            text = data.decode("utf-8", "replace")
            lines = data.count(b"\n")
            top = rel.split(os.sep)[0] if os.sep in rel else "."
            test = is_test(rel)
            counted = not test and not is_docs(rel)
            for scope in ("whole", top):
                r = rows[scope]
                if counted and JAX_IMPORT.search(text):
                    r[0] += 1
                if counted and computes_with_cupy(text):
                    r[1] += 1
                r[2] += lines
                if not test:
                    r[3] += lines
    return rows


def main():
    print("checkout\tscope\tjax_files\tcupy_compute_files\tpy_lines\tpy_lines_outside_tests")
    for root in sys.argv[1:]:
        rows = scan(root)
        name = os.path.basename(os.path.normpath(root))
        for scope in ["whole"] + sorted(k for k in rows if k != "whole"):
            print(name + "\t" + scope + "\t" + "\t".join(str(v) for v in rows[scope]))


if __name__ == "__main__":
    main()
