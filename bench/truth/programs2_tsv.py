"""Write programs2.tsv (programs.sh's list) from the screen's per-repository answers.

Usage: python3 programs2_tsv.py CANDIDATES.tsv BYREPO_DIR > programs2.tsv
       python3 programs2_tsv.py --max 12 --rule PROGRAMS3-RULE.md programs3-candidates.tsv \
           results/programs3-screen > programs3.tsv

The screen (programs2_screen.py --only REPO) runs repositories in parallel; here its PROGRAM rows
are taken in the rule's candidate order, at most 20 (--max), leaving out the repositories a
"# skip: owner/name<TAB>reason" line of CANDIDATES names (used before, not fetched), and written as programs.tsv rows:
a module constant is run from a copy with the constant changed (const column); a command-line
size is passed on the command line.
"""

import argparse
import os
import re


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--max", type=int, default=20, help="the most programs the rule takes")
    ap.add_argument("--rule", default="PROGRAMS2-RULE.md", help="the rule named in the header")
    ap.add_argument("candidates")
    ap.add_argument("byrepo")
    a = ap.parse_args()
    cands, byrepo = a.candidates, a.byrepo
    print(f"# Real programs chosen by {a.rule} (programs2_screen.py, programs2_tsv.py).")
    print("# id\trepository\tcommit\tpath\tentry\targs\tsizes\tconst")
    taken, ids = 0, set()
    skip = {line[len("# skip: "):].split("\t")[0] for line in open(cands) if line.startswith("# skip: ")}
    for line in open(cands):
        if line.startswith("#") or not line.strip():
            continue
        repo = line.split("\t")[1]
        if repo in skip:
            continue
        f = os.path.join(byrepo, repo.replace("/", "+") + ".tsv")
        if not os.path.exists(f):
            continue
        for row in open(f):
            c = row.rstrip("\n").split("\t")
            if len(c) < 11 or c[3] != "PROGRAM" or taken == a.max:
                continue
            _, commit, path, _, kind, name, _, big, small = c[:9]
            pid = re.sub(r"[^a-z0-9]+", "_", os.path.splitext(os.path.basename(path))[0].lower()).strip("_")
            while pid in ids:
                pid += "_"
            ids.add(pid)
            if kind == "const":
                print(f"{pid}\t{repo}\t{commit}\t{path}\tmain\t\t{name}={big}|{name}={small}\t{name}")
            else:
                args = "{N}" if kind == "cli-positional" else f"{name} {{N}}"
                print(f"{pid}\t{repo}\t{commit}\t{path}\tmain\t{args}\tN={big}|N={small}\t-")
            taken += 1


if __name__ == "__main__":
    main()
