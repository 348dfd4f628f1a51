#!/bin/bash
# rec.sh STRATUM REPO... : record each fetch outcome in fetch.tsv and measure the snapshot
# (results.tsv); a REPO prefixed with ! had no snapshot (criterion 5).
cd "$(dirname "$0")"
s=$1; shift
for r in "$@"; do
  if [[ $r == !* ]]; then printf '%s\t%s\tskipped, 5: no snapshot\n' "$s" "${r#!}" >> fetch.tsv; continue; fi
  d=/work/.mirror/${r/\//+}/repo
  [ -d "$d/.git" ] && d=$d/.git
  if [ ! -d "$d" ]; then printf '%s\t%s\tskipped, 5: no snapshot\n' "$s" "$r" >> fetch.tsv; continue; fi
  printf '%s\t%s\tfetched\n' "$s" "$r" >> fetch.tsv
  python3 measure.py "$s" "$r" "$d" >> results.tsv || printf '%s\t%s\tMEASURE FAILED\n' "$s" "$r" >> results.tsv
done
