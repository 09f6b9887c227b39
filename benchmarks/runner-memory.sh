#!/usr/bin/env bash
# The runner's memory per game with external bots (found while measuring the arena): peak RSS
# of `salvo run` for two sandboxed copies of bots/python/random_bot.py (Debian's python3),
# concurrency 8, at GAMES_SMALL and GAMES_LARGE games (100 and 400 unless told), and the
# growth per game between them; the built-in `random` the same, for the floor (the records a
# run keeps for its reports). With two binaries, both in turn, RUNS times each.
# Usage: benchmarks/runner-memory.sh SALVO_BINARY [OTHER_BINARY] [RUNS]
set -euo pipefail
A=$(realpath "$1"); B=${2:+$(realpath "$2")}; RUNS=${3:-1}
SMALL=${GAMES_SMALL:-100}; LARGE=${GAMES_LARGE:-400}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
chmod 755 "$WORK"
mkdir -p "$WORK/py" && cp "$ROOT/bots/python/random_bot.py" "$WORK/py/" && chmod -R a+rX "$WORK/py"
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u "+%Y-%m-%d %H:%M") UTC; load $(cut -d' ' -f1-3 /proc/loadavg)"
tournament() {  # kind games
  local entry
  if [ "$1" = python ]; then entry="command: /usr/bin/python3 $WORK/py/random_bot.py"; else entry="builtin: random"; fi
  printf "name: memory\ngames_per_pairing: %s\nconcurrency: 8\nseed: 3\nbots:\n  - name: a\n    %s\n  - name: b\n    %s\n" "$2" "$entry" "$entry" > "$WORK/$1-$2.yaml"
}
for kind in python builtin; do for games in "$SMALL" "$LARGE"; do tournament "$kind" "$games"; done; done
peak() {  # binary kind games -> KB
  rm -rf "$WORK/out"
  /usr/bin/time -f "%M" -o "$WORK/rss" "$1" run "$WORK/$2-$3.yaml" --output "$WORK/out" > "$WORK/log" 2>&1 || { tail -3 "$WORK/log" >&2; return 1; }
  cat "$WORK/rss"
}
for run in $(seq "$RUNS"); do
  for binary in "$A" ${B:+"$B"}; do
    for kind in python builtin; do
      small=$(peak "$binary" "$kind" "$SMALL"); large=$(peak "$binary" "$kind" "$LARGE")
      echo "$run $(basename "$binary") $kind: peak RSS $((small / 1024)) MB at $SMALL games, $((large / 1024)) MB at $LARGE: $(( (large - small) / (LARGE - SMALL) )) KB more a game"
    done
  done
done
