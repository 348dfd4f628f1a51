"""Write programs2.tsv (programs.sh's list) from the screen's per-repository answers.

Usage: python3 programs2_tsv.py CANDIDATES.tsv BYREPO_DIR > programs2.tsv

The screen (programs2_screen.py --only REPO) runs repositories in parallel; here its PROGRAM rows
are taken in PROGRAMS2-RULE.md's candidate order, at most 20, leaving out the repositories a
"# skip: owner/name<TAB>reason" line of CANDIDATES names (used before, not fetched), and written as programs.tsv rows:
a module constant is run from a copy with the constant changed (const column); a command-line
size is passed on the command line.
"""

import os
import re
import sys


def main():
    cands, byrepo = sys.argv[1], sys.argv[2]
    print("# Real programs of the second set, chosen by PROGRAMS2-RULE.md (programs2_screen.py, programs2_tsv.py).")
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
            if len(c) < 11 or c[3] != "PROGRAM" or taken == 20:
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
