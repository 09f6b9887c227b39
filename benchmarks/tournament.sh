#!/usr/bin/env bash
# Tournament benchmarks (issue 5): throughput and CPU per game for 1,002 games at
# concurrency 64, peak memory with 1,000 games in flight, and the turn hand-off delay with
# pure 500 ms polling. All on the embedded server, in one process with the runner.
# Usage: benchmarks/tournament.sh [path/to/salvo]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"

measure() { # label, then the salvo arguments
  local label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$SALVO" "$@" > "$WORK/out" 2>&1
  read -r wall user system rss < "$WORK/time"
  local games
  games=$(grep -o '^[0-9]* of [0-9]* games rated' "$WORK/out" | awk '{print $1}')
  python3 -c "
wall, cpu, games, rss = $wall, $user + $system, $games, $rss
print(f'$label: {games} games in {wall:.1f} s = {games / wall:.1f} games/s; CPU {cpu:.1f} s = {cpu / games * 1000:.0f} ms per game; peak RSS {rss / 1024:.0f} MB')"
}

measure "throughput, concurrency 64" run "$HERE/tournament-1000.yaml" --output "$WORK/a"
measure "memory, 1,000 in flight" run "$HERE/tournament-1000.yaml" --output "$WORK/b" --concurrency 1000
"$SALVO" run "$HERE/tournament-1000.yaml" --output "$WORK/c" --games 2 --concurrency 12 --pure-polling --poll-interval 500 > /dev/null 2>&1
echo -n "pure 500 ms polling: "
python3 "$HERE/handoff.py" "$WORK/c/journal.jsonl"
