"""Review sheets for bench/jaxrules/run5.sh: one line a finding of the fifth JAX corpus, to be
filled in by the reviewer.

    python3 bench/jaxrules/sheet5.py RESULTS

reads RESULTS/<stratum>.json (training) and writes RESULTS/review/<stratum>.tsv with the
columns
  id          T-<n> (training), in the sheet's order
  repository  owner/name
  location    <path below the repository folder>:<row>:<column>
  rule        AL107, AL202, AL305, AL306 or AL403
  fix         the fix's applicability (safe, unsafe, display-only) or "none"
  test_code   "yes" when the file is test code (count5.py leaves it out of the figures), else "no"
  message     the finding's message (tabs and line breaks read as spaces)
  verdict     empty: true, false or judgement, filled in by the reviewer
  note        empty: the reviewer's reason (for a false finding, its class)
sorted by repository, path, row, column and rule. It writes files only and prints the number of
lines of each sheet, never a finding."""
import json
import os
import sys

from count5 import STRATA, split, test_code

COLUMNS = ["id", "repository", "location", "rule", "fix", "test_code", "message", "verdict", "note"]


def clean(text):
    return " ".join(str(text).split())


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: sheet5.py RESULTS")
    out = sys.argv[1]
    os.makedirs(os.path.join(out, "review"), exist_ok=True)
    for s in STRATA:
        path = os.path.join(out, s + ".json")
        try:
            findings = json.load(open(path, encoding="utf-8"))
        except (OSError, ValueError) as err:
            sys.exit("sheet5: read report %s: %s" % (path, err))
        rows = []
        for f in findings:
            _, repo, rel = split(f["filename"])
            loc = f.get("location") or {}
            fix = f.get("fix") or {}
            rows.append((repo, rel, int(loc.get("row", 0)), int(loc.get("column", 0)), f["code"],
                         fix.get("applicability", "none") if fix else "none",
                         "yes" if test_code(rel) else "no", clean(f.get("message", ""))))
        rows.sort()
        prefix = "T" if s == "training" else "S"
        sheet = os.path.join(out, "review", s + ".tsv")
        with open(sheet, "w", encoding="utf-8") as w:
            w.write("\t".join(COLUMNS) + "\n")
            for i, (repo, rel, row, col, code, fix, test, msg) in enumerate(rows, 1):
                w.write("\t".join(["%s-%d" % (prefix, i), repo, "%s:%d:%d" % (rel, row, col), code, fix, test,
                                   msg, "", ""]) + "\n")
        print("%s: %d lines" % (sheet, len(rows)))


if __name__ == "__main__":
    main()
