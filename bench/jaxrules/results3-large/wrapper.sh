#!/bin/bash
# wrapper: the frozen binary with --scale large added to every check
if [ "$1" = check ]; then shift; exec /work/heldout16-arraylint-aff13eb check --scale large "$@"; fi
exec /work/heldout16-arraylint-aff13eb "$@"
