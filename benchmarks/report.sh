#!/usr/bin/env bash
# Report benchmark (issue 6): `salvo report` on a 10,000-game journal, median of RUNS runs,
# and the size of the index.html it writes. Targets: under 10 s, index under 2 MB.
# The journal comes from a real run of benchmarks/report-10000.yaml (the five built-ins,
# 64 games in flight, embedded server; several minutes), cached in $CACHE and reused.
# Usage: benchmarks/report.sh [path/to/salvo] [RUNS]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
RUNS=${2:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${SALVO_REPORT_BENCH_DIR:-/tmp/salvo-report-bench}
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"

finished() { grep -c '^{"finished"' "$CACHE/journal.jsonl" 2>/dev/null || echo 0; }
if [ "$(finished)" -lt 10000 ]; then
  echo "making the journal: salvo run $HERE/report-10000.yaml --output $CACHE (continues a partial one)"
  "$SALVO" run "$HERE/report-10000.yaml" --output "$CACHE" > "$CACHE.log" 2>&1 || { tail -5 "$CACHE.log"; exit 1; }
fi
echo "journal: $(finished) finished games, $(du -m "$CACHE/journal.jsonl" | cut -f1) MB"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp "$CACHE/journal.jsonl" "$WORK/"
times=()
for run in $(seq "$RUNS"); do
  rm -rf "$WORK/replays" "$WORK/results.json" "$WORK/index.html"
  /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$SALVO" report "$WORK" > /dev/null
  read -r wall user system rss < "$WORK/time"
  echo "run $run: ${wall} s wall, $(python3 -c "print(f'{$user + $system:.2f}')") s CPU, peak RSS $((rss / 1024)) MB  (load: $(cut -d' ' -f1-3 /proc/loadavg))"
  times+=("$wall")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}')
index=$(stat -c %s "$WORK/index.html")
echo "salvo report, median of $RUNS: $median s (target under 10 s)"
echo "index.html: $index bytes = $(python3 -c "print(f'{$index / 1048576:.2f}')") MiB (target under 2 MB); results.json $(du -k "$WORK/results.json" | cut -f1) KB; replays/ $(du -sm "$WORK/replays" | cut -f1) MB in $(ls "$WORK/replays" | wc -l) files"
