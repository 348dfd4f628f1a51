#!/bin/bash
# next.sh STRATUM N: the next N candidates of STRATUM's order that pass criteria 1-3 and have no
# outcome in fetch.tsv yet, with their source kind (S or F: an F name needs the listing pre-check).
cd "$(dirname "$0")"
touch fetch.tsv
awk -F'\t' -v s="$1" 'FILENAME=="fetch.tsv" {done[$2]=1; next} $1==s && $5=="pass" && !($4 in done) {print substr($3,1,1) ":" $4}' fetch.tsv order.tsv | head -"$2" | tr '\n' ' '; echo
