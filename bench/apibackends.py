"""List which API table names CuPy and jax.numpy define, read statically from their sources.

Usage: /usr/bin/python3 bench/apibackends.py CUPY_GIT_DIR CUPY_COMMIT JAX_GIT_DIR JAX_COMMIT < names

Reads NumPy names on stdin, one a line ("zeros", "linalg.norm", "add.reduce"), and prints a
"# cupy COMMIT jax COMMIT" line, then "name cupy jax" lines, each "yes" or "no": whether
`cupy.<name>` and `jax.numpy.<name>` exist at those commits. A module's names are what its file
binds at the top level (imports, defs, classes, assignments, also inside top-level try/if
blocks, and the names a module __getattr__ compares its argument with); `from M import *` is
followed into M. A ufunc method ("add.reduce") exists when the
ufunc does (CuPy's and jax.numpy's ufunc objects have reduce). The repositories are read with
`git show COMMIT:path`; nothing is imported or run.

The table's function rows, from docs/api-coverage.md (the scipy.* and jax.* rows are those
libraries' own), with the bare mirrors the search tool's fetch makes:

  awk '/^## Functions/{f=1;next} /^## /{f=0} f && /^[|] `/' docs/api-coverage.md | cut -d'`' -f2 |
    grep -v '^scipy[.]\|^jax[.]' | /usr/bin/python3 bench/apibackends.py \
      /work/.mirror/cupy+cupy/repo 6b6d9563c4f7410cd1866a11b2f71a60dd45a68c \
      /work/.mirror/jax-ml+jax/repo cec06d116c05f0d52adfceee3d3b730fdbcb0ce5 > bench/apibackends.txt
"""

import ast
import subprocess
import sys

UFUNC_METHODS = {"reduce", "accumulate", "outer", "at", "reduceat"}


class Repo:
    def __init__(self, git_dir, commit):
        self.git_dir, self.commit = git_dir, commit
        self.cache = {}

    def source(self, path):
        r = subprocess.run(["git", "--git-dir", self.git_dir, "show", f"{self.commit}:{path}"],
                           capture_output=True, text=True)
        return r.stdout if r.returncode == 0 else None

    def module_file(self, dotted):
        base = dotted.replace(".", "/")
        for path in (base + ".py", base + "/__init__.py", base + ".pyx"):
            if self.source(path) is not None:
                return path
        return None

    def names(self, dotted, seen=None):
        """The top-level names module `dotted` binds."""
        if dotted in self.cache:
            return self.cache[dotted]
        seen = seen or set()
        if dotted in seen:
            return set()
        seen.add(dotted)
        path = self.module_file(dotted)
        out = set()
        if path is not None and path.endswith(".py"):
            try:
                tree = ast.parse(self.source(path))
            except SyntaxError:
                tree = None
            if tree is not None:
                self._collect(tree.body, dotted, path, out, seen)
        self.cache[dotted] = out
        return out

    def _collect(self, body, dotted, path, out, seen):
        for st in body:
            if isinstance(st, ast.ImportFrom):
                for a in st.names:
                    if a.name == "*":
                        mod = self._resolve(st, dotted, path)
                        if mod:
                            out |= {n for n in self.names(mod, seen) if not n.startswith("_")}
                    else:
                        out.add(a.asname or a.name)
            elif isinstance(st, ast.Import):
                for a in st.names:
                    out.add(a.asname or a.name.split(".")[0])
            elif isinstance(st, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                out.add(st.name)
                if st.name == "__getattr__":
                    # lazy names: `if key == "Generator": ...` in a module __getattr__
                    for n in ast.walk(st):
                        if isinstance(n, ast.Compare):
                            for c in [n.left] + n.comparators:
                                if isinstance(c, ast.Constant) and isinstance(c.value, str):
                                    out.add(c.value)
            elif isinstance(st, (ast.Assign, ast.AnnAssign)):
                targets = st.targets if isinstance(st, ast.Assign) else [st.target]
                for t in targets:
                    for n in ast.walk(t):
                        if isinstance(n, ast.Name):
                            out.add(n.id)
            elif isinstance(st, ast.Try):
                for b in [st.body, st.orelse, st.finalbody] + [h.body for h in st.handlers]:
                    self._collect(b, dotted, path, out, seen)
            elif isinstance(st, ast.If):
                self._collect(st.body, dotted, path, out, seen)
                self._collect(st.orelse, dotted, path, out, seen)

    @staticmethod
    def _resolve(st, dotted, path):
        if st.level == 0:
            return st.module
        pkg = dotted.split(".")
        if not path.endswith("__init__.py"):
            pkg = pkg[:-1]
        pkg = pkg[:len(pkg) - (st.level - 1)]
        return ".".join(pkg + ([st.module] if st.module else []))

    def has(self, root, name):
        """Whether root.name exists: name's last part among the names of its module."""
        parts = name.split(".")
        if len(parts) >= 2 and parts[-1] in UFUNC_METHODS:
            parts = parts[:-1]
        mod = ".".join([root] + parts[:-1])
        return parts[-1] in self.names(mod)


def main():
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    cupy = Repo(sys.argv[1], sys.argv[2])
    jax = Repo(sys.argv[3], sys.argv[4])
    print(f"# cupy {sys.argv[2]} jax {sys.argv[4]}")
    for line in sys.stdin:
        name = line.strip()
        if not name:
            continue
        yn = lambda ok: "yes" if ok else "no"
        print(name, yn(cupy.has("cupy", name)), yn(jax.has("jax.numpy", name)))


if __name__ == "__main__":
    main()
