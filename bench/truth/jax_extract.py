"""Extract the public JAX functions of jax_public.tsv from fetched repositories, outside this one.

Usage: python3 jax_extract.py [--mirror /work/.mirror] [--out /work/truth-cases/jax] jax_public.tsv

For each row (id, repository, commit, path, function, small args, large args), reads PATH at
COMMIT from MIRROR/<owner>+<name>/repo (the search tool's `fetch github:OWNER/NAME` puts a bare
mirror there; `git clone` + `checkout COMMIT` into that folder does as well) and writes
OUT/<id>.py: the file's top-level imports that the kept code names, the top-level functions and
constants the function reaches by name (transitively), each unmodified, and `@jax.jit` above
the case's function (added by this script, the only change; a decorator already there is kept
below it). The code stays outside this repository: it is someone else's.
"""

import argparse
import ast
import os
import subprocess
import sys


def names_in(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | \
        {n.value.id for n in ast.walk(node) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)}


def bound_by_import(node):
    out = {}
    for a in node.names:
        if isinstance(node, ast.Import):
            out[(a.asname or a.name).split(".")[0]] = node
        else:
            out[a.asname or a.name] = node
    return out


def extract(src, fn):
    tree = ast.parse(src)
    lines = src.splitlines()
    defs, imports, consts = {}, {}, {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defs[node.name] = node
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            imports.update(bound_by_import(node))
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            consts[node.targets[0].id] = node
    if fn not in defs:
        raise SystemExit(f"extract: {fn} is not a top-level function of the file")
    keep, todo = {fn}, [fn]
    used_imports = set()
    while todo:
        node = defs.get(todo[-1]) or consts.get(todo[-1])
        todo.pop()
        for name in names_in(node):
            if name in imports:
                used_imports.add(id(imports[name]))
            elif (name in defs or name in consts) and name not in keep:
                keep.add(name)
                todo.append(name)

    def text(node):
        start = min([d.lineno for d in getattr(node, "decorator_list", [])] + [node.lineno])
        return "\n".join(lines[start - 1:node.end_lineno])

    out = ["import jax  # for the @jax.jit this script adds"]
    seen = set()
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) in used_imports and id(node) not in seen:
            seen.add(id(node))
            out.append(text(node))
    out.append("")
    for node in tree.body:
        name = getattr(node, "name", None) or (consts.get(node.targets[0].id) is node and node.targets[0].id
                                               if isinstance(node, ast.Assign) else None)
        if name in keep and (node is defs.get(name) or node is consts.get(name)):
            out.append("")
            if name == fn:
                out.append("@jax.jit  # added by bench/truth/jax_extract.py")
            out.append(text(node))
            out.append("")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("--out", default="/work/truth-cases/jax")
    ap.add_argument("manifest")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    with open(a.manifest) as f:
        rows = [line.rstrip("\n").split("\t") for line in f if line.strip() and not line.startswith("#")]
    for cols in rows:
        cid, repo, commit, path, fn = cols[:5]
        git_dir = os.path.join(a.mirror, repo.replace("/", "+"), "repo")
        if os.path.isdir(os.path.join(git_dir, ".git")):
            git_dir = os.path.join(git_dir, ".git")
        p = subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"],
                           capture_output=True, text=True)
        if p.returncode != 0:
            sys.exit(f"extract {cid}: {repo}@{commit}:{path}: {p.stderr.strip()} (fetch {repo} first)")
        header = f"# {cid}: {fn} from {repo}@{commit}:{path}, extracted by bench/truth/jax_extract.py\n"
        with open(os.path.join(a.out, cid + ".py"), "w") as f:
            f.write(header + extract(p.stdout, fn))
    print(f"extract: {len(rows)} functions into {a.out}")


if __name__ == "__main__":
    main()
