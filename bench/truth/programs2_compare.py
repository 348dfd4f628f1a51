"""Print the second set's first and final figures side by side (results/programs2.md).

Usage: python3 programs2_compare.py FIRST.jsonl FINAL.jsonl

Both files are bench/realprograms/run.py's JSON lines (programs.sh). A case is within 10 % when
|estimate - measured| <= 10 % of measured, silently wrong when off by more than 25 % with nothing
listed under unknown and the peak not a lower bound (programs_summary.py's verdicts).
"""

import json
import sys


def verdict(r):
    if "estimate" not in r:
        return "failed"
    e = abs(r["error_pct"])
    if e <= 10:
        return "within 10 %"
    if e > 25 and not r["unknown_exprs"] and not r["lower_bound"]:
        return "silently wrong"
    return "off, listed" if r["unknown_exprs"] or r["lower_bound"] else "off"


def load(path):
    rows = [json.loads(line) for line in open(path) if line.strip()]
    return {(r["id"], r["size"]): r for r in rows}, rows


def counts(rows):
    v = [verdict(r) for r in rows]
    return v.count("within 10 %"), v.count("silently wrong"), len(rows)


def main():
    first, frows = load(sys.argv[1])
    final, lrows = load(sys.argv[2])
    w1, s1, n1 = counts(frows)
    w2, s2, n2 = counts(lrows)
    print(f"First: {w1}/{n1} within 10 %, {s1} silently wrong. Final: {w2}/{n2} within 10 %, {s2} silently wrong.\n")
    print("| program | size | first measured | first estimate | first error | first verdict | final measured | final estimate | final error | final verdict |")
    print("|---|---|---:|---:|---:|---|---:|---:|---:|---|")
    for r in lrows:
        k = (r["id"], r["size"])
        f = first.get(k, {})

        def cell(x):
            if "estimate" not in x:
                return "-", "-", verdict(x) if x else "-"
            return f"{x['estimate']:,}", f"{x['error_pct']:+.1f} %", verdict(x)
        fe, ferr, fv = cell(f)
        le, lerr, lv = cell(r)
        print(f"| {r['id']} | {r['size']} | {f.get('measured', 0):,} | {fe} | {ferr} | {fv} | {r.get('measured', 0):,} | {le} | {lerr} | {lv} |")


if __name__ == "__main__":
    main()
