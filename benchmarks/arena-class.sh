#!/usr/bin/env bash
# A class uploading at once (issue 42: "students upload at any hour and see their result in a
# minute"): STUDENTS students (default 40) each `salvo submit` the example Python bot, as
# versions of their own, at the same moment, to an arena of a round robin with three
# built-ins. Prints the median, the 90th percentile and the slowest of two times per student:
# from its upload's arrival to the end of its check (passed: "checked"), as the arena's store
# records them (`receivedAt`, `checkedAt`; the 202 follows the arrival at once), with the share
# checked within 15 s (the issue's target); and the wall time from `salvo submit` starting to its
# version entered (checked, played in a batch, published). Then the batches the arena played.
# Usage: benchmarks/arena-class.sh SALVO_BINARY [students] [games_per_pairing] [checks_at_once]
set -euo pipefail
SALVO=$1; STUDENTS=${2:-40}; GAMES=${3:-2}; CHECKS=${4:-2}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
chmod 755 "$WORK"   # the sandbox's users pass through it to the arena's copies
PORT=$((20000 + RANDOM % 20000))
for n in $(seq -w "$STUDENTS"); do echo "student$n"; done > "$WORK/roster.txt"
"$SALVO" arena init "$WORK/arena" --roster "$WORK/roster.txt" > /dev/null
printf "name: class\nbots: [random, hunt-target, density]\ngames_per_pairing: %s\ncheck_games: 4\nchecks_at_once: %s\nsubmissions_per_day: 10\nrequests_per_second: 0\n" "$GAMES" "$CHECKS" > "$WORK/arena/arena.yaml"
"$SALVO" arena serve "$WORK/arena" --port "$PORT" > "$WORK/serve.log" 2>&1 &
SERVER=$!
trap 'kill -INT $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/api/standings" > /dev/null && break; sleep 0.1; done
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$STUDENTS students at once, round robin with 3 built-ins, games_per_pairing $GAMES, check_games 4, checks_at_once $CHECKS"
while IFS=$'\t' read -r login token _; do
  mkdir -p "$WORK/bots/$login"
  cp -r "$ROOT/bots/submissions-example/python-random/." "$WORK/bots/$login/"
  echo "# $login" >> "$WORK/bots/$login/bot.py"
  ( status=0
    /usr/bin/time -f "%e" -o "$WORK/bots/$login.time" "$SALVO" submit "$WORK/bots/$login" --arena "http://127.0.0.1:$PORT" --token="$token" > "$WORK/bots/$login.out" 2>&1 || status=$?
    echo "$login $status $(tail -1 "$WORK/bots/$login.time")" >> "$WORK/rows" ) &
done < <(grep -v '^#' "$WORK/arena/tokens.tsv")
wait $(jobs -p | grep -v "^$SERVER$") 2>/dev/null || true
while [ "$(wc -l < "$WORK/rows" 2>/dev/null || echo 0)" -lt "$STUDENTS" ]; do sleep 1; done
python3 - "$WORK/rows" "$WORK/serve.log" "$WORK/arena/arena.sqlite" <<'PY'
import datetime, sqlite3, statistics, sys
def spread(times):
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
    return f"median {statistics.median(times):.1f} s, p90 {p90:.1f} s, slowest {times[-1]:.1f} s"
def when(text):
    return datetime.datetime.fromisoformat(text)
# The store's times (GRDB: UTC, to the millisecond): arrival, the check's start and end.
uploads = sqlite3.connect(f"file:{sys.argv[3]}?mode=ro", uri=True).execute(
    "SELECT login, receivedAt, checkStartedAt, checkedAt, state FROM submission ORDER BY id").fetchall()
passed = [(when(ended) - when(received)).total_seconds() for _, received, _, ended, state in uploads if ended and state in ("waiting", "entered", "replaced")]
waited = [(when(started) - when(received)).total_seconds() for _, received, started, ended, state in uploads if started]
checks = [(when(ended) - when(started)).total_seconds() for _, _, started, ended, _ in uploads if started and ended]
if passed:
    within = sum(1 for t in passed if t <= 15)
    print(f"{len(passed)} of {len(uploads)} uploads passed their check: {spread(passed)} from arrival to checked; {within} checked within 15 s")
    print(f"  of which waiting for a check to start: {spread(waited)}; the check itself: {spread(checks)}")
rows = [line.split() for line in open(sys.argv[1])]
failed = [r[0] for r in rows if r[1] != "0"]
times = [float(r[-1]) for r in rows]
print(f"{len(times)} students: {spread(times)} from `salvo submit` to entered; {len(failed)} not entered {failed[:5]}")
for line in open(sys.argv[2]):
    if line.startswith("batch "):
        print(line.rstrip())
PY
