#!/usr/bin/env bash
# Server benchmark: wrk on loopback against a release `salvo serve` with its SQLite file,
# measuring /status polls and /guess beside the trivial GET /health of the same server,
# all in one run. Prints requests/s and p99 per route for each repetition, then medians
# and the ratios to /health.
# Usage: benchmarks/server.sh [path/to/salvo] [repetitions] [seconds] [connections]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
RUNS=${2:-3}
SECONDS_PER_RUN=${3:-8}
CONNECTIONS=${4:-32}
THREADS=2
PORT=$((20000 + RANDOM % 20000))
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT

"$SALVO" serve --port "$PORT" --db "$WORK/bench.sqlite" --log-level error > "$WORK/server.log" 2>&1 &
SERVER=$!
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done

# Enough started games per repetition that every guess is a fresh, legal one.
GAMES_PER_RUN=${GAMES_PER_RUN:-5000}
python3 "$HERE/make_games.py" "$PORT" $((GAMES_PER_RUN * RUNS)) "$WORK/games.lua"

run_wrk() { # route-script label
  wrk -t"$THREADS" -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$HERE/$1" "http://127.0.0.1:$PORT" -- "$WORK/games.lua" "$RUN" "$RUNS" > "$WORK/$2.txt"
  local rps p99 errors
  rps=$(awk '/^Requests\/sec/ {print $2}' "$WORK/$2.txt")
  p99=$(awk '$1 == "99%" {print $2}' "$WORK/$2.txt")
  errors=$(awk '/Non-2xx/ {print $5}' "$WORK/$2.txt")
  echo "$2 $rps $p99 ${errors:-0}" | tee -a "$WORK/results.txt"
}

echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"
echo "wrk -t$THREADS -c$CONNECTIONS -d${SECONDS_PER_RUN}s, $RUNS runs; columns: route requests/s p99 non-2xx"
for RUN in $(seq 0 $((RUNS - 1))); do
  run_wrk health.lua health
  run_wrk status.lua status
  run_wrk guess.lua guess
done

python3 - "$WORK/results.txt" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
def ms(text):
    for unit, scale in (("us", 0.001), ("ms", 1.0), ("s", 1000.0)):
        if text.endswith(unit): return float(text[:-len(unit)]) * scale
    return float(text)
med = {}
for route in ("health", "status", "guess"):
    mine = [r for r in rows if r[0] == route]
    med[route] = (statistics.median(float(r[1]) for r in mine), statistics.median(ms(r[2]) for r in mine), sum(int(r[3]) for r in mine))
print("\nmedians: route | requests/s | p99 ms | non-2xx (all runs) | share of /health")
for route, (rps, p99, errors) in med.items():
    print(f"{route:7s} | {rps:10.0f} | {p99:6.2f} | {errors} | {rps / med['health'][0]:.0%}")
PY
