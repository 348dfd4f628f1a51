"""Count how often NumPy functions and ndarray methods are used in real code.

Usage: /usr/bin/python3 bench/apicount.py [--top N] [--names] DIR [DIR ...]

Walks every .py file under the given directories (test directories excluded), parses it with
Python's ast module and counts:
  - calls and references to numpy functions, by their name under numpy: np.zeros → "zeros",
    numpy.linalg.norm → "linalg.norm", `from numpy import pad; pad(...)` → "pad"
    (aliases from `import numpy as np`, `import numpy.linalg as la`, `from numpy import fft`);
  - calls of ndarray method names on anything that is not a module (x.sum() → ".sum"), counted
    only for names that are ndarray methods (dir(numpy.ndarray)).
Prints "count name" lines, most used first (--top N, default 300). With --names, prints only the
names (the form docs/api-coverage.md's generator reads from bench/apicount.txt).

Run over Debian's packages (apt-get install python3-numpy python3-scipy python3-sklearn
python3-skimage):

  /usr/bin/python3 bench/apicount.py /usr/lib/python3/dist-packages/{numpy,scipy,sklearn,skimage}
"""

import ast
import collections
import os
import sys

import numpy

METHODS = {n for n in dir(numpy.ndarray) if not n.startswith("_")}


def is_test_path(path):
    parts = path.split(os.sep)
    return any(p in ("tests", "test", "testing", "benchmarks") for p in parts)


class Counter(ast.NodeVisitor):
    def __init__(self, counts):
        self.counts = counts
        self.alias = {}  # local name -> numpy path ("" for numpy itself, "linalg" …)

    def visit_Import(self, node):
        for a in node.names:
            if a.name == "numpy" or a.name.startswith("numpy."):
                sub = a.name[len("numpy."):] if a.name != "numpy" else ""
                if a.asname:
                    self.alias[a.asname] = sub
                elif sub == "":
                    self.alias["numpy"] = ""

    def visit_ImportFrom(self, node):
        mod = node.module or ""
        if node.level == 0 and (mod == "numpy" or mod.startswith("numpy.")):
            sub = mod[len("numpy."):] if mod != "numpy" else ""
            for a in node.names:
                full = (sub + "." if sub else "") + a.name
                self.alias[a.asname or a.name] = full

    def path_of(self, node):
        """Returns the numpy path an expression names, or None."""
        if isinstance(node, ast.Name):
            return self.alias.get(node.id)
        if isinstance(node, ast.Attribute):
            base = self.path_of(node.value)
            if base is None:
                return None
            return (base + "." if base else "") + node.attr
        return None

    def visit_Call(self, node):
        p = self.path_of(node.func)
        if p:
            self.counts[p] += 1
        elif isinstance(node.func, ast.Attribute) and node.func.attr in METHODS:
            self.counts["." + node.func.attr] += 1
        self.generic_visit(node)


def count(dirs):
    counts = collections.Counter()
    for d in dirs:
        for root, _, files in os.walk(d):
            if is_test_path(os.path.relpath(root, d)):
                continue
            for f in files:
                if not f.endswith(".py"):
                    continue
                path = os.path.join(root, f)
                try:
                    with open(path, encoding="utf-8", errors="replace") as fh:
                        tree = ast.parse(fh.read(), path)
                except (SyntaxError, ValueError):
                    continue
                Counter(counts).visit(tree)
    return counts


def main(argv):
    top, names = 300, False
    dirs = []
    i = 0
    while i < len(argv):
        if argv[i] == "--top":
            top = int(argv[i + 1])
            i += 2
            continue
        if argv[i] == "--names":
            names = True
        else:
            dirs.append(argv[i])
        i += 1
    if not dirs:
        sys.exit(__doc__)
    for name, n in count(dirs).most_common(top):
        print(name if names else f"{n} {name}")


if __name__ == "__main__":
    main(sys.argv[1:])
