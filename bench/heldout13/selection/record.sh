#!/bin/bash
# record.sh STRATUM REPO OUTCOME: append the fetch outcome; measure when a git directory came back.
s=$1 repo=$2 out=$3
if [[ $out == /work/.mirror/* ]]; then
  printf '%s\t%s\tfetched\n' "$s" "$repo" >> fetch.tsv
  python3 measure.py "$s" "$repo" "$out" >> results.tsv || printf '%s\t%s\tMEASURE FAILED\n' "$s" "$repo" >> results.tsv
else
  printf '%s\t%s\tskipped, 5: no snapshot\n' "$s" "$repo" >> fetch.tsv
fi
