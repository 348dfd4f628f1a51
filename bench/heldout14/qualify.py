"""Selection for the fourteenth held-out corpus (bench/heldout14/RULE.md), applied by grep-like
pattern matching only: it reads each candidate's .py files as text and prints counts, never code.

usage: qualify.py CANDIDATES_DIR REPO_ROOT -> corpus rows on standard output (tab-separated), and
the record of every candidate (criterion, counts) on standard error.
"""
import os
import re
import sys

TEST_DIRS = ("tests", "test")
IMPORT = re.compile(r"^\s*(import|from)\s+(.*)$")
# CuPy calls that do not compute (bench/jaxrules/RULE2.md criterion (a)).
CUPY_NONCOMPUTE = {"asnumpy", "asarray", "array", "get_array_module", "cuda", "get_default_memory_pool",
                   "get_default_pinned_memory_pool", "is_available", "show_config", "fuse", "RawKernel",
                   "ElementwiseKernel", "ReductionKernel"}
# Modules whose functions compute on arrays.
JAX_COMPUTE = ("jax.numpy", "jax.lax", "jax.random", "jax.scipy", "jax.nn")


def test_code(rel):
    """The brief's test code: a tests/ or test/ directory at any depth, test_*.py, *_test.py, conftest.py."""
    parts = rel.split("/")
    base = parts[-1]
    if base.startswith("test_") or base.endswith("_test.py") or base == "conftest.py":
        return True
    return any(d in TEST_DIRS for d in parts[:-1])


def bindings(text):
    """Names bound to a computing module by import lines: name -> module."""
    bound = {}
    for line in text.splitlines():
        m = IMPORT.match(line)
        if not m:
            continue
        kind, rest = m.groups()
        rest = rest.split("#", 1)[0].strip().strip("()\\")
        if kind == "import":
            for item in rest.split(","):
                item = item.strip()
                if not item:
                    continue
                w = item.split()
                mod = w[0]
                name = w[2] if len(w) >= 3 and w[1] == "as" else mod
                if mod == "cupy" or mod.startswith("cupy.") or mod in JAX_COMPUTE or mod.startswith(tuple(m + "." for m in JAX_COMPUTE)):
                    bound[name] = mod
                elif mod == "jax":
                    bound[name] = "jax"
        else:
            if " import " not in rest:
                continue
            mod, names = rest.split(" import ", 1)
            mod = mod.strip()
            for item in names.strip("() ").split(","):
                w = item.split()
                if not w:
                    continue
                full = mod + "." + w[0]
                name = w[2] if len(w) >= 3 and w[1] == "as" else w[0]
                if full in JAX_COMPUTE or full.startswith(tuple(m + "." for m in JAX_COMPUTE)) or full == "cupy" or (mod == "jax.scipy"):
                    bound[name] = full
    return bound


def computes(text):
    """Whether the file calls a computing function through a bound name; which module family."""
    kinds = set()
    for name, mod in bindings(text).items():
        pat = re.compile(r"(?<![A-Za-z0-9_.])" + re.escape(name) + r"\.([A-Za-z_][A-Za-z0-9_.]*)\s*\(")
        for m in pat.finditer(text):
            attr = m.group(1)
            if mod == "jax":
                if any(("jax." + attr).startswith(j + ".") for j in JAX_COMPUTE):
                    kinds.add("jax")
            elif mod.startswith("cupy"):
                if attr.split(".")[0] not in CUPY_NONCOMPUTE:
                    kinds.add("cupy")
            else:
                kinds.add("jax")
    return kinds


