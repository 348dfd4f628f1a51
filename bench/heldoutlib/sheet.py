"""Review sheets for a held-out corpus's run.sh (bench/heldout13, 15, 16, 17): one line a finding, to be filled in by the reviewer.
usage: sheet.py RESULTS STRATUM... [--sample N --seed S]
reads RESULTS/{default,large}/<stratum>.json and writes RESULTS/review/<setting>-<stratum>.tsv with
the columns
  id          D-<stratum letter>-<n> at the default, L-<stratum letter>-<n> at --scale large
  repository  the repository folder (<owner>+<name>) under the stratum folder
  location    <path below the repository folder>:<row>:<column>
  rule        AL301..AL304
  fix         the fix's applicability (safe, unsafe, display-only) or "none"
  scale       the scale that applied to the finding (the JSON's "scale")
  at_default  for --scale large: "yes" when the default reports the same finding (file, row,
              column, rule), else "no"; "-" at the default
  message     the finding's message (tabs and line breaks read as spaces)
  verdict     empty: true, false or judgement, filled in by the reviewer
  note        empty: the reviewer's reason
sorted by repository, path, row, column and rule. With --sample N it also writes
review/large-sample.tsv: of the --scale large findings that are not at the default, all when there
are at most N, else N drawn with Python's random.Random(S).sample in the sheets' order.
It writes files only and prints the number of lines of each sheet, never a finding."""
import json, os, random, sys

args = sys.argv[1:]
sample = seed = None
if "--sample" in args:
    i = args.index("--sample")
    sample = int(args[i + 1])
    del args[i:i + 2]
if "--seed" in args:
    i = args.index("--seed")
    seed = int(args[i + 1])
    del args[i:i + 2]
if len(args) < 2 or (sample is not None and seed is None):
    sys.exit("usage: sheet.py RESULTS STRATUM... [--sample N --seed S]")
out, strata = args[0], args[1:]
columns = ["id", "repository", "location", "rule", "fix", "scale", "at_default", "message", "verdict", "note"]


def clean(text):
    return " ".join(str(text).split())


def rows(setting, stratum):
    path = os.path.join(out, setting, stratum + ".json")
    try:
        with open(path, encoding="utf-8") as f:
            findings = json.load(f)
    except (OSError, ValueError) as err:
        sys.exit("sheet.py: read report %s: %s" % (path, err))
    result = []
    for f in findings:
        name = f.get("filename", "")
        rel = os.path.relpath(name, stratum) if not os.path.isabs(name) else name
        parts = rel.split(os.sep, 1)
        repo, inner = (parts[0], parts[1]) if len(parts) == 2 else ("", rel)
        loc = f.get("location") or {}
        fix = f.get("fix") or {}
        result.append({
            "repository": repo,
            "path": inner,
            "row": int(loc.get("row", 0)),
            "column": int(loc.get("column", 0)),
            "rule": f.get("code", ""),
            "fix": fix.get("applicability", "none") if fix else "none",
            "scale": f.get("scale", ""),
            "message": clean(f.get("message", "")),
        })
    result.sort(key=lambda r: (r["repository"], r["path"], r["row"], r["column"], r["rule"]))
    return result


def key(r):
    return (r["repository"], r["path"], r["row"], r["column"], r["rule"])


os.makedirs(os.path.join(out, "review"), exist_ok=True)
large_only = []
for stratum in strata:
    default = rows("default", stratum)
    at_default = {key(r) for r in default}
    for setting, prefix, found in (("default", "D", default), ("large", "L", rows("large", stratum))):
        path = os.path.join(out, "review", "%s-%s.tsv" % (setting, stratum))
        with open(path, "w", encoding="utf-8") as sheet:
            sheet.write("\t".join(columns) + "\n")
            for n, r in enumerate(found, 1):
                ident = "%s-%s-%d" % (prefix, stratum[0], n)
                both = "-" if setting == "default" else ("yes" if key(r) in at_default else "no")
                line = [ident, r["repository"], "%s:%d:%d" % (r["path"], r["row"], r["column"]), r["rule"],
                        r["fix"], r["scale"], both, r["message"], "", ""]
                sheet.write("\t".join(line) + "\n")
                if setting == "large" and both == "no":
                    large_only.append(line)
        print("sheet.py: %s: %d findings" % (os.path.relpath(path, out), len(found)))
if sample is not None:
    chosen = large_only if len(large_only) <= sample else random.Random(seed).sample(large_only, sample)
    order = {id(l): i for i, l in enumerate(large_only)}
    chosen.sort(key=lambda l: order[id(l)])
    path = os.path.join(out, "review", "large-sample.tsv")
    with open(path, "w", encoding="utf-8") as sheet:
        sheet.write("\t".join(columns) + "\n")
        for line in chosen:
            sheet.write("\t".join(line) + "\n")
    print("sheet.py: %s: %d of %d findings at --scale large only (seed %d)" % (os.path.relpath(path, out), len(chosen), len(large_only), seed))
