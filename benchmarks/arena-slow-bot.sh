#!/usr/bin/env bash
# One slow but legal bot in a class (issue 51): it answers each shot after 2.5 s (under the
# 3 s wall guard of a move, no CPU used), so without a game clock one of its games lasted
# 168 s and its check 255 s. Each round makes a fresh arena of three honest students (the
# example Python bot, each a version of its own) and times a classmate's `salvo submit` from
# its start to its version entered, uploaded at the same moment as the slow student's upload
# ("with") or alone ("without"), the two kinds of round taking turns. Prints each round, the
# medians and the ratio with/without pair by pair, and the slow upload's fate.
# Usage: benchmarks/arena-slow-bot.sh SALVO_BINARY [rounds]
set -euo pipefail
SALVO=$1; ROUNDS=${2:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
chmod 755 "$WORK"   # the sandbox's users pass through it to the arena's copies
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$WORK/slow" "$WORK/honest"
cp -r "$ROOT/bots/submissions-example/python-random/." "$WORK/honest/"
cp -r "$ROOT/bots/submissions-example/python-random/." "$WORK/slow/"
sed -i 's/^        elif command == "your-turn":$/        elif command == "your-turn":\n            __import__("time").sleep(2.5)/' "$WORK/slow/bot.py"
grep -q 'sleep(2.5)' "$WORK/slow/bot.py"
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary: $SALVO ($("$SALVO" --version))"

# One round: the classmate's seconds from `salvo submit` to entered; "with" also uploads the slow bot.
round() {
  local kind=$1 arena="$WORK/arena-$1-$2" port=$((20000 + RANDOM % 20000))
  printf "carol\ndave\nerin\nslow\n" > "$WORK/roster.txt"
  "$SALVO" arena init "$arena" --roster "$WORK/roster.txt" > /dev/null
  printf "name: class\nbots: [random, hunt-target]\ngames_per_pairing: 2\ncheck_games: 2\nrequests_per_second: 0\n" > "$arena/arena.yaml"
  "$SALVO" arena serve "$arena" --port "$port" > "$arena.log" 2>&1 &
  local server=$!
  for _ in $(seq 100); do curl -sf "http://127.0.0.1:$port/api/standings" > /dev/null && break; sleep 0.1; done
  local token; token() { awk -v l="$1" '$1 == l {print $NF}' "$arena/tokens.tsv"; }
  # Two classmates already playing, as a class would.
  for login in dave erin; do
    cp -r "$WORK/honest" "$WORK/$login-$kind-$2"; echo "# $login" >> "$WORK/$login-$kind-$2/bot.py"
    "$SALVO" submit "$WORK/$login-$kind-$2" --arena "http://127.0.0.1:$port" --token="$(token "$login")" > /dev/null
  done
  local slow=""
  if [ "$kind" = with ]; then
    "$SALVO" submit "$WORK/slow" --arena "http://127.0.0.1:$port" --token="$(token slow)" > "$arena.slow" 2>&1 &
    slow=$!
  fi
  cp -r "$WORK/honest" "$WORK/carol-$kind-$2"; echo "# carol $2" >> "$WORK/carol-$kind-$2/bot.py"
  local started; started=$(date +%s.%N)
  "$SALVO" submit "$WORK/carol-$kind-$2" --arena "http://127.0.0.1:$port" --token="$(token carol)" > "$arena.carol" 2>&1
  local ended; ended=$(date +%s.%N)
  if [ -n "$slow" ]; then wait "$slow" || true; fi
  kill -INT "$server"; wait "$server" 2>/dev/null || true
  echo "$kind $(echo "$ended - $started" | bc)" >> "$WORK/rows"
  [ "$kind" = with ] && echo "  slow upload: $(grep -E '^(Not entered|Entered)' "$arena.slow" | head -1 | cut -c1-160)" >&2
  return 0
}
for r in $(seq "$ROUNDS"); do
  round without "$r"; round with "$r"
  echo "round $r: $(tail -2 "$WORK/rows" | tr '\n' ' ')"
done
python3 - "$WORK/rows" <<'PY'
import statistics, sys
rows = [line.split() for line in open(sys.argv[1])]
without = [float(t) for k, t in rows if k == "without"]
with_ = [float(t) for k, t in rows if k == "with"]
ratios = [w / o for o, w in zip(without, with_)]
print(f"a classmate's upload to entered: without the slow bot median {statistics.median(without):.1f} s, with it {statistics.median(with_):.1f} s; "
      f"ratio pair by pair {', '.join(f'{r:.2f}' for r in ratios)} (median {statistics.median(ratios):.2f}x)")
PY
