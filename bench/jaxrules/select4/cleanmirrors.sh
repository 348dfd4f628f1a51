#!/bin/bash
# cleanmirrors.sh: delete the /work/.mirror folders of candidates this selection fetched and did not
# take (fetch.tsv says fetched, /work/jaxcorpus3-work/taken.tsv does not hold them), only those
# created after 20:15 UTC on 2026-11-28 (the selection's first fetch). Taken ones are kept: their
# snapshots rebuild the corpus (extract3.sh).
cd "$(dirname "$0")"
since=$(date -d '2026-11-28 20:15' +%s)
for r in $(awk -F'\t' '$3=="fetched"{print $2}' fetch.tsv); do
  grep -q "	$r	" /work/jaxcorpus3-work/taken.tsv && continue
  d=/work/.mirror/${r/\//+}
  [ -d "$d" ] || continue
  t=$(stat -c %W "$d"); [ "$t" = 0 ] && t=$(stat -c %Y "$d")
  if [ "$t" -ge "$since" ]; then rm -rf "$d"; else echo "kept (older than the selection): $d"; fi
done
