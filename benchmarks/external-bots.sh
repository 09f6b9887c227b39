#!/usr/bin/env bash
# External bots against built-ins (issue 44), side by side in one run: two copies of the same
# bot play each other, sandboxed (the default), on the embedded server:
#  - builtin: the built-in hunt-target against itself;
#  - c: the C hunter of bots/submissions-example/c-hunter, compiled here with cc -O2;
#  - python: bots/python/hunt_target_bot.py with Debian's /usr/bin/python3 (on these machines
#    `python3` on PATH is a slow pyenv shim outside the sandbox and Debian's inside);
# at concurrency 8 (600 games) and 64 (300 games), the three variants alternating within each
# pair. Each figure is the run's own rate (its last progress line: its games from its start to
# its last game, without the reports), and the whole command's (games / wall time); the ratio to
# the built-ins is taken pair by pair, and the medians of pairs are printed; then the busy CPU
# time of the whole machine per game (/proc/stat; meaningful on an otherwise idle machine), which
# says what an external bot adds to a game and so how far CPU lets its rate go.
# The ad-hoc measurements behind BENCHMARKS.md's "Second pass" are this script with other
# settings: CONCURRENCIES (default "8 64") and VARIANTS (default "builtin c python"; builtin is
# always played, for the ratios), and GAMES_C for the games at concurrency C (600 at 8, 300
# otherwise):
#   GAMES_64=1200 benchmarks/external-bots.sh BIN 2                # the same starts over 4x the games
#   CONCURRENCIES="8 16 32 64" VARIANTS="builtin c" benchmarks/external-bots.sh BIN 1   # fewer in flight
# Usage: [CONCURRENCIES=…] [VARIANTS=…] [GAMES_C=…] benchmarks/external-bots.sh SALVO_BINARY [pairs]
set -euo pipefail
CONCURRENCIES=${CONCURRENCIES:-8 64}
VARIANTS="builtin ${VARIANTS:-c python}"
VARIANTS=$(echo "$VARIANTS" | tr ' ' '\n' | awk 'NF && !seen[$0]++' | tr '\n' ' ')
# The games at concurrency $1.
games_at() {
  local name="GAMES_$1" default=300
  [ "$1" = 8 ] && default=600
  echo "${!name:-$default}"
}
SALVO=$(realpath "$1"); PAIRS=${2:-3}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
chmod 755 "$WORK"  # a sandboxed bot runs as a host user of its own when the runner is root: it must reach its folder
cd "$ROOT"
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u "+%Y-%m-%d %H:%M") UTC; $("$SALVO" --version 2>/dev/null | head -1)"

mkdir -p "$WORK/c-hunter"
cc -O2 -o "$WORK/c-hunter/bot" bots/submissions-example/c-hunter/bot.c
chmod -R a+rX "$WORK/c-hunter"

# Writes the tournament of variant $1 at concurrency $2 with $3 games to $WORK/$1-$2.yaml.
tournament() {
  local variant=$1 concurrency=$2 games=$3 entry
  case "$variant" in
    builtin) entry="builtin: hunt-target" ;;
    c) entry="command: $WORK/c-hunter/bot" ;;
    python) entry="command: /usr/bin/python3 bots/python/hunt_target_bot.py" ;;
  esac
  cat > "$WORK/$variant-$concurrency.yaml" <<YAML
name: external-$variant
games_per_pairing: $games
concurrency: $concurrency
seed: 44
bots:
  - name: $variant-a
    $entry
  - name: $variant-b
    $entry
YAML
}

# The machine's busy CPU time so far, in clock ticks (/proc/stat: every CPU's user, nice,
# system, irq, softirq and steal time): it counts what a run's own CPU time cannot, the bots
# inside bwrap that a kill leaves unreaped, and the kernel's threads.
busy_ticks() {
  awk '/^cpu / {print $2 + $3 + $4 + $7 + $8 + $9}' /proc/stat
}

