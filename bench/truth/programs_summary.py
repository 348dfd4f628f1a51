"""Summarise bench/realprograms/run.py's JSON lines for the truth set (programs.sh).

Usage: python3 programs_summary.py programs.jsonl

Prints a Markdown table: cases, programs, within 10 %, silently wrong (off by more than 25 % with
nothing listed as unknown and the peak not a lower bound), failed (not run or not estimated), and
one line per case.
"""

import json
import sys


def main():
    rows = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
    ok = [r for r in rows if "estimate" in r]
    within = [r for r in ok if abs(r["error_pct"]) <= 10]
    silent = [r for r in ok if abs(r["error_pct"]) > 25 and not r["unknown_exprs"] and not r["lower_bound"]]
    failed = [r for r in rows if "estimate" not in r]
    progs = len({r["id"] for r in rows})
    print("# Real programs under NumPy 2: summary\n")
    print(f"{len(rows)} cases of {progs} programs. Within 10 %: {len(within)}/{len(rows)}. "
          f"Silently wrong: {len(silent)}. Failed to run or estimate: {len(failed)}.\n")
    print("| program | size | measured | estimate | error | verdict | unknown |")
    print("|---|---|---:|---:|---:|---|---|")
    for r in rows:
        if "estimate" not in r:
            print(f"| {r['id']} | {r['size']} | {r.get('measured', '-')} | - | - | failed: {r.get('error', '')[:100]} | |")
            continue
        v = "within 10 %" if r in within else ("silently wrong" if r in silent else "off")
        unk = "; ".join(r["unknown"][:3]).replace("|", "/")[:120]
        print(f"| {r['id']} | {r['size']} | {r['measured']} | {r['estimate']} | {r['error_pct']:+.1f} % | {v} | {unk} |")


if __name__ == "__main__":
    main()
