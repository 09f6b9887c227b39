#!/usr/bin/env bash
# Report benchmark at scale (issue 21): `salvo report` on a 100,000-game, 200-bot journal,
# median of RUNS runs, and the size of every page it writes. Targets: under 60 s (release
# build), no page over 5 MB.
# The journal: 400 real games played once by `salvo run benchmarks/report-templates.yaml`
# (cached), copied by benchmarks/report-journal.py into the first 100,000 games of a round
# robin of 200 bots (6 games per pairing, 119,400 scheduled) in the real journal format,
# with new ids, names and indices, one game in 97 a timeout forfeit. Cached in $CACHE.
# Usage: benchmarks/report-100k.sh [path/to/salvo] [RUNS] [BOTS] [GAMES]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
RUNS=${2:-3}
BOTS=${3:-200}
GAMES=${4:-100000}
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
  python3 "$HERE/report-journal.py" "$CACHE/templates/journal.jsonl" "$RUN" "$BOTS" "$GAMES" 6
fi
echo "journal: $(grep -c '^{"type":"finished"' "$RUN/journal.jsonl") finished games, $(du -m "$RUN/journal.jsonl" | cut -f1) MB"

times=()
for run in $(seq "$RUNS"); do
  rm -rf "$RUN/replays" "$RUN/bots" "$RUN/games" "$RUN/results.json" "$RUN/index.html"
  sync
  /usr/bin/time -f "%e %U %S %M" -o "$RUN/time" "$SALVO" report "$RUN" > /dev/null
  read -r wall user system rss < "$RUN/time"
  echo "run $run: ${wall} s wall, CPU ${user} s user + ${system} s system, peak RSS $((rss / 1024)) MB  (load: $(cut -d' ' -f1-3 /proc/loadavg))"
  times+=("$wall")
done
median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR + 1) / 2)]}')
echo "salvo report, median of $RUNS: $median s (target under 60 s)"
echo "pages: index.html $(stat -c %s "$RUN/index.html") bytes; largest bot page $(ls -S "$RUN/bots" | head -1) $(stat -c %s "$RUN/bots/$(ls -S "$RUN/bots" | head -1)") bytes; largest games page $(stat -c %s "$RUN/games/$(ls -S "$RUN/games" | head -1)" 2>/dev/null || echo 0) bytes"
echo "largest replay page $(stat -c %s "$RUN/replays/$(ls -S "$RUN/replays" | grep html | head -1)") bytes; results.json $(du -m "$RUN/results.json" | cut -f1) MB; replays/ $(du -sm "$RUN/replays" | cut -f1) MB in $(ls "$RUN/replays" | wc -l) files"
over=$(find "$RUN" -name '*.html' -size +5M | wc -l)
echo "pages over 5 MB: $over (target 0)"
echo "render times in Chromium: SALVO_RENDER_BENCH=$RUN swift test --filter RenderTiming"
