#!/usr/bin/env bash
# bench/heldout17/extract.sh: write the seventeenth held-out corpus from local git snapshots of its
# repositories. For each row of corpus.tsv (stratum, owner/name, commit) it writes every .py blob
# of that commit's tree (symbolic links left out, nothing else) under
# ROOT/<stratum>/<owner>+<name>/<path>, the layout run.sh and CORPUS.md count.
#
#   bench/heldout17/extract.sh SNAPSHOTS ROOT
#
#   SNAPSHOTS   folder holding one git directory per repository, at SNAPSHOTS/<owner>+<name>/repo
#               (bare, or a clone with its .git inside): the search tool's fetch leaves them in
#               /work/.mirror; elsewhere `git clone --bare https://github.com/OWNER/NAME
#               SNAPSHOTS/OWNER+NAME/repo` makes the same
#   ROOT        corpus root to write (must not exist yet)
set -euo pipefail
if [ $# -ne 2 ]; then
	sed -n '2,/^set -euo/{/^#/p}' "$0" >&2
	exit 2
fi
snaps=$1 root=$2
list=$(dirname "$0")/corpus.tsv
if [ -e "$root" ]; then
	echo "extract.sh: corpus root $root: already exists" >&2
	exit 2
fi
missing=0
while IFS=$'\t' read -r stratum repo commit; do
	[ "$stratum" = stratum ] && continue
	git=$snaps/${repo/\//+}/repo
	[ -d "$git/.git" ] && git=$git/.git
	if ! git --git-dir="$git" cat-file -e "$commit^{tree}" 2>/dev/null; then
		echo "extract.sh: $repo: commit $commit not in $git" >&2
		missing=1
		continue
	fi
	dest=$root/$stratum/${repo/\//+}
	mkdir -p "$dest"
	# Regular files (mode 100644/100755) whose path ends in .py; -z keeps odd path names intact.
	git --git-dir="$git" ls-tree -r -z "$commit" |
		python3 -c '
import os, subprocess, sys
git, dest = sys.argv[1], sys.argv[2]
entries = [e for e in sys.stdin.buffer.read().split(b"\0") if e]
cat = subprocess.Popen(["git", "--git-dir", git, "cat-file", "--batch"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
for e in entries:
    meta, path = e.split(b"\t", 1)
    mode, kind, sha = meta.split()
    if kind != b"blob" or mode == b"120000" or not path.endswith(b".py"):
        continue
    cat.stdin.write(sha + b"\n")
    cat.stdin.flush()
    size = int(cat.stdout.readline().split()[2])
    data = cat.stdout.read(size)
    cat.stdout.read(1)
    out = os.path.join(dest.encode(), path)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "wb") as f:
        f.write(data)
cat.stdin.close()
cat.wait()
' "$git" "$dest"
done <"$list"
if [ "$missing" -ne 0 ]; then
	exit 1
fi
echo "extract.sh: corpus written to $root"
