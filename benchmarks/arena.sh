#!/usr/bin/env bash
# The arena's turnaround (issue 42): from `salvo submit` starting to its version entered (the
# upload, unpacking, the sandboxed check with its games, the batch that enters it and plays
# its missing games, the publication), for the example Python bot resubmitted as new
# versions, one student at a time, against an arena of a round robin with three built-ins.
# Prints each submission's wall time, then the median.
# Usage: benchmarks/arena.sh SALVO_BINARY [submissions]
set -euo pipefail
SALVO=$1; RUNS=${2:-5}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
chmod 755 "$WORK"   # the sandbox's users pass through it to the arena's copies
PORT=$((20000 + RANDOM % 20000))
printf "alice\nbob\n" > "$WORK/roster.txt"
"$SALVO" arena init "$WORK/arena" --roster "$WORK/roster.txt" > /dev/null
printf "name: bench\nbots: [random, hunt-target, density]\ngames_per_pairing: 2\ncheck_games: 4\n" > "$WORK/arena/arena.yaml"
"$SALVO" arena serve "$WORK/arena" --port "$PORT" > "$WORK/serve.log" 2>&1 &
SERVER=$!
trap 'kill -INT $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/api/standings" > /dev/null && break; sleep 0.1; done
TOKEN=$(awk '$1 == "alice" {print $2}' "$WORK/arena/tokens.tsv")
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d); load $(cut -d' ' -f1-3 /proc/loadavg)"
cp -r "$ROOT/bots/submissions-example/python-random" "$WORK/bot"
for run in $(seq "$RUNS"); do
  echo "# version $run" >> "$WORK/bot/bot.py"
  /usr/bin/time -f "%e" -o "$WORK/time" "$SALVO" submit "$WORK/bot" --arena "http://127.0.0.1:$PORT" --token "$TOKEN" > "$WORK/out" || { cat "$WORK/out"; exit 1; }
  echo "submission $run: $(cat "$WORK/time") s to entered" | tee -a "$WORK/rows"
done
python3 - "$WORK/rows" <<'PY'
import statistics, sys
times = [float(line.split()[2]) for line in open(sys.argv[1])]
print(f"median {statistics.median(times):.2f} s from `salvo submit` to entered, of {len(times)} submissions")
PY
