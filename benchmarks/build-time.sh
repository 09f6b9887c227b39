#!/usr/bin/env bash
# What a fresh release build costs (issue 30): clones COMMIT into a folder of its own, resolves
# the packages (not timed), then times `swift build -c release` plus OPTIONS from nothing:
# wall time, the CPU time of the build and every compiler it waited for (user + sys), the
# compile steps and how many of them are C, C++ or assembly files. The load average is logged
# every 30 s beside it, since on a shared machine wall time says little without it.
# Usage: benchmarks/build-time.sh [COMMIT] [swift build options...]
#   benchmarks/build-time.sh 725eaf1 --static-swift-stdlib    # with swift-crypto
#   benchmarks/build-time.sh HEAD --static-swift-stdlib       # with the system's libcrypto
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
COMMIT=${1:-HEAD}; shift || true
WORK=$(mktemp -d)
trap 'kill "${sampler:-}" 2>/dev/null; rm -rf "$WORK"' EXIT
git clone -q "$ROOT" "$WORK/salvo" && git -C "$WORK/salvo" checkout -q "$COMMIT"
cd "$WORK/salvo"
swift package resolve > /dev/null 2>&1
(while true; do cut -d' ' -f1 /proc/loadavg; sleep 30; done) > "$WORK/load" &
sampler=$!
start=$(date -u +%FT%TZ)
/usr/bin/time -o "$WORK/rusage" -f "%e %U %S" swift build -c release "$@" > "$WORK/log" 2>&1 || { tail -20 "$WORK/log" >&2; exit 1; }
read -r wall user sys < "$WORK/rusage"
steps=$(grep -o '^\[[0-9]*/[0-9]*\]' "$WORK/log" | tail -1 | tr -d '[]' | cut -d/ -f2)
c_steps=$(grep -cE '^\[[0-9]+/[0-9]+\] Compiling .*\.(c|cc|cpp|S)$' "$WORK/log" || true)
loads=$(sort -n "$WORK/load" | awk '{a[NR] = $1} END {print "load average " a[1] " to " a[NR] ", median " a[int((NR + 1) / 2)]}')
echo "commit $(git rev-parse --short=12 HEAD), started $start, $(nproc) cores: wall ${wall} s, CPU $(echo "$user + $sys" | bc) s (user $user, sys $sys), $steps steps, $c_steps of them C/C++/assembly; $loads"
