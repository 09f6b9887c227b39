#!/usr/bin/env bash
# Report benchmark at scale (issues 21 and 32): `salvo report` on a 100,000-game, 200-bot
# journal, median of RUNS runs, its peak memory, and the size of the folder it writes.
# Targets (issue 32, release build): 15 s or less and at most 300 MB peak RSS; the output at
# most 400 MB in at most 2,000 files; the journal at most 150 MB; index.html under 1 MB.
# A 400,000-game run (`report-100k.sh SALVO 3 200 400000`, 6 games per pairing schedule only
# 119,400, so pass GAMES_PER_PAIRING=20) must stay within 4x of the 100,000-game figures.
# The journal: 400 real games played once by `salvo run benchmarks/report-templates.yaml`
# (cached), copied by benchmarks/report-journal.py into the first 100,000 games of a round
# robin of 200 bots (6 games per pairing, 119,400 scheduled) in the real journal format,
# with new ids, names and indices, one game in 97 a timeout forfeit. Cached in $CACHE.
# Usage: [GAMES_PER_PAIRING=6] benchmarks/report-100k.sh [path/to/salvo] [RUNS] [BOTS] [GAMES]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
RUNS=${2:-3}
BOTS=${3:-200}
GAMES=${4:-100000}
PER_PAIRING=${GAMES_PER_PAIRING:-6}
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${SALVO_REPORT_BENCH_DIR:-/tmp/salvo-report-100k}
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'), $(free -g | awk '/Mem:/ {print $2}') GiB; $(date -u +%Y-%m-%d)"

if [ "$(grep -c '^{"type":"finished"' "$CACHE/templates/journal.jsonl" 2>/dev/null || echo 0)" -lt 400 ]; then
  echo "playing the template games: salvo run $HERE/report-templates.yaml"
  mkdir -p "$CACHE"
  "$SALVO" run "$HERE/report-templates.yaml" --output "$CACHE/templates" > "$CACHE/templates.log" 2>&1 || { tail -5 "$CACHE/templates.log"; exit 1; }
fi
RUN="$CACHE/run-$BOTS-$GAMES"
if [ "$(grep -c '^{"type":"finished"' "$RUN/journal.jsonl" 2>/dev/null || echo 0)" -lt "$GAMES" ]; then
  rm -rf "$RUN"
  python3 "$HERE/report-journal.py" "$CACHE/templates/journal.jsonl" "$RUN" "$BOTS" "$GAMES" "$PER_PAIRING"
fi
echo "journal: $(grep -c '^{"type":"finished"' "$RUN/journal.jsonl") finished games, $(du -m "$RUN/journal.jsonl" | cut -f1) MB"

echo "journal: $(stat -c %s "$RUN/journal.jsonl") bytes, $(( $(stat -c %s "$RUN/journal.jsonl") / GAMES )) bytes a game (target: at most 150 MB for 100,000 games)"

times=()
memory=()
for run in $(seq "$RUNS"); do
  rm -rf "$RUN/replays" "$RUN/bots" "$RUN/games" "$RUN/results.json" "$RUN/index.html" "$RUN/crosstable.html" "$RUN/superiority.html" "$RUN/shots-to-win.html"
  sync
  /usr/bin/time -f "%e %U %S %M" -o "$RUN/time" "$SALVO" report "$RUN" > /dev/null
  read -r wall user system rss < "$RUN/time"
  echo "run $run: ${wall} s wall, CPU ${user} s user + ${system} s system, peak RSS $((rss / 1024)) MB  (load: $(cut -d' ' -f1-3 /proc/loadavg))"
  times+=("$wall")
  memory+=("$((rss / 1024))")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}')
peak=$(printf '%s\n' "${memory[@]}" | sort -n | tail -1)
echo "salvo report, median of $RUNS: $median s, peak RSS at most $peak MB (targets for 100,000 games: 15 s, 300 MB)"
# The output: everything the report wrote (not the journal, the database or the logs).
outputs=("$RUN/index.html" "$RUN/results.json" "$RUN/replays" "$RUN/bots")
for extra in games crosstable.html superiority.html shots-to-win.html; do [ -e "$RUN/$extra" ] && outputs+=("$RUN/$extra"); done
echo "output: $(du -scm "${outputs[@]}" | tail -1 | cut -f1) MB in $(find "${outputs[@]}" -type f | wc -l) files (targets: at most 400 MB, 2,000 files)"
echo "pages: index.html $(stat -c %s "$RUN/index.html") bytes (target under 1 MB); largest bot page $(ls -S "$RUN/bots" | head -1) $(stat -c %s "$RUN/bots/$(ls -S "$RUN/bots" | head -1)") bytes; largest games page $(stat -c %s "$RUN/games/$(ls -S "$RUN/games" | head -1)" 2>/dev/null || echo 0) bytes"
echo "replays/: $(du -sm "$RUN/replays" | cut -f1) MB in $(ls "$RUN/replays" | wc -l) files, largest pack $(stat -c %s "$RUN/replays/$(ls -S "$RUN/replays" | grep pack | head -1)") bytes; viewer $(stat -c %s "$RUN/replays/viewer.html") bytes; results.json $(du -m "$RUN/results.json" | cut -f1) MB"
over=$(find "$RUN" -name '*.html' -size +5M | wc -l)
echo "pages over 5 MB: $over (target 0)"
echo "render times in Chromium: SALVO_RENDER_BENCH=$RUN swift test --filter RenderTiming"
