"""Screen a fetched repository's .py files by PROGRAMS.md's criteria (a)-(c) and list the
integers that could be its size (criterion d is then read by hand).

Usage: python3 programs_screen.py [--mirror /work/.mirror] OWNER/NAME...

Prints, per repository, each .py file of HEAD in `git ls-tree -r HEAD` order that passes (a)
imports numpy, (b) imports only the standard library, numpy, scipy and matplotlib, and (c) reads
no input; with its module-level integer constants, whether it reads the command line, and its
def parameters with integer defaults. A repository with none prints "no program".
"""

import argparse
import ast
import os
import re
import subprocess
import sys

ALLOWED = {"numpy", "scipy", "matplotlib", "mpl_toolkits"}
INPUT = re.compile(r"\bopen\(|\binput\(|np\.load\b|numpy\.load\b|loadtxt|genfromtxt|fromfile|imread|read_csv")


def stdlib(name):
    return name in sys.stdlib_module_names


def screen(src):
    """(reason it fails, or None; details) for one file's text."""
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return "does not parse", None
    mods = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                mods.add(".relative")
            elif node.module:
                mods.add(node.module.split(".")[0])
    if "numpy" not in mods:
        return "a: no numpy", None
    other = sorted(m for m in mods if m not in ALLOWED and not stdlib(m))
    if other:
        return "b: imports " + ", ".join(other), None
    if INPUT.search(src):
        return "c: reads input", None
    consts = []
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, int) \
                and not isinstance(node.value.value, bool):
            consts.append(f"{ast.unparse(node.targets[0])}={node.value.value}")
    defaults = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            args = node.args.args[len(node.args.args) - len(node.args.defaults):]
            for a, d in zip(args, node.args.defaults):
                if isinstance(d, ast.Constant) and isinstance(d.value, int) and not isinstance(d.value, bool):
                    defaults.append(f"{node.name}({a.arg}={d.value})")
    cli = bool(re.search(r"argparse|optparse|sys\.argv", src))
    main = "__main__" in src
    return None, {"consts": consts, "defaults": defaults, "cli": cli, "main": main}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--mirror", default="/work/.mirror")
    ap.add_argument("repos", nargs="+")
    a = ap.parse_args()
    for repo in a.repos:
        git_dir = os.path.join(a.mirror, repo.replace("/", "+"), "repo")
        if os.path.isdir(os.path.join(git_dir, ".git")):
            git_dir = os.path.join(git_dir, ".git")
        commit = subprocess.run(["git", "--git-dir", git_dir, "rev-parse", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        files = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "--name-only", "HEAD"],
                               capture_output=True, text=True).stdout.split("\n")
        found = 0
        print(f"== {repo} {commit}")
        for path in files:
            if not path.endswith(".py"):
                continue
            src = subprocess.run(["git", "--git-dir", git_dir, "show", f"HEAD:{path}"], capture_output=True,
                                 text=True, errors="replace").stdout
            why, d = screen(src)
            if why is None:
                found += 1
                print(f"  {path}: consts {' '.join(d['consts'][:8])}; defaults {' '.join(d['defaults'][:4])};"
                      f" cli {d['cli']}; __main__ {d['main']}")
        if not found:
            print("  no program")


if __name__ == "__main__":
    main()