# Runs one tournament; prints its play-only and whole-command games/s, its mean shots per
# game (both seats): a weaker bot plays longer games, so its games/s is lower for that alone;
# and the machine's busy CPU time per game in ms, the whole command's (on an otherwise idle
# machine: another job's CPU would count too).
games_per_second() {
  local file=$1 games=$2
  rm -rf "$WORK/out"
  local start end busy_start busy_end
  busy_start=$(busy_ticks)
  start=$(date +%s.%N)
  "$SALVO" run "$file" --output "$WORK/out" > "$WORK/log" 2>&1 || { echo "salvo run $file failed:" >&2; tail -5 "$WORK/log" >&2; return 1; }
  end=$(date +%s.%N)
  busy_end=$(busy_ticks)
  local rated play
  rated=$(grep -o '^[0-9]* of [0-9]* games rated' "$WORK/log" | awk '{print $1}')
  [ "$rated" = "$games" ] || { echo "$file: $rated of $games games rated" >&2; tail -5 "$WORK/log" >&2; return 1; }
  play=$(grep -o "^$games/$games games *[0-9.]* games/s" "$WORK/log" | tail -1 | awk '{print $3}')
  echo "$play $(python3 -c "print($games / ($end - $start))") $(python3 -c "import json, statistics; print(statistics.mean(g['shots'] for g in json.load(open('$WORK/out/results.json'))['games']))") $(python3 -c "print(1000 * ($busy_end - $busy_start) / $(getconf CLK_TCK) / $games)")"
}

for concurrency in $CONCURRENCIES; do
  for variant in $VARIANTS; do tournament "$variant" "$concurrency" "$(games_at "$concurrency")"; done
done
for pair in $(seq "$PAIRS"); do
  for concurrency in $CONCURRENCIES; do
    games=$(games_at "$concurrency")
    for variant in $VARIANTS; do
      figures=$(games_per_second "$WORK/$variant-$concurrency.yaml" "$games")
      echo "$pair $concurrency $variant $figures $games" | tee -a "$WORK/rows"
    done
  done
done

python3 - "$WORK/rows" "$CONCURRENCIES" "$VARIANTS" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
concurrencies = sorted(sys.argv[2].split(), key=int, reverse=True)
variants = sys.argv[3].split()
def figure(pair, c, variant, column):
    return next(float(r[column]) for r in rows if r[0] == pair and r[1] == c and r[2] == variant)
pairs = sorted({r[0] for r in rows}, key=int)
targets = {"8": 0.85, "64": 0.75}
names = {"builtin": "built-in `hunt-target`", "c": "the C hunter, compiled", "python": "bots/python/hunt_target_bot.py"}
games = {c: next(r[7] for r in rows if r[1] == c) for c in concurrencies}
for column, label in ((3, "play only (the run's own rate)"), (4, "whole command (games / wall time)")):
    print(f"\n{label}, medians of {len(pairs)} pairs:")
    print("| bots | " + " | ".join(f"concurrency {c}, {games[c]} games" for c in concurrencies) + " |")
    print("|---|" + "---|" * len(concurrencies))
    for variant in variants:
        name = names[variant]
        cells = []
        for c in concurrencies:
            rates = [figure(p, c, variant, column) for p in pairs]
            cell = f"{statistics.median(rates):.1f} games/s"
            if variant != "builtin":
                ratios = [figure(p, c, variant, column) / figure(p, c, "builtin", column) for p in pairs]
                cell += f" ({statistics.median(ratios):.2f}x; pairs {', '.join(f'{r:.2f}' for r in ratios)}"
                if c in targets:
                    cell += f"; target {targets[c]}: {'met' if statistics.median(ratios) >= targets[c] else 'not met'}"
                cell += ")"
            else:
                cell += f" (pairs {', '.join(f'{r:.1f}' for r in rates)})"
            if column == 3:
                shots = statistics.mean(float(r[5]) for r in rows if r[1] == c and r[2] == variant)
                cell += f"; {shots:.1f} shots a game"
            cells.append(cell)
        print(f"| {name} | " + " | ".join(cells) + " |")

# The CPU a game costs the whole machine, and what an external bot adds to the built-ins'. At
# a concurrency that keeps both cores busy, games/s follows CPU per game: 0.75x of the
# built-ins' rate leaves an external bot a third of their CPU per game to add.
print(f"\nthe machine's busy CPU per game (ms, /proc/stat, the whole command), medians of {len(pairs)} pairs:")
print("| bots | " + " | ".join(f"concurrency {c}" for c in concurrencies) + " |")
print("|---|" + "---|" * len(concurrencies))
for variant in variants:
    cells = []
    for c in concurrencies:
        cpu = [figure(p, c, variant, 6) for p in pairs]
        cell = f"{statistics.median(cpu):.1f} ms"
        if variant != "builtin":
            extra = [figure(p, c, variant, 6) - figure(p, c, "builtin", 6) for p in pairs]
            cell += f" (+{statistics.median(extra):.1f} ms a game)"
        cells.append(cell)
    print(f"| {names[variant]} | " + " | ".join(cells) + " |")
PY
