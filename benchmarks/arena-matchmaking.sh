#!/usr/bin/env bash
# A class of known strength order uploading to the arena at once (issue 53, "Real runs"):
# STUDENTS students (default 200) each `salvo submit` the noisy hunt-target bot
# (bots/python/noisy_hunt_target_bot.py) at a noise of its own, evenly from 0 (hunt-target, the
# strongest) to 1 (random), at the same moment, to an arena with the built-ins random and
# hunt-target, 2 games a pairing, and MATCHMAKING (adaptive, with rating_interval INTERVAL, or
# round-robin). While it plays, the season's own results.json is read every 2 s; a student is
# "rated" once its version is in the standings with its 95% interval's half-width at most
# INTERVAL (adaptive) or its whole round robin played (round-robin). Prints, from each upload's
# arrival (the store's receivedAt) to rated: the median, the 90th percentile and the slowest;
# how many were never rated within INTERVAL (out of budget); the games played; and Kendall's
# tau of the final standings against the true order (the noise), as docs/scoring.md defines it.
# Ends once every student is rated and results.json has not changed for 60 s, once no game has
# been journaled for 3 minutes, or after LIMIT seconds.
# Usage: benchmarks/arena-matchmaking.sh SALVO_BINARY [students] [adaptive|round-robin] [interval] [limit_s]
set -euo pipefail
SALVO=$1; STUDENTS=${2:-200}; MODE=${3:-adaptive}; INTERVAL=${4:-75}; LIMIT=${5:-5400}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
chmod 755 "$WORK"   # the sandbox's users pass through it to the arena's copies
PORT=$((20000 + RANDOM % 20000))
for n in $(seq -w "$STUDENTS"); do echo "student$n"; done > "$WORK/roster.txt"
"$SALVO" arena init "$WORK/arena" --roster "$WORK/roster.txt" > /dev/null
{
  printf "name: class\nbots: [random, hunt-target]\ngames_per_pairing: 2\nconcurrency: 8\ncheck_games: 2\nchecks_at_once: 2\n"
  printf "submissions_per_day: 10\nrequests_per_second: 0\nidle_games_per_hour: 0\nmatchmaking: %s\n" "$MODE"
  if [ "$MODE" = adaptive ]; then printf "rating_interval: %s\n" "$INTERVAL"; fi
} > "$WORK/arena/arena.yaml"
"$SALVO" arena serve "$WORK/arena" --port "$PORT" > "$WORK/serve.log" 2>&1 &
SERVER=$!
trap 'kill -INT $SERVER 2>/dev/null; wait $SERVER 2>/dev/null; rm -rf "$WORK"' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/api/standings" > /dev/null && break; sleep 0.1; done
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d); load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "$STUDENTS students at once, noisy hunt-target bots, 2 built-ins, $MODE$([ "$MODE" = adaptive ] && echo " to ±$INTERVAL Elo"), check_games 2"
i=0
while IFS=$'\t' read -r login token _; do
  mkdir -p "$WORK/bots/$login"
  cp "$ROOT/bots/python/noisy_hunt_target_bot.py" "$ROOT/bots/python/hunt_target_bot.py" "$WORK/bots/$login/"
  python3 -c "print(round($i / max(1, $STUDENTS - 1), 4))" > "$WORK/bots/$login/noise.txt"
  printf "command: python3 noisy_hunt_target_bot.py\n" > "$WORK/bots/$login/bot.yaml"
  cp "$WORK/bots/$login/noise.txt" "$WORK/$login.noise"
  ( "$SALVO" submit "$WORK/bots/$login" --arena "http://127.0.0.1:$PORT" --token="$token" --no-wait > "$WORK/bots/$login.out" 2>&1 || true ) &
  i=$((i + 1))
