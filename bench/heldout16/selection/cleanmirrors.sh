#!/bin/bash
# cleanmirrors.sh: delete the /work/.mirror folders of candidates this selection fetched (fetch.tsv
# says fetched, results.tsv holds their measure), only those created after 20:20 UTC on
# 2026-11-28 (the selection's first fetch (heldout16)): their .py files are extracted (taken) or not needed.
cd "$(dirname "$0")"
since=$(date -d '2026-11-28 20:20' +%s)
for r in $(awk -F'\t' '$3=="fetched"{print $2}' fetch.tsv); do
  grep -q "	$r	" results.tsv || continue
  d=/work/.mirror/${r/\//+}
  [ -d "$d" ] || continue
  t=$(stat -c %W "$d"); [ "$t" = 0 ] && t=$(stat -c %Y "$d")
  if [ "$t" -ge "$since" ]; then rm -rf "$d"; else echo "kept (older than the selection): $d"; fi
done
