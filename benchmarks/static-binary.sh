#!/usr/bin/env bash
# The release binary on a machine without Swift (issue 30). `make install` (which runs `make
# release`: the Swift runtime linked in statically) into a temporary prefix; then checks that
# the installed binary loads nothing from the toolchain's folder (ldd), and runs it with that
# folder hidden (an empty tmpfs over it in a bubblewrap mount namespace, LD_LIBRARY_PATH
# cleared) for `--version` and a short tournament of built-in bots on the embedded server,
# whose results.json it checks. Exit status 0 only when all of it passes.
# A release build takes many minutes on 2 cores, too slow for the test suite: run this after
# `make release` (then `make install` only links nothing and copies).
# Usage: benchmarks/static-binary.sh [TOOLCHAIN_FOLDER]   (default /opt/swift)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
TOOLCHAIN=${1:-/opt/swift}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"

# 1. make install, and what it installed.
make -C "$ROOT" install PREFIX="$WORK/prefix" > "$WORK/install.log" 2>&1 || { cat "$WORK/install.log" >&2; fail "make install failed"; }
SALVO=$WORK/prefix/bin/salvo
for file in bin/salvo share/bash-completion/completions/salvo share/zsh/site-functions/_salvo \
            share/fish/vendor_completions.d/salvo.fish share/doc/salvo/help.txt share/doc/salvo/LICENSE; do
  [ -s "$WORK/prefix/$file" ] || fail "make install left no $file"
done
grep -q "http-bench" "$WORK/prefix/share/bash-completion/completions/salvo" || fail "the bash completion does not know salvo's commands"
grep -q "^===== salvo run =====" "$WORK/prefix/share/doc/salvo/help.txt" || fail "help.txt lacks salvo run's help"
echo "installed: $(cd "$WORK/prefix" && find . -type f | sort | tr '\n' ' ')"
echo "binary: $(du -m "$SALVO" | cut -f1) MB"

# 2. Nothing from the toolchain among the shared libraries it loads.
ldd "$SALVO" > "$WORK/ldd" || true
echo "shared libraries: $(awk '{print $1}' "$WORK/ldd" | tr '\n' ' ')"
if grep -q "$TOOLCHAIN" "$WORK/ldd"; then grep "$TOOLCHAIN" "$WORK/ldd" >&2; fail "the binary loads libraries from $TOOLCHAIN"; fi
if grep -q "not found" "$WORK/ldd"; then fail "a library is missing: $(grep 'not found' "$WORK/ldd")"; fi

# 3. Run with the toolchain's folder hidden: an empty tmpfs over it, the rest of / as it is.
hidden() {
  env -u LD_LIBRARY_PATH bwrap --dev-bind / / --tmpfs "$TOOLCHAIN" --chdir "$WORK" -- "$@"
}
[ -z "$(hidden ls -A "$TOOLCHAIN")" ] || fail "$TOOLCHAIN is not hidden inside bwrap"
version=$(hidden "$SALVO" --version) || fail "salvo --version failed with the toolchain hidden"
echo "salvo --version: $version"

cat > "$WORK/t.yaml" <<'YAML'
name: static
bots: [random, hunt-target, density]
games_per_pairing: 2
concurrency: 4
seed: 30
YAML
hidden "$SALVO" run t.yaml --output out > "$WORK/run.log" 2>&1 || { cat "$WORK/run.log" >&2; fail "salvo run failed with the toolchain hidden"; }
[ -f "$WORK/out/results.json" ] || fail "the run wrote no results.json"
python3 - "$WORK/out/results.json" "$version" <<'PY'
import json, sys
results = json.load(open(sys.argv[1]))
rated, scheduled = results["progress"]["ratedGames"], results["progress"]["scheduledGames"]
assert rated == scheduled == 6, f"{rated} of {scheduled} games rated, expected 6 of 6"
assert results["salvoVersion"] == sys.argv[2], f"results.json says {results['salvoVersion']}, salvo --version {sys.argv[2]}"
print(f"tournament: {rated} of {scheduled} games rated; results.json stamped {results['salvoVersion']}")
PY
echo "PASS: the installed salvo runs a tournament without $TOOLCHAIN"