def nonblank(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return sum(1 for line in f if line.strip())


def excluded_names(repo_root):
    """owner/name of every repository in the earlier corpora's lists, lowercased."""
    names = set()
    lists = [os.path.join(repo_root, "bench/jaxrules/corpus.tsv"), os.path.join(repo_root, "bench/jaxrules/corpus2.tsv")]
    for d in sorted(os.listdir(os.path.join(repo_root, "bench"))):
        if d.startswith("heldout1") and os.path.exists(os.path.join(repo_root, "bench", d, "corpus.tsv")):
            lists.append(os.path.join(repo_root, "bench", d, "corpus.tsv"))
    for p in lists:
        for line in open(p, encoding="utf-8"):
            for cell in line.rstrip("\n").split("\t"):
                if re.fullmatch(r"[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+", cell):
                    names.add(cell.lower())
    return names


def excluded_folders():
    """owner+name folders at any depth under /work/heldout1* and /work/gt, lowercased."""
    found = set()
    for top in sorted(os.listdir("/work")):
        if not (top.startswith("heldout1") or top == "gt"):
            continue
        for dirpath, dirnames, _ in os.walk(os.path.join("/work", top)):
            for d in dirnames:
                if "+" in d:
                    found.add(d.lower())
    return found


def choose_dir(root, files, array):
    """RULE.md's package directory: the subdirectory of root holding the most array files (ties by
    name), descended until its non-test lines are at most 40,000. None if no such directory."""
    prefix = ""
    while True:
        lines = sum(n for rel, n in files.items() if rel.startswith(prefix))
        if lines <= 40000:
            return prefix.rstrip("/"), lines
        counts = {}
        for rel in array:
            if rel.startswith(prefix):
                rest = rel[len(prefix):]
                if "/" in rest:
                    counts.setdefault(rest.split("/", 1)[0], 0)
                    counts[rest.split("/", 1)[0]] += 1
        if not counts:
            return None, lines
        best = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        prefix = prefix + best + "/"


def main():
    cand, repo_root = sys.argv[1], sys.argv[2]
    names, folders = excluded_names(repo_root), excluded_folders()
    taken = 0
    print("repo\tchecked_path\tlines_outside_tests\tarray_files\tjax_files\tcupy_files")
    for d in sorted(os.listdir(cand)):
        repo = d.replace("+", "/", 1)
        if taken >= 15:
            print("%s\tnot considered: 15 repositories taken" % repo, file=sys.stderr)
            continue
        if repo.lower() in names or d.lower() in folders:
            print("%s\texcluded: used by an earlier corpus" % repo, file=sys.stderr)
            continue
        files, array, jx, cp = {}, [], 0, 0
        base = os.path.join(cand, d)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames.sort()
            for fn in sorted(filenames):
                p = os.path.join(dirpath, fn)
                if not fn.endswith(".py") or os.path.islink(p) or not os.path.isfile(p):
                    continue
                rel = os.path.relpath(p, base)
                if test_code(rel):
                    continue
                files[rel] = nonblank(p)
                with open(p, encoding="utf-8", errors="replace") as f:
                    k = computes(f.read())
                if k:
                    array.append(rel)
                    jx += "jax" in k
                    cp += "cupy" in k
        total = sum(files.values())
        if len(array) < 3:
            print("%s\tfails: %d array files (<3); %d non-test lines" % (repo, len(array), total), file=sys.stderr)
            continue
        sub, lines = choose_dir(base, files, array)
        if sub is None:
            print("%s\tfails: over 40,000 non-test lines (%d) and no directory to narrow to" % (repo, total), file=sys.stderr)
            continue
        n_array = sum(1 for r in array if r.startswith(sub + "/" if sub else ""))
        if n_array < 3:
            print("%s\tfails: %d array files (<3) in %s" % (repo, n_array, sub), file=sys.stderr)
            continue
        taken += 1
        print("%s\ttaken (place %d): %d array files (%d JAX, %d CuPy), %d non-test lines%s" % (
            repo, taken, len(array), jx, cp, total, (", checked under %s/ (%d lines)" % (sub, lines)) if sub else ""), file=sys.stderr)
        print("%s\t%s\t%d\t%d\t%d\t%d" % (repo, d + ("/" + sub if sub else ""), lines, n_array, jx, cp))


main()
