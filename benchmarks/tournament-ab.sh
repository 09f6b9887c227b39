#!/usr/bin/env bash
# Two salvo binaries side by side on the tournament benchmark (issue 5): alternating runs of
# `salvo run benchmarks/tournament-1000.yaml` (1,002 games, concurrency 64, embedded server),
# printing games/s, CPU per game and peak RSS per run, then the medians per binary.
# Usage: benchmarks/tournament-ab.sh OLD_BINARY NEW_BINARY [runs]
set -euo pipefail
A=$1; B=$2; RUNS=${3:-3}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"
for _ in $(seq "$RUNS"); do
  for label in a b; do
    binary=$A; [ "$label" = b ] && binary=$B
    rm -rf "$WORK/out"
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$binary" run "$HERE/tournament-1000.yaml" --output "$WORK/out" > "$WORK/log" 2>&1
    read -r wall user system rss < "$WORK/time"
    games=$(grep -o '^[0-9]* of [0-9]* games rated' "$WORK/log" | awk '{print $1}')
    python3 -c "print('$label', $games / $wall, ($user + $system) / $games * 1000, $rss // 1024, '$(cut -d' ' -f1 /proc/loadavg)')" | tee -a "$WORK/rows"
  done
done
python3 - "$WORK/rows" "$A" "$B" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for label, name in (("a", sys.argv[2]), ("b", sys.argv[3])):
    mine = [r for r in rows if r[0] == label]
    print(f"{name}: median {statistics.median(float(r[1]) for r in mine):.1f} games/s, "
          f"{statistics.median(float(r[2]) for r in mine):.1f} ms CPU per game")
PY
