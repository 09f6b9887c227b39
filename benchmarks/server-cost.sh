#!/usr/bin/env bash
# The server's own CPU per request (from /proc/PID/stat of a release `salvo serve --in-memory`)
# while wrk and `salvo http-bench` take turns on GET /api/games/:id, 32 connections each: shows
# how much the client's pattern of requests changes the server's cost (issue 3).
# Usage: benchmarks/server-cost.sh [path/to/salvo] [rounds] [seconds]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
RUNS=${2:-2}
SECS=${3:-5}
PORT=$((20000 + RANDOM % 20000))
"$SALVO" serve --port "$PORT" --in-memory --log-level error > /dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
GAME=$(curl -s -X POST "http://127.0.0.1:$PORT/api/games" -H 'Content-Type: application/json' \
  -d '{"gameName":"bench","playerName":"a"}' | sed 's/.*"gameId":"\([^"]*\)".*/\1/')
URL="http://127.0.0.1:$PORT/api/games/$GAME"
ticks() { awk '{print $14 + $15}' "/proc/$SERVER/stat"; }
hz=$(getconf CLK_TCK)
report() { python3 -c "print('$1', round($2), 'requests/s; server', round(($4 - $3) / $hz * 1e6 / ($2 * $SECS), 1), 'us CPU per request')"; }
for _ in $(seq "$RUNS"); do
  before=$(ticks); rate=$(wrk -t2 -c32 -d"${SECS}s" "$URL" | awk '/^Requests\/sec/ {print $2}'); report wrk "$rate" "$before" "$(ticks)"
  before=$(ticks); rate=$("$SALVO" http-bench "$URL" --connections 32 --seconds "$SECS" | awk '{print $6}'); report salvo "$rate" "$before" "$(ticks)"
done
