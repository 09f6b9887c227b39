#!/usr/bin/env bash
# The sandbox's cost (issue 17), side by side in one run, alternating sandboxed and
# --no-sandbox, both with Debian's /usr/bin/python3 (the python3 on PATH here is a slow pyenv
# shim outside the sandbox and Debian's inside, which would flatter the sandbox):
#  1. start-up per process: `salvo bench` of the Python random bot, one process per game, one
#     job; (sandboxed wall - plain wall) / games is the sandbox's cost per process;
#  2. a tournament of the two Python example bots at concurrency 64 (1,000 games; at least 128
#     processes must start whatever the restart policy, so a short run would measure start-up only): games/s.
# Usage: benchmarks/sandbox.sh SALVO_BINARY [pairs]
set -euo pipefail
SALVO=$1; PAIRS=${2:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cd "$ROOT"
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"
cp benchmarks/python-bots.yaml "$WORK/t.yaml"
GAMES=200
for _ in $(seq "$PAIRS"); do
  for mode in sandboxed plain; do
    flag=""; [ "$mode" = plain ] && flag="--no-sandbox"
    /usr/bin/time -f "%e" -o "$WORK/time" "$SALVO" bench "/usr/bin/python3 bots/python/random_bot.py" --games $GAMES --jobs 1 --quiet $flag > /dev/null
    echo "bench $mode $(cat "$WORK/time")" | tee -a "$WORK/rows"
    rm -rf "$WORK/out"
    /usr/bin/time -f "%e" -o "$WORK/time" "$SALVO" run "$WORK/t.yaml" --output "$WORK/out" $flag > "$WORK/log" 2>&1
    played=$(grep -o '^[0-9]* of [0-9]* games rated' "$WORK/log" | awk '{print $1}')
    echo "run $mode $(python3 -c "print($played / $(cat "$WORK/time"))")" | tee -a "$WORK/rows"
  done
done
python3 - "$WORK/rows" "$GAMES" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
games = int(sys.argv[2])
def med(kind, mode): return statistics.median(float(r[2]) for r in rows if r[0] == kind and r[1] == mode)
bs, bp = med("bench", "sandboxed"), med("bench", "plain")
print(f"start-up: bench of {games} one-process games, median wall {bs:.2f} s sandboxed, {bp:.2f} s plain: "
      f"{(bs - bp) / games * 1000:.1f} ms more per process ({bs / games * 1000:.1f} against {bp / games * 1000:.1f} ms per game)")
pairs = [(float(a[2]), float(b[2])) for a, b in zip([r for r in rows if r[0] == "run" and r[1] == "sandboxed"], [r for r in rows if r[0] == "run" and r[1] == "plain"])]
ratios = [s / p for s, p in pairs]
print(f"tournament of two Python bots, 1,000 games at concurrency 64: median {med('run', 'sandboxed'):.1f} games/s sandboxed, "
      f"{med('run', 'plain'):.1f} plain; ratio pair by pair {', '.join(f'{r:.2f}' for r in ratios)} (median {statistics.median(ratios):.2f})")
PY
