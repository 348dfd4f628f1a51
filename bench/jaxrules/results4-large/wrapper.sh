#!/bin/bash
# wrapper: the frozen binary with --scale large added to every check
if [ "$1" = check ]; then shift; exec /work/jaxcorpus4-arraylint-9b5da3b check --scale large "$@"; fi
exec /work/jaxcorpus4-arraylint-9b5da3b "$@"
