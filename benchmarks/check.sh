#!/usr/bin/env bash
# Conformance suite benchmark (issue 7): the wall time of a whole `salvo check` against a
# release `salvo serve --in-memory` in its own process, and against the embedded server
# (`--server embedded`, same process). Prints each run, then the medians.
# Usage: benchmarks/check.sh [path/to/salvo] [repetitions]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
RUNS=${2:-5}
PORT=$((20000 + RANDOM % 20000))
WORK=$(mktemp -d)
"$SALVO" serve --port "$PORT" --in-memory --log-level error > /dev/null 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d); load $(cut -d' ' -f1-3 /proc/loadavg)"
for _ in $(seq "$RUNS"); do
  for target in "http://127.0.0.1:$PORT" embedded; do
    "$SALVO" check --server "$target" --json "$WORK/report.json" > "$WORK/out" || { cat "$WORK/out"; exit 1; }
    python3 - "$WORK/report.json" "$target" <<'PY' | tee -a "$WORK/r"
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
kind = "process" if sys.argv[2] != "embedded" else "embedded"
print(kind, f'{r["seconds"]:.2f}', s["requests"], s["passed"], s["failed"])
PY
  done
done
python3 - "$WORK/r" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for kind in ("process", "embedded"):
    secs = [float(r[1]) for r in rows if r[0] == kind]
    reqs = [int(r[2]) for r in rows if r[0] == kind]
    print(f"median {kind}: {statistics.median(secs):.2f} s for {statistics.median(reqs):.0f} requests "
          f"({statistics.median(reqs) / statistics.median(secs):.0f} requests/s), {len(secs)} runs")
PY
