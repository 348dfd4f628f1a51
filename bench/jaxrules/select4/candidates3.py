"""Writes bench/jaxrules/candidates3.tsv: every candidate RULE3.md's lists named, in each stratum's
order, with what happened to it: the first criterion it failed, 'taken', 'meets the criteria;
stratum full: listed, not taken', or 'not reached: stratum full' (visited after its stratum held 10).

    python3 candidates3.py order.tsv fetch.tsv results.tsv > ../candidates3.tsv

Columns: stratum (scientific2: the first amendment's lists, visited before scientific's rest),
position, source, repository, commit, py_files, jax_files, array_files, lines (non-blank),
checked_lines, evidence, status."""
import sys

order_path, fetch_path, results_path = sys.argv[1:4]
fetch = {}
for l in open(fetch_path, encoding="utf-8"):
    f = l.rstrip("\n").split("\t")
    fetch[f[1]] = f[2]
results = {}
for l in open(results_path, encoding="utf-8"):
    f = l.rstrip("\n").split("\t")
    if len(f) >= 11:
        results[f[1]] = f
print("stratum\tposition\tsource\trepository\tcommit\tpy_files\tjax_files\tarray_files\tlines\tchecked_lines\tevidence\tstatus")
for l in open(order_path, encoding="utf-8"):
    stratum, pos, source, repo, verdict = l.rstrip("\n").split("\t")
    cells = [""] * 7
    if verdict != "pass":
        status = verdict
    elif repo in results:
        r = results[repo]
        cells = [r[2], r[4], r[5], r[6], r[7], r[8], r[9]]
        status = r[10]
    elif repo in fetch:
        status = fetch[repo]
    else:
        status = "not reached: stratum full"
    print("\t".join([stratum, pos, source, repo] + cells + [status]))