done < <(grep -v '^#' "$WORK/arena/tokens.tsv")
python3 - "$WORK" "$STUDENTS" "$MODE" "$INTERVAL" "$LIMIT" <<'PY'
import datetime, json, os, sqlite3, statistics, sys, time
work, students, mode, interval, limit = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4]), float(sys.argv[5])
results = os.path.join(work, "arena/season/results.json")
noise = {f[:-6]: float(open(os.path.join(work, f)).read()) for f in os.listdir(work) if f.endswith(".noise")}
rated, last_change, last_mtime, start, document = {}, time.time(), None, time.time(), None
journal = os.path.join(work, "arena/season/journal.jsonl")
last_size, last_growth = -1, time.time()
def half(row):
    r = row.get("rating")
    return None if r is None else (r["upper"] - r["lower"]) / 2
while time.time() - start < limit:
    time.sleep(2)
    try:
        mtime = os.stat(results).st_mtime_ns
    except FileNotFoundError:
        continue
    if mtime != last_mtime:
        last_mtime, last_change = mtime, time.time()
        try:
            document = json.load(open(results))
        except ValueError:
            continue
        now = datetime.datetime.now(datetime.timezone.utc)
        current = 2 * (len(document["standings"]) - 1)
        for row in document["standings"]:
            bot = row["bot"]
            if bot not in noise or bot in rated:
                continue
            done = (half(row) is not None and half(row) <= interval) if mode == "adaptive" else row["games"] >= current
            if done:
                rated[bot] = now
    if len(rated) == students and time.time() - last_change > 60:
        break
    # No game journaled for 3 minutes: the arena is idle (the rest are out of budget). A round
    # robin's batch journals a game at a time, though results.json waits for its end.
    try:
        size = os.stat(journal).st_size
    except FileNotFoundError:
        size = 0
    if size != last_size:
        last_size, last_growth = size, time.time()
    if document and time.time() - last_growth > 180:
        break
db = sqlite3.connect(f"file:{work}/arena/arena.sqlite?mode=ro", uri=True)
received = {}
for login, at in db.execute("SELECT login, receivedAt FROM submission"):
    t = datetime.datetime.fromisoformat(at)
    t = t if t.tzinfo else t.replace(tzinfo=datetime.timezone.utc)
    received[login] = min(received.get(login, t), t)
times = sorted((rated[b] - received[b]).total_seconds() for b in rated if b in received)
def spread(ts):
    p90 = ts[min(len(ts) - 1, int(0.9 * len(ts)))]
    return f"median {statistics.median(ts):.0f} s, p90 {p90:.0f} s, slowest {ts[-1]:.0f} s"
print(f"{len(rated)} of {students} rated ({'within ±%g' % interval if mode == 'adaptive' else 'round robin played'}): {spread(times) if times else '-'} from upload")
rows = [r for r in document["standings"] if r["bot"] in noise] if document else []
wide = [r["bot"] for r in rows if mode == "adaptive" and (half(r) is None or half(r) > interval)]
print(f"games played: {document['progress']['ratedGames'] if document else 0}; never within ±{interval:g}: {len(wide)}; widest ±{max((half(r) or 0) for r in rows):.0f}" if rows else "no standings")
# Kendall's tau-b of the standings' ratings against the truth (less noise is stronger).
pairs = [(r["rating"]["value"] if r.get("rating") else -1e9, -noise[r["bot"]]) for r in rows]
concordant = discordant = tx = ty = 0
for a in range(len(pairs)):
    for b in range(a + 1, len(pairs)):
        x = pairs[a][0] - pairs[b][0]; y = pairs[a][1] - pairs[b][1]
        if x == 0 and y == 0: continue
        if x == 0: tx += 1
        elif y == 0: ty += 1
        elif x * y > 0: concordant += 1
        else: discordant += 1
n = concordant + discordant
print(f"Kendall's tau against the true order: {(concordant - discordant) / ((n + tx) * (n + ty)) ** 0.5:.3f}" if n else "tau: -")
PY
grep '^batch ' "$WORK/serve.log" | tail -3
