#!/usr/bin/env bash
# HTTP client benchmark (issue 3): Salvo's libcurl client beside wrk, same endpoint
# (GET /api/games/:id on a release `salvo serve --in-memory`), same number of connections,
# alternating in one run. Salvo runs twice per round: its request tasks on the client's
# event-loop thread (the default, as `salvo run` does) and on Swift's global executor.
# Each round also runs benchmarks/curl-floor.c: libcurl driven from plain C, the least any
# libcurl client pays per request.
# Prints each measurement, then the medians and the ratios.
# PIN=1 puts the server on core 0 and every client on core 1 (wrk -t1, one Salvo loop
# thread), the way a load generator runs on a machine of its own; by default client, server
# and wrk share both cores (wrk -t2, one Salvo loop thread per core).
# Usage: [PIN=1] benchmarks/client.sh [path/to/salvo] [repetitions] [seconds] [connections]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
RUNS=${2:-3}
SECS=${3:-8}
CONNS=${4:-32}
PORT=$((20000 + RANDOM % 20000))
WORK=$(mktemp -d)
HERE=$(cd "$(dirname "$0")" && pwd)
source "$HERE/layout.sh"
gcc -O2 -o "$WORK/curl-floor" "$HERE/curl-floor.c" -lcurl
"${ON_SERVER[@]}" "$SALVO" serve --port "$PORT" --in-memory --log-level error > /dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
GAME=$(curl -s -X POST "http://127.0.0.1:$PORT/api/games" -H 'Content-Type: application/json' \
  -d '{"gameName":"bench","playerName":"a"}' | sed 's/.*"gameId":"\([^"]*\)".*/\1/')
URL="http://127.0.0.1:$PORT/api/games/$GAME"
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"
echo "GET /api/games/:id, $CONNS connections, ${SECS}s each, $RUNS rounds; $LAYOUT"
for _ in $(seq "$RUNS"); do
  "${ON_CLIENT[@]}" wrk -t"$THREADS" -c"$CONNS" -d"${SECS}s" "$URL" | awk '/^Requests\/sec/ {print "wrk", $2}' | tee -a "$WORK/r"
  "${ON_CLIENT[@]}" "$SALVO" http-bench "$URL" --connections "$CONNS" --seconds "$SECS" --threads "$THREADS" | awk '{print "salvo", $6, $8}' | tee -a "$WORK/r"
  "${ON_CLIENT[@]}" "$SALVO" http-bench "$URL" --connections "$CONNS" --seconds "$SECS" --threads "$THREADS" --executor global | awk '{print "global", $6, $8}' | tee -a "$WORK/r"
  "${ON_CLIENT[@]}" "$WORK/curl-floor" "$URL" "$CONNS" "$SECS" | awk '{print "floor", $2, $4}' | tee -a "$WORK/r"
done
python3 - "$WORK/r" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
wrk = statistics.median(float(r[1]) for r in rows if r[0] == "wrk")
def line(label, name):
    rate = statistics.median(float(r[1]) for r in rows if r[0] == label)
    cpu = statistics.median(float(r[2]) for r in rows if r[0] == label)
    return f"{name} {rate:.0f} requests/s ({cpu:.1f} us CPU per request), ratio {rate / wrk:.2f}"
print(f"medians: wrk {wrk:.0f} requests/s; " + line("salvo", "salvo") + "; " + line("global", "salvo --executor global")
      + "; " + line("floor", "libcurl from C (curl-floor.c, one thread)"))
PY
