#!/usr/bin/env bash
# Must-show of issue 28: on a PATH without Go, the linux x86-64 wheel that release/build.sh writes
# gives a working `arraylint check` and `arraylint server` in a new virtual environment, and the
# `arraylint-python` pre-commit hook of docs/ci.md's `pre-commit-python` recipe, with `rev` pinned
# to a commit, refuses a commit with a finding and honours the configuration's `exclude`.
#
# Usage: bash release/test/wheel_test.sh [WHEEL]   (without WHEEL, it runs release/build.sh
# --platforms linux/amd64 --no-vsix first). Needs python3 with virtualenv, git and pre-commit
# (.ci/deps.d/release.sh installs them).
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
fail() { echo "FAIL: $*" >&2; exit 1; }

wheel=${1:-}
if [ -z "$wheel" ]; then
	bash release/build.sh --platforms linux/amd64 --no-vsix
	wheel=$(ls dist/arraylint-*-manylinux_2_17_x86_64*.whl)
fi
wheel=$(realpath "$wheel")
version=$(python3 release/wheels.py --print-version)
case "$(basename "$wheel")" in arraylint-"$version"-py3-none-manylinux*x86_64*.whl) ;; *) fail "unexpected wheel name $wheel" ;; esac

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A PATH without Go: every command of /usr/bin and /bin but go and gofmt, wherever Debian's
# golang or /usr/local/go put them.
mkdir "$tmp/path"
for d in /usr/local/bin /usr/bin /bin; do
	for f in "$d"/*; do
		n=$(basename "$f")
		case "$n" in go | gofmt | go1.*) continue ;; esac
		[ -e "$tmp/path/$n" ] || ln -s "$f" "$tmp/path/$n"
	done
done
nogo=(env -i HOME="$tmp/home" PATH="$tmp/path" LANG=C.UTF-8 PIP_NO_INDEX=1 PIP_DISABLE_PIP_VERSION_CHECK=1
	GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.com GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.com
	GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 PRE_COMMIT_HOME="$tmp/pre-commit")
mkdir "$tmp/home"
if "${nogo[@]}" sh -c 'command -v go' >/dev/null; then fail "go is still on the test PATH"; fi
py=/usr/bin/python3
[ -x "$py" ] || py=$(command -v python3)

model='import numpy as np

N = 10_000_000


def make():
    a = np.zeros(N).astype(np.int32)
    return a
'
finding='model.py:7:9: AL303 [*] `zeros` makes float64 data'

echo "== pip install the wheel into a new virtual environment, without Go"
"${nogo[@]}" "$py" -m virtualenv -q "$tmp/venv"
"${nogo[@]}" "$tmp/venv/bin/pip" install -q "$wheel"
"${nogo[@]}" "$tmp/venv/bin/arraylint" version | tee "$tmp/version"
grep -q "^arraylint $version " "$tmp/version" || fail "arraylint version does not print the wheel's version $version"

mkdir "$tmp/proj"
printf '%s' "$model" >"$tmp/proj/model.py"
set +e
(cd "$tmp/proj" && "${nogo[@]}" "$tmp/venv/bin/arraylint" check model.py) >"$tmp/check.out" 2>&1
code=$?
set -e
cat "$tmp/check.out"
[ "$code" = 1 ] && grep -qF "$finding" "$tmp/check.out" || fail "arraylint check: exit $code, want 1 and the AL303 finding"

echo "== arraylint server publishes the finding"
"${nogo[@]}" "$py" release/test/lsp_probe.py "$tmp/proj/model.py" -- "$tmp/venv/bin/arraylint" server | tee "$tmp/lsp.out"
grep -q '^7:9 AL303 `zeros` makes float64 data' "$tmp/lsp.out" || fail "arraylint server did not publish the AL303 diagnostic"

echo "== the arraylint-python pre-commit hook, rev pinned to a commit, without Go"
# The hook repository: this working tree (uncommitted changes included) committed in a new repository.
hooks="$tmp/hooks"
mkdir "$hooks"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' f; do
	[ -f "$f" ] && [ ! -L "$f" ] || continue
	mkdir -p "$hooks/$(dirname "$f")"
	cp -p "$f" "$hooks/$f"
done
"${nogo[@]}" git -C "$hooks" init -q -b main
"${nogo[@]}" git -C "$hooks" add -A
"${nogo[@]}" git -C "$hooks" commit -q -m "arraylint under test"
rev=$("${nogo[@]}" git -C "$hooks" rev-parse HEAD)

proj="$tmp/hookproj"
mkdir "$proj"
"$py" release/test/recipe.py docs/ci.md pre-commit-python |
	sed -E "s|^(\s*- repo: ).*|\1$hooks|; s|^(\s*rev: ).*|\1$rev|; s|file://\S+\.whl|file://$wheel|" >"$proj/.pre-commit-config.yaml"
cat "$proj/.pre-commit-config.yaml"
grep -q "rev: $rev" "$proj/.pre-commit-config.yaml" && grep -q "file://$wheel" "$proj/.pre-commit-config.yaml" ||
	fail "the recipe's rev or wheel was not replaced"
cd "$proj"
"${nogo[@]}" git init -q -b main
"${nogo[@]}" git add .pre-commit-config.yaml
"${nogo[@]}" git commit -q -m base
"${nogo[@]}" pre-commit install
printf '%s' "$model" >model.py
"${nogo[@]}" git add model.py
set +e
"${nogo[@]}" git commit -m "add a model" >"$tmp/commit.out" 2>&1
code=$?
set -e
cat "$tmp/commit.out"
[ "$code" != 0 ] && grep -qF "$finding" "$tmp/commit.out" || fail "git commit with a finding: exit $code, want a refusal with the AL303 finding"
"${nogo[@]}" git rev-parse -q --verify HEAD~1 >/dev/null && fail "the commit was made"

# The configuration's exclude applies to the files the hook is given (--force-exclude).
"${nogo[@]}" git rm -q --cached model.py
mkdir vendor
mv model.py vendor/model.py
"$py" "$root/release/test/recipe.py" "$root/docs/ci.md" pre-commit-exclude >pyproject.toml
"${nogo[@]}" git add vendor/model.py pyproject.toml
"${nogo[@]}" git commit -q -m "vendor a model" || fail "git commit of an excluded file was refused"
echo "ok: wheel $(basename "$wheel") works without Go; the pre-commit hook at $rev refuses the finding and honours exclude"
