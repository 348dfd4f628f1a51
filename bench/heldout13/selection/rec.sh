#!/bin/bash
# rec.sh STRATUM REPO... ; a REPO prefixed with ! had no snapshot.
s=$1; shift
for r in "$@"; do
  if [[ $r == !* ]]; then ./record.sh "$s" "${r#!}" none; continue; fi
  d=/work/.mirror/${r/\//+}/repo
  [ -d "$d/.git" ] && d=$d/.git
  ./record.sh "$s" "$r" "$d"
done
