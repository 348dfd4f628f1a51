"""Write programs.tsv's files into SRC and print the manifest bench/realprograms/run.py reads.

Usage: python3 programs_sizes.py --mirror DIR --src DIR programs.tsv > manifest.tsv

Each row's file is read with git from MIRROR/<owner>+<name>/repo at the row's commit and written
to SRC/<owner>+<name>/<path>. A row whose eighth column names a module-level constant becomes one
manifest row per size, each on a copy of the file (SRC/<owner>+<name>/_sizes/<path stem>__<NAME>
=<V>.py) in which the one top-level `NAME = INT` assignment is given the size's value; the other
rows pass through with their first seven columns.
"""

import argparse
import ast
import os
import subprocess
import sys


def with_constant(src, name, value):
    """src with the top-level `name = INT` assignment's literal replaced by value."""
    tree = ast.parse(src)
    lines = src.splitlines(keepends=True)
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name) \
                and node.targets[0].id == name and isinstance(node.value, ast.Constant):
            v = node.value
            if v.lineno != v.end_lineno:
                break
            line = lines[v.lineno - 1]
            # col_offset counts UTF-8 bytes
            b = line.encode()
            b = b[:v.col_offset] + str(value).encode() + b[v.end_col_offset:]
            lines[v.lineno - 1] = b.decode()
            return "".join(lines)
    sys.exit(f"programs_sizes: no top-level `{name} = INT` assignment")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", required=True)
    ap.add_argument("--src", required=True)
    ap.add_argument("tsv")
    a = ap.parse_args()
    print("# made by bench/truth/programs_sizes.py from programs.tsv")
    with open(a.tsv) as f:
        for n, raw in enumerate(f, 1):
            if not raw.strip() or raw.startswith("#"):
                continue
            cols = raw.rstrip("\n").split("\t")
            if len(cols) != 8:
                sys.exit(f"{a.tsv}:{n}: want 8 tab-separated columns, found {len(cols)}")
            pid, repo, commit, path, entry, args, sizes, const = cols
            git_dir = os.path.join(a.mirror, repo.replace("/", "+"), "repo")
            if os.path.isdir(os.path.join(git_dir, ".git")):
                git_dir = os.path.join(git_dir, ".git")
            p = subprocess.run(["git", "--git-dir", git_dir, "show", f"{commit}:{path}"], capture_output=True)
            if p.returncode != 0:
                sys.exit(f"programs_sizes: {repo}@{commit}:{path}: {p.stderr.decode().strip()} (fetch {repo})")
            root = os.path.join(a.src, repo.replace("/", "+"))
            dest = os.path.join(root, path)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as out:
                out.write(p.stdout)
            if const == "-":
                print("\t".join(cols[:7]))
                continue
            text = p.stdout.decode()
            for size in sizes.split("|"):
                k, _, v = size.partition("=")
                if k.strip() != const:
                    sys.exit(f"{a.tsv}:{n}: size {size!r} does not bind {const}")
                rel = os.path.join("_sizes", os.path.splitext(path)[0] + f"__{const}={v.strip()}.py")
                copy = os.path.join(root, rel)
                os.makedirs(os.path.dirname(copy), exist_ok=True)
                with open(copy, "w") as out:
                    out.write(with_constant(text, const, v.strip()))
                print("\t".join([pid, repo, commit, rel, entry, args, size]))


if __name__ == "__main__":
    main()
