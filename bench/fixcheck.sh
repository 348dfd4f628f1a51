#!/usr/bin/env bash
# bench/fixcheck.sh: do arraylint's fixes keep real test suites passing, and does --fix converge?
#
# Copies Debian's numpy, scipy, sklearn and skimage (the whole package directories, compiled
# extensions included) to a scratch site directory and applies every fix arraylint offers to the
# copies, safe and unsafe (`check --fix --unsafe-fixes --exit-zero`), test modules and library
# modules alike. Then it checks, and fails when one does not hold:
#
#   1. `--fix --exit-zero` exits 0;
#   2. every fixed file still compiles under CPython (py_compile);
#   3. a second `--fix --unsafe-fixes` run changes nothing (the fixes converge);
#   4. for every module that got a fix, its tests pass after the fix wherever they passed before:
#      a test module is run itself; a library module pkg/sub/mod.py runs pkg/sub/tests/test_mod.py,
#      or else (at most 3) test modules of pkg/sub/tests that import or name `mod`. Each is run
#      with pytest -x -q -p no:cacheprovider and a per-module timeout, first against the installed
#      package (before) and then against the fixed copy (after). Every new failure is listed with
#      the fixes applied to the module.
#
# By default the rules stay quiet in test code and on arrays known to be small, and on these
# packages they then offer almost no fix. So that every fix the rules can make meets a real test
# suite, the script runs with `min-bytes = 0` and `check-tests = true` for AL301, AL303 and AL304
# (MODE=all, the default): a fix must keep the tests passing whether or not it is worth making.
# MODE=default uses the configuration users get.
#
#   bench/fixcheck.sh                    installs the packages with apt when missing (needs root)
#   MODE=default bench/fixcheck.sh       the default configuration
#   KEEP=1 bench/fixcheck.sh             keep the scratch directory
#   TIMEOUT=300 bench/fixcheck.sh        seconds per test module (default 300)
#   MEMORY=4194304 bench/fixcheck.sh     KiB of memory a test module may use (default 4 GiB; the
#                                        address-space limit is 4 times that, for mappings)
#   PKGS="skimage" bench/fixcheck.sh     a subset of the packages
#
# Prints the counts: fixes applied, modules fixed, test modules run, new failures.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
pkgs=${PKGS:-numpy scipy sklearn skimage}
mode=${MODE:-all}
timeout_s=${TIMEOUT:-300}
site_src=/usr/lib/python3/dist-packages
py=/usr/bin/python3 # Debian's interpreter, where the packages and pytest are installed

if ! $py -c 'import numpy, scipy, sklearn, skimage, pytest, hypothesis' 2>/dev/null; then
	SUDO=; [ "$(id -u)" -eq 0 ] || SUDO=sudo
	export DEBIAN_FRONTEND=noninteractive
	$SUDO apt-get update
	$SUDO apt-get install -y --no-install-recommends python3-numpy python3-scipy python3-sklearn python3-skimage python3-pytest python3-hypothesis # numpy's conftest imports hypothesis
fi

work=$(mktemp -d)
if [ "${KEEP:-0}" != 1 ]; then trap 'rm -rf "$work"' EXIT; fi
echo "fixcheck: scratch directory $work, mode $mode"
go build -o "$work/arraylint" ./cmd/arraylint
mkdir -p "$work/site"
: >"$work/arraylint.toml"
if [ "$mode" = all ]; then
	for r in AL301 AL303 AL304; do
		printf '[rules.%s]\nmin-bytes = 0\ncheck-tests = true\n' "$r" >>"$work/arraylint.toml"
	done
fi
al() { "$work/arraylint" check --config "$work/arraylint.toml" "$@"; }
for p in $pkgs; do
	cp -a "$site_src/$p" "$work/site/$p"
done
export PYTHONDONTWRITEBYTECODE=1
# numpy's tests that need more memory skip below this (its conftest reads NPY_AVAILABLE_MEM);
# without it test_multiarray alone takes 12 GB. MEMORY bounds every test run's address space too.
export NPY_AVAILABLE_MEM=${NPY_AVAILABLE_MEM:-2GB}
mem_kib=${MEMORY:-4194304}

# The fixes arraylint offers, recorded before they are applied (file, line, rule, applicability,
# message), and the files they touch.
(cd "$work/site" && al --exit-zero --output-format json $pkgs) >"$work/before.json"
$py - "$work/before.json" "$work/site" >"$work/fixes.tsv" <<'EOF'
import json, os, sys
site = os.path.realpath(sys.argv[2])
for f in json.load(open(sys.argv[1])):
    fix = f.get("fix")
    if not fix:
        continue
    path = os.path.relpath(os.path.realpath(os.path.join(site, f["filename"])), site)
    print("\t".join([path, str(f["location"]["row"]), f["code"], fix["applicability"], fix["message"]]))
