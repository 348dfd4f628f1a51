"""Writes bench/jaxrules/candidates5.tsv: every candidate RULE5.md's lists named, in their
round-robin order, with what happened to it: the first criterion it failed, 'taken', or 'not
reached: selection stopped at 22:05 UTC' (RULE5.md's stop time came with the corpus at 12 of 15;
written after the stop, from the records of the selection).

    python3 candidates5.py order.tsv fetch.tsv results.tsv > ../candidates5.tsv

Columns: stratum, position, source, repository, commit, py_files, jax_files, array_files, lines
(non-blank), checked_lines, evidence (the loop file:line), large_model (criterion 8(d)'s first
match), status."""
import sys

order_path, fetch_path, results_path = sys.argv[1:4]
fetch = {}
for l in open(fetch_path, encoding="utf-8"):
    f = l.rstrip("\n").split("\t")
    fetch[f[1]] = f[2]
results = {}
for l in open(results_path, encoding="utf-8"):
    f = l.rstrip("\n").split("\t")
    if len(f) >= 12:
        results[f[1]] = f
print("stratum\tposition\tsource\trepository\tcommit\tpy_files\tjax_files\tarray_files\tlines\tchecked_lines\tevidence\tlarge_model\tstatus")
for l in open(order_path, encoding="utf-8"):
    stratum, pos, source, repo, verdict = l.rstrip("\n").split("\t")
    cells = [""] * 8
    if verdict != "pass":
        status = verdict
    elif repo in results:
        r = results[repo]
        cells = [r[2], r[4], r[5], r[6], r[7], r[8], r[9], r[10]]
        status = r[11]
    elif repo in fetch:
        status = fetch[repo]
    else:
        status = "not reached: selection stopped at 22:05 UTC"
    print("\t".join([stratum, pos, source, repo] + cells + [status]))
