#!/usr/bin/env bash
# What external bots cost a tournament (issue 18), in one run:
#  1. games/s of the two Python example bots, sandboxed (the default), against the same
#     pairing of built-ins (hunt-target against random), at concurrency 64, alternating, with
#     the ratio pair by pair (target: 0.5x or more);
#  2. the runner with 200 external bot processes alive (concurrency 100, two bots a game, each
#     bot thinking 50 ms a move so that games overlap): its peak RSS and threads, sampled every
#     100 ms from /proc, and the most bot processes seen alive at once (target: under 200 MB);
#  3. the runner's peak RSS with 1,000 games of built-ins in flight (benchmarks/tournament-1000.yaml
#     at concurrency 1000; target: under 200 MB).
# Usage: benchmarks/bot-cost.sh SALVO_BINARY [pairs]
set -euo pipefail
SALVO=$(realpath "$1"); PAIRS=${2:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
chmod 755 "$WORK"  # a sandboxed bot runs as nobody when the runner is root: it must reach its folder
cd "$ROOT"
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"

# Runs `salvo run FILE` and prints its games/s.
games_per_second() {
  rm -rf "$WORK/out"
  /usr/bin/time -f "%e" -o "$WORK/time" "$SALVO" run "$1" --output "$WORK/out" > "$WORK/log" 2>&1
  played=$(grep -o '^[0-9]* of [0-9]* games rated' "$WORK/log" | awk '{print $1}')
  python3 -c "print($played / $(cat "$WORK/time"))"
}

# Runs `salvo run FILE` and samples it every 100 ms: peak RSS (MB), peak threads, and the
# most processes whose command line starts with $2 at once.
sample_run() {
  rm -rf "$WORK/out"
  "$SALVO" run "$1" --output "$WORK/out" > "$WORK/log" 2>&1 &
  pid=$!
  rss=0; threads=0; bots=0
  while kill -0 "$pid" 2>/dev/null; do
    if [ -r "/proc/$pid/status" ]; then
      r=$(awk '/^VmHWM:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
      t=$(awk '/^Threads:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo 0)
      b=$(pgrep -fc "^$2" || true)
      [ "${r:-0}" -gt "$rss" ] && rss=$r
      [ "${t:-0}" -gt "$threads" ] && threads=$t
      [ "${b:-0}" -gt "$bots" ] && bots=$b
    fi
    sleep 0.1
  done
  wait "$pid"
  echo "$((rss / 1024)) $threads $bots"
}

cp benchmarks/python-bots.yaml "$WORK/python.yaml"
sed -e 's|command: /usr/bin/python3 bots/python/hunt_target_bot.py|builtin: hunt-target|' \
    -e 's|command: /usr/bin/python3 bots/python/random_bot.py|builtin: random|' \
    -e 's|^name: python-bots|name: builtin-bots|' "$WORK/python.yaml" > "$WORK/builtin.yaml"
for _ in $(seq "$PAIRS"); do
  python=$(games_per_second "$WORK/python.yaml")
  builtin=$(games_per_second "$WORK/builtin.yaml")
  echo "pair $python $builtin" | tee -a "$WORK/rows"
done

cat > "$WORK/thinker.py" <<'PY'
import random, sys, time
cells = [(x, y) for x in range(10) for y in range(10)]
for line in sys.stdin:
    words = line.split()
    if not words: continue
    if words[0] == "salvo": print("name thinker", flush=True)
    elif words[0] == "new-game":
        random.seed(int(words[-1])); random.shuffle(cells); shots = iter(cells); print("ready", flush=True)
    elif words[0] == "your-turn":
        time.sleep(0.05); x, y = next(shots); print(f"shot {x} {y}", flush=True)
    elif words[0] == "quit": break
PY
mkdir -p "$WORK/thinker"; cp "$WORK/thinker.py" "$WORK/thinker/"
cat > "$WORK/alive.yaml" <<YAML
name: bots-alive
games_per_pairing: 200
concurrency: 100
seed: 7
bots:
  - name: thinker-a
    command: /usr/bin/python3 thinker.py
    dir: $WORK/thinker
  - name: thinker-b
    command: /usr/bin/python3 thinker.py
    dir: $WORK/thinker
YAML
echo "alive $(sample_run "$WORK/alive.yaml" "/usr/bin/python3 thinker.py")" | tee -a "$WORK/rows"

# The same measurement as benchmarks/tournament.sh: its 1,002 games, all in flight at once.
sed 's/^concurrency: 64/concurrency: 1000/' benchmarks/tournament-1000.yaml > "$WORK/inflight.yaml"
echo "inflight $(sample_run "$WORK/inflight.yaml" no-such-bot-command)" | tee -a "$WORK/rows"

python3 - "$WORK/rows" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
pairs = [(float(r[1]), float(r[2])) for r in rows if r[0] == "pair"]
print(f"Python example bots (sandboxed) {statistics.median(a for a, _ in pairs):.1f} games/s, built-ins {statistics.median(b for _, b in pairs):.1f}; "
      f"ratio pair by pair {', '.join(f'{a / b:.2f}' for a, b in pairs)} (median {statistics.median(a / b for a, b in pairs):.2f}; target 0.5)")
for r in rows:
    if r[0] == "alive": print(f"200 bot processes (at most {r[3]} seen alive at once): runner peak RSS {r[1]} MB, peak threads {r[2]} (target: under 200 MB)")
    if r[0] == "inflight": print(f"1,000 games in flight: runner peak RSS {r[1]} MB, peak threads {r[2]} (target: under 200 MB)")
PY