EOF
cut -f1 "$work/fixes.tsv" | sort -u >"$work/fixed-files.txt"
offered=$(wc -l <"$work/fixes.tsv")
echo "fixcheck: $offered fixes offered in $(wc -l <"$work/fixed-files.txt") modules"

status=0
set +e
(cd "$work/site" && al --fix --unsafe-fixes --exit-zero --output-format concise $pkgs) >"$work/fix.out" 2>&1
rc=$?
set -e
applied=$(grep -o 'Fixed [0-9]* finding' "$work/fix.out" | grep -o '[0-9]*' || echo 0)
echo "fixcheck: --fix --unsafe-fixes --exit-zero exited $rc; $applied fixes applied"
if [ "$rc" != 0 ]; then
	echo "FAIL: --exit-zero exited $rc"; cat "$work/fix.out"; status=1
fi

# Every fixed file compiles under CPython.
while read -r f; do
	if ! $py -m py_compile "$work/site/$f" 2>"$work/compile.err"; then
		echo "FAIL: $f does not compile after the fixes"; cat "$work/compile.err"; status=1
	fi
done <"$work/fixed-files.txt"

# A second run changes nothing.
set +e
(cd "$work/site" && al --diff --unsafe-fixes $pkgs) >"$work/second.diff" 2>&1
rc=$?
set -e
if [ "$rc" != 0 ] || grep -q '^+++ ' "$work/second.diff"; then
	echo "FAIL: a second --fix would change files (diff exit $rc):"; head -50 "$work/second.diff"; status=1
else
	echo "fixcheck: a second --fix changes nothing"
fi

# The test modules of every fixed module.
$py - "$work/fixed-files.txt" "$work/site" >"$work/tests.txt" <<'EOF'
import os, re, sys
site = sys.argv[2]
out = []
for rel in open(sys.argv[1]).read().split():
    d, base = os.path.split(rel)
    stem = base[:-3]
    if base.startswith("test_"):
        out.append((rel, rel))
        continue
    tdir = os.path.join(d, "tests")
    direct = os.path.join(tdir, "test_" + base)
    if os.path.exists(os.path.join(site, direct)):
        out.append((rel, direct))
        continue
    if not os.path.isdir(os.path.join(site, tdir)):
        continue
    name = re.compile(r"\b%s\b" % re.escape(stem.lstrip("_")))
    found = 0
    for t in sorted(os.listdir(os.path.join(site, tdir))):
        if t.startswith("test_") and t.endswith(".py") and found < 3:
            if name.search(open(os.path.join(site, tdir, t), encoding="utf-8", errors="replace").read()):
                out.append((rel, os.path.join(tdir, t)))
                found += 1
for mod, test in out:
    print(mod + "\t" + test)
EOF

run_tests() { # run_tests SITE TESTFILE OUT: pytest's exit status
	local rc=0
	(cd "$work" && ulimit -v $((mem_kib * 4)) && timeout "$timeout_s" $py -m pytest -x -q -p no:cacheprovider -rf "$1/$2") >"$3" 2>&1 || rc=$?
	return $rc
}

modules=0
compared=0
newfail=0
: >"$work/not-compared.txt"
: >"$work/new-failures.txt"
while IFS=$'\t' read -r mod test; do
	modules=$((modules + 1))
	key=$(echo "$test" | tr '/' '_')
	b=0; run_tests "$site_src" "$test" "$work/before.$key.log" || b=$?
	a=0; run_tests "$work/site" "$test" "$work/after.$key.log" || a=$?
	echo "fixcheck: $test (for $mod): before exit $b, after exit $a"
	if [ "$b" = 0 ]; then
		compared=$((compared + 1))
	else
		echo "  $test: exit $b before any fix (failing or not runnable here)" >>"$work/not-compared.txt"
	fi
	if [ "$a" != 0 ] && [ "$a" != 5 ] && [ "$b" = 0 ]; then
		newfail=$((newfail + 1))
		{
			echo "NEW FAILURE in $test after fixing $mod:"
			grep -E '^(FAILED|ERROR)' "$work/after.$key.log" || tail -5 "$work/after.$key.log"
			echo "  fixes applied to $mod:"
			awk -F'\t' -v m="$mod" '$1 == m { printf "    %s:%s %s (%s) %s\n", $1, $2, $3, $4, $5 }' "$work/fixes.tsv"
		} >>"$work/new-failures.txt"
	fi
done <"$work/tests.txt"

echo
echo "fixes offered: $offered"
echo "fixes applied: $applied"
echo "modules fixed: $(wc -l <"$work/fixed-files.txt")"
echo "test modules run: $modules ($compared passed before the fixes and were compared after)"
echo "new failures: $newfail"
cat "$work/not-compared.txt"
cat "$work/new-failures.txt"
echo "the fixes:"
sed 's/^/  /' "$work/fixes.tsv"
if [ "$newfail" != 0 ]; then status=1; fi
exit $status
