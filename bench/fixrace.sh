#!/usr/bin/env bash
# bench/fixrace.sh: does `check --fix` lose a change made to the file while it fixes it?
#
# For each kind of writer, a Python process changes prog.py SAVES times (default 1000), each
# change adding one line `mI = np.zeros(N).astype(bool)` (which AL303 fixes) to what the file
# held, pausing 2-20 ms between changes (a --fix run takes about 10 ms), while `arraylint check --select AL303 --fix prog.py`
# runs over and over. At the end every line must still be there: a --fix run that met a change
# must report AL904 "changed while it was being fixed" and leave the file as the writer left it.
#
#   rename    an editor: write a temporary file, rename it over prog.py (Vim, VS Code, ...)
#   hardlink  the same on a file with a second hard link (--fix then writes it in place)
#   append    open prog.py for appending and write the line
#
# Prints, per writer: the changes made, the --fix runs, how many wrote a fix and how many
# reported AL904, and the changes lost, which must be 0 for each (TestFixRacesEditorSaves
# asserts the same in one process). An appending writer that opened the file before a fix
# exchanged it away is seen through a read lease (analyzer/driver/fixwrite_exchange_linux.go).
#
#   SAVES=3000 bench/fixrace.sh
#   WRITERS="append" bench/fixrace.sh
set -euo pipefail
cd "$(dirname "$0")/.."
saves=${SAVES:-1000}
writers=${WRITERS:-rename hardlink append}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/arraylint" ./cmd/arraylint

cat > "$tmp/writer.py" <<'PY'
import os, random, sys, time
path, mode, saves, done = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
tmp = path + ".editor-tmp"
for i in range(saves):
    line = "m%d = np.zeros(N).astype(bool)\n" % i
    if mode == "append":
        with open(path, "a") as f:
            f.write(line)
    else:
        with open(path) as f:
            cur = f.read()
        with open(tmp, "w") as f:
            f.write(cur + line)
        if mode == "hardlink":
            try:
                os.remove(tmp + ".link")
            except FileNotFoundError:
                pass
            os.link(tmp, tmp + ".link")
        os.rename(tmp, path)
    time.sleep(random.uniform(0.002, 0.02))
open(done, "w").close()
PY

printf '%-9s %7s %9s %7s %7s %6s\n' writer changes fix-runs fixed AL904 lost
for w in $writers; do
    d="$tmp/$w"
    mkdir -p "$d"
    printf 'import numpy as np\n\nN = 10_000_000\n' > "$d/prog.py"
    python3 "$tmp/writer.py" "$d/prog.py" "$w" "$saves" "$d/done" &
    runs=0 fixed=0 changed=0
    while [ ! -e "$d/done" ]; do
        out=$("$tmp/arraylint" check --select AL303 --fix --no-color "$d/prog.py" 2>&1 || true)
        runs=$((runs + 1))
        case $out in *"changed while it was being fixed"*) changed=$((changed + 1)) ;; esac
        case $out in *"Fixed "*) fixed=$((fixed + 1)) ;; esac
    done
    wait
    lost=0
    for ((i = 0; i < saves; i++)); do
        grep -q "^m$i = " "$d/prog.py" || lost=$((lost + 1))
    done
    printf '%-9s %7d %9d %7d %7d %6d\n' "$w" "$saves" "$runs" "$fixed" "$changed" "$lost"
done
