#!/usr/bin/env bash
# Load-testing benchmark (issue 7), two parts, against a release `salvo serve` in another
# process (SQLite file, WAL), everything on loopback:
#  1. capacity: `salvo load` playing whole games (hunt-target) at open-loop rates of
#     RATES requests/s with 16 games in flight, a fresh server per step so the lobby does not
#     grow from step to step; prints games/s, requests/s and p99 per step and the highest
#     rate whose p99 stays under 10 ms. Then a closed-loop sweep of --concurrency.
#     IN_MEMORY=1 runs the server with --in-memory instead of its SQLite file.
#  2. client speed: `salvo load --endpoint status` beside wrk on the same route
#     (POST /api/games/:id/status) and connection count, alternating, RUNS rounds;
#     prints medians and the ratio.
#     Each side's CPU time per request (user + system, /usr/bin/time) is printed too: on a busy
#     machine it is steadier than the request rate.
# Usage: benchmarks/load.sh [path/to/salvo] [runs] [seconds] [connections] ["rates"] ["concurrencies"]
# PARTS="1 2" (default) picks the parts to run.
# PIN=1 puts the server on core 0 and the load generators on core 1 (wrk -t1, one Salvo
# loop thread), the way a load generator runs on a machine of its own; by default they share
# both cores (wrk -t2, one Salvo loop thread per core).
set -euo pipefail
SALVO=${1:-.build/release/salvo}
RUNS=${2:-3}
SECS=${3:-8}
CONNS=${4:-32}
RATES=${5:-"500 1000 2000 3000 4000 5000"}
CONCURRENCIES=${6:-"1 4 16 64"}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
SERVER=
source "$HERE/layout.sh"
trap 'stop_server; rm -rf "$WORK"' EXIT

start_server() {
  PORT=$((20000 + RANDOM % 20000))
  rm -f "$WORK"/server.sqlite*
  if [ "${IN_MEMORY:-0}" = 1 ]; then STORE=(--in-memory); else STORE=(--db "$WORK/server.sqlite"); fi
  "${ON_SERVER[@]}" "$SALVO" serve --port "$PORT" "${STORE[@]}" --log-level error > "$WORK/server.log" 2>&1 &
  SERVER=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && return; sleep 0.1; done
  echo "the server did not start" >&2; exit 1
}
stop_server() {
  if [ -n "$SERVER" ]; then kill "$SERVER" 2>/dev/null || true; wait "$SERVER" 2>/dev/null || true; SERVER=; fi
}
# Prints: games/s requests/s p99-ms errors, from a load.json.
summary() {
  python3 - "$1" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
errors = sum(r["total"]["errors"].values())
print(f'{r["games"]["perSecond"]:.1f} {r["total"]["requestsPerSecond"]:.0f} {r["total"]["latency"]["p99"]:.2f} {errors}')
PY
}

echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d); load average $(cut -d' ' -f1-3 /proc/loadavg)"

if [[ " ${PARTS:-1 2} " == *" 1 "* ]]; then
echo
echo "1. capacity: whole games (hunt-target), --concurrency 16, ${SECS}s per step, open loop; server store: $([ "${IN_MEMORY:-0}" = 1 ] && echo memory || echo SQLite file)"
echo "rate games/s requests/s p99-ms errors"
: > "$WORK/capacity.txt"
for RATE in $RATES; do
  start_server
  "$SALVO" load --server "http://127.0.0.1:$PORT" --duration "$SECS" --concurrency 16 --rate "$RATE" --output "$WORK/rate-$RATE" > /dev/null 2>&1
  stop_server
  echo "$RATE $(summary "$WORK/rate-$RATE/load.json")" | tee -a "$WORK/capacity.txt"
done
python3 - "$WORK/capacity.txt" <<'PY'
import sys
rows = [l.split() for l in open(sys.argv[1])]
ok = [r for r in rows if float(r[3]) < 10 and int(r[4]) == 0 and float(r[2]) >= 0.95 * float(r[0])]
if ok:
    best = max(ok, key=lambda r: float(r[0]))
    print(f"capacity with p99 < 10 ms: {best[0]} requests/s offered, {best[2]} served, {best[1]} games/s, p99 {best[3]} ms")
else:
    print("no rate kept p99 under 10 ms")
PY

echo
echo "closed loop: whole games (hunt-target), ${SECS}s per step"
echo "concurrency games/s requests/s p99-ms errors"
for C in $CONCURRENCIES; do
  start_server
  "$SALVO" load --server "http://127.0.0.1:$PORT" --duration "$SECS" --concurrency "$C" --output "$WORK/closed-$C" > /dev/null 2>&1
  stop_server
  echo "$C $(summary "$WORK/closed-$C/load.json")"
done

fi

if [[ " ${PARTS:-1 2} " == *" 2 "* ]]; then
echo
echo "2. POST /api/games/:id/status, $CONNS connections, ${SECS}s each, $RUNS rounds: wrk -t$THREADS and salvo load --endpoint status --threads $THREADS; $LAYOUT"
start_server
python3 "$HERE/make_games.py" "$PORT" $((CONNS * 4 * RUNS)) "$WORK/games.lua"
: > "$WORK/r"
for RUN in $(seq 0 $((RUNS - 1))); do
  /usr/bin/time -f "cpu %U %S" -o "$WORK/wrk-time" "${ON_CLIENT[@]}" wrk -t"$THREADS" -c"$CONNS" -d"${SECS}s" -s "$HERE/status.lua" "http://127.0.0.1:$PORT" -- "$WORK/games.lua" "$RUN" "$RUNS" > "$WORK/wrk.txt"
  echo "wrk $(awk '/^Requests\/sec/ {print $2}' "$WORK/wrk.txt") $(awk '/^cpu/ {print $2 + $3}' "$WORK/wrk-time") $SECS" | tee -a "$WORK/r"
  /usr/bin/time -f "cpu %U %S" -o "$WORK/salvo-time" "${ON_CLIENT[@]}" "$SALVO" load --server "http://127.0.0.1:$PORT" --endpoint status --threads "$THREADS" --concurrency "$CONNS" --duration "$SECS" --output "$WORK/endpoint-$RUN" > /dev/null 2>&1
  echo "salvo $(python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); s=[e for e in r["endpoints"] if e["endpoint"]=="status"][0]; print(s["requestsPerSecond"], r["elapsedSeconds"], sum(s["errors"].values()))' "$WORK/endpoint-$RUN/load.json" | awk '{print $1}') $(awk '/^cpu/ {print $2 + $3}' "$WORK/salvo-time") $SECS" | tee -a "$WORK/r"
done
stop_server
python3 - "$WORK/r" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
def med(tool, f): return statistics.median(f(r) for r in rows if r[0] == tool)
rate = lambda r: float(r[1])
# CPU seconds over requests (rate x seconds); salvo's includes its setup (32 games) and startup.
cpu = lambda r: float(r[2]) / (float(r[1]) * float(r[3])) * 1e6
wrk, salvo = med("wrk", rate), med("salvo", rate)
print(f"medians: wrk {wrk:.0f} requests/s ({med('wrk', cpu):.1f} us CPU per request), salvo load {salvo:.0f} requests/s ({med('salvo', cpu):.1f} us CPU per request); ratio {salvo / wrk:.2f}")
PY
fi
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
