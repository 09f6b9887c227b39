#!/usr/bin/env bash
# Fast games (issue 18): `salvo run` against `salvo load` with the same client, server and
# bots (hunt-target against hunt-target, the embedded server in the same process), at
# concurrency 1 and 64, alternating, with the ratio run/load pair by pair, measured two ways:
#  - whole commands: games / wall time of each process (the run's includes writing its
#    reports, about a thousand replay pages; the load test's its smaller report);
#  - play only: the rate each tool prints for its games (the run's last progress line, from
#    its start to its last game; the load test's "finished (N/s)").
# Then `make demo`'s tournament (tournaments/demo.yaml) on its own.
# Usage: benchmarks/fast-games.sh SALVO_BINARY [pairs]
set -euo pipefail
SALVO=$1; PAIRS=${2:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$ROOT"
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"
for concurrency in 1 64; do
  games=$([ "$concurrency" = 1 ] && echo 100 || echo 1000)
  cat > "$WORK/t.yaml" <<YAML
name: fast-games
games_per_pairing: $games
concurrency: $concurrency
seed: 11
bots:
  - name: hunter-a
    builtin: hunt-target
  - name: hunter-b
    builtin: hunt-target
YAML
  for _ in $(seq "$PAIRS"); do
    rm -rf "$WORK/run" "$WORK/load"
    start=$(date +%s.%N)
    # The progress line (with the run's rate) goes to stderr.
    "$SALVO" run "$WORK/t.yaml" --output "$WORK/run" > "$WORK/run.log" 2>&1
    run=$(python3 -c "print($games / ($(date +%s.%N) - $start))")
    run_play=$(grep -o "^$games/$games games *[0-9.]* games/s" "$WORK/run.log" | tail -1 | awk '{print $3}')
    start=$(date +%s.%N)
    "$SALVO" load --server embedded --games "$games" --concurrency "$concurrency" --bot hunt-target --output "$WORK/load" > "$WORK/load.log" 2>&1
    load=$(python3 -c "print($games / ($(date +%s.%N) - $start))")
    load_play=$(grep -o 'finished ([0-9.]*/s)' "$WORK/load.log" | grep -o '[0-9.]*')
    echo "$concurrency $run $load $run_play $load_play" | tee -a "$WORK/rows"
  done
done
rm -rf "$WORK/demo"
start=$(date +%s.%N)
"$SALVO" run tournaments/demo.yaml --output "$WORK/demo" > /dev/null
echo "demo $(python3 -c "print(240 / ($(date +%s.%N) - $start))")" | tee -a "$WORK/rows"
python3 - "$WORK/rows" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for c in ("1", "64"):
    for label, a_col, b_col in (("whole commands", 1, 2), ("play only", 3, 4)):
        mine = [(float(r[a_col]), float(r[b_col])) for r in rows if r[0] == c]
        if not mine: continue
        print(f"concurrency {c}, {label}: salvo run median {statistics.median(a for a, _ in mine):.1f} games/s, salvo load {statistics.median(b for _, b in mine):.1f}; "
              f"ratio run/load pair by pair {', '.join(f'{a / b:.2f}' for a, b in mine)} (median {statistics.median(a / b for a, b in mine):.2f})")
for r in rows:
    if r[0] == "demo": print(f"make demo's tournament: {float(r[1]):.1f} games/s")
PY
