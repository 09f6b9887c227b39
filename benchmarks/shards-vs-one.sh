#!/usr/bin/env bash
# Sharding on one machine (issue 19): benchmarks/tournament-1000.yaml (1,002 games) played
# by one process at concurrency 64, then by 2 shards at once, 32 each (the same total), and
# merged; alternating, RUNS times. Prints games/s per run (the shards': all games over the
# wall time from the first start to the end of the merge) and the ratio pair by pair.
# Usage: benchmarks/shards-vs-one.sh SALVO [runs]
set -euo pipefail
SALVO=$1; RUNS=${2:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FILE=$HERE/tournament-1000.yaml
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"
now() { date +%s.%N; }
for run in $(seq "$RUNS"); do
  rm -rf "$WORK/one" "$WORK/two"
  start=$(now)
  "$SALVO" run "$FILE" --output "$WORK/one" --concurrency 64 > "$WORK/one.log" 2>&1
  one=$(python3 -c "print(1002 / ($(now) - $start))")
  start=$(now)
  "$SALVO" run "$FILE" --output "$WORK/two" --concurrency 32 --shard 0/2 > "$WORK/s0.log" 2>&1 &
  first=$!
  "$SALVO" run "$FILE" --output "$WORK/two" --concurrency 32 --shard 1/2 > "$WORK/s1.log" 2>&1
  wait "$first"
  "$SALVO" merge "$WORK/two" > "$WORK/merge.log" 2>&1
  two=$(python3 -c "print(1002 / ($(now) - $start))")
  grep -q "1002 of 1002 games rated" "$WORK/merge.log" || { echo "the merge is incomplete:"; cat "$WORK/merge.log"; exit 1; }
  python3 -c "print('run $run: one process %.1f games/s, 2 shards and the merge %.1f games/s, ratio %.3f (load %s)' % ($one, $two, $two / $one, '$(cut -d' ' -f1 /proc/loadavg)'))" | tee -a "$WORK/rows"
done
python3 - "$WORK/rows" <<'PY'
import statistics, sys
ratios = [float(line.split("ratio ")[1].split()[0]) for line in open(sys.argv[1])]
print(f"median ratio (2 shards / one process): {statistics.median(ratios):.3f} over {len(ratios)} runs")
PY
