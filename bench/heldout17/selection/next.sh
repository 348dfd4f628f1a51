#!/bin/bash
# next.sh STRATUM N: the next N candidates of STRATUM's order that pass criteria 1-4 and are not fetched yet.
cd "$(dirname "$0")"
awk -F'\t' -v s="$1" 'FILENAME=="fetch.tsv" {done[$2]=1; next} $1==s && $5=="pass" && !($4 in done) {print $4}' fetch.tsv order.tsv | head -"$2" | tr '\n' ' '; echo
