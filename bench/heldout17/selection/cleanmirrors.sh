#!/bin/bash
# cleanmirrors.sh: delete the /work/.mirror folders of candidates this selection fetched and measured
# (fetch.tsv says fetched, results.tsv holds their measure) and did not take, only those created after
# 22:07 UTC on 2026-11-28 (this selection's first fetch); the taken repositories' mirrors are kept,
# so that extract.sh can rebuild the corpus without fetching again.
cd "$(dirname "$0")"
since=$(date -d '2026-11-28 22:07' +%s)
for r in $(awk -F'\t' '$3=="fetched"{print $2}' fetch.tsv); do
  grep -q "	$r	" results.tsv || continue
  awk -F'\t' -v r="$r" '$2==r && $10=="taken"{found=1} END{exit !found}' results.tsv && continue
  d=/work/.mirror/${r/\//+}
  [ -d "$d" ] || continue
  t=$(stat -c %W "$d"); [ "$t" = 0 ] && t=$(stat -c %Y "$d")
  if [ "$t" -ge "$since" ]; then rm -rf "$d"; else echo "kept (older than the selection): $d"; fi
done
