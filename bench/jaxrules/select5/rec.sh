#!/bin/bash
# rec.sh STRATUM REPO... : record each fetch outcome in fetch.tsv and measure the snapshot (results.tsv).
# A REPO prefixed with ! had no snapshot (criterion 5); one prefixed with ~N failed the listing
# pre-check with N .py paths outside test code (criterion 4, not fetched).
cd "$(dirname "$0")"
s=$1; shift
for r in "$@"; do
  if [[ $r == !* ]]; then printf '%s\t%s\tskipped, 5: no snapshot\n' "$s" "${r#!}" >> fetch.tsv; continue; fi
  if [[ $r == ~* ]]; then n=${r#\~}; n=${n%%:*}; printf '%s\t%s\tskipped, 4: %s .py paths outside test code listed (not fetched)\n' "$s" "${r#*:}" "$n" >> fetch.tsv; continue; fi
  d=/work/.mirror/${r/\//+}/repo
  [ -d "$d/.git" ] && d=$d/.git
  if [ ! -d "$d" ]; then printf '%s\t%s\tskipped, 5: no snapshot\n' "$s" "$r" >> fetch.tsv; continue; fi
  printf '%s\t%s\tfetched\n' "$s" "$r" >> fetch.tsv
  python3 measure.py "$s" "$r" "$d" >> results.tsv || printf '%s\t%s\tMEASURE FAILED\n' "$s" "$r" >> results.tsv
done
