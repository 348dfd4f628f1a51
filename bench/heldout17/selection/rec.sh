#!/bin/bash
# rec.sh STRATUM REPO... : record each fetch outcome in fetch.tsv and measure the snapshot
# (results.tsv); a REPO prefixed with ! had no snapshot (criterion 5). A fetch past the stratum's cap
# (RULE.md: A 90, B 80, C 50; every recorded fetch counts, whatever it answered) is refused.
cd "$(dirname "$0")"
s=$1; shift
declare -A cap=([A]=90 [B]=80 [C]=50)
for r in "$@"; do
  n=$(awk -F'\t' -v s="$s" '$1==s' fetch.tsv 2>/dev/null | wc -l)
  if [ "$n" -ge "${cap[$s]}" ]; then echo "rec.sh: $s fetch cap ${cap[$s]} reached; ${r#!} not recorded" >&2; continue; fi
  if [[ $r == !* ]]; then printf '%s\t%s\tskipped, 5: no snapshot\n' "$s" "${r#!}" >> fetch.tsv; continue; fi
  d=/work/.mirror/${r/\//+}/repo
  [ -d "$d/.git" ] && d=$d/.git
  if [ ! -d "$d" ]; then printf '%s\t%s\tskipped, 5: no snapshot\n' "$s" "$r" >> fetch.tsv; continue; fi
  printf '%s\t%s\tfetched\n' "$s" "$r" >> fetch.tsv
  python3 measure.py "$s" "$r" "$d" >> results.tsv || printf '%s\t%s\tMEASURE FAILED\n' "$s" "$r" >> results.tsv
done
