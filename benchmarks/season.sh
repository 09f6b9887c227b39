#!/usr/bin/env bash
# A season (issue 28): 60 C submissions run as a round robin into one output folder over 5
# nights, 10 students resubmitting before each of nights 2 to 5; then the same 60 folders as
# they stand after night 5 run from nothing into a fresh folder (the full rerun a season
# avoids). Prints, per night, the games played and the time, and the full rerun's.
#
#   make release && benchmarks/season.sh [WORK_FOLDER]     # default /tmp/salvo-season
#
# The bots: bots/submissions-example/c-hunter, each folder with a comment of its own so that
# no two are the same version; a resubmission appends another comment (a new version that
# plays the same). games_per_pairing 2, the default concurrency and sandbox.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
salvo=${SALVO:-$repo/.build/release/salvo}
work=${1:-/tmp/salvo-season}
entries=${ENTRIES:-60}
changed=${CHANGED:-10}
nights=${NIGHTS:-5}
[ -x "$salvo" ] || { echo "no release build at $salvo: run make release (or swift build -c release)" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/submissions"
for n in $(seq 1 "$entries"); do
    folder=$(printf '%s/submissions/student-%03d' "$work" "$n")
    cp -r "$repo/bots/submissions-example/c-hunter" "$folder"
    printf 'build: cc -O2 -o bot bot.c\ncommand: ./bot\nmemory_mb: 256\n' > "$folder/bot.yaml"
    printf '\n/* student %03d */\n' "$n" >> "$folder/bot.c"
done
cat > "$work/season.yaml" <<YAML
name: season-bench
games_per_pairing: 2
bots_from: submissions
YAML

games() { grep -c '"type":"finished"' "$1/journal.jsonl"; }
cd "$work"
printf '%-10s %8s %8s %10s\n' night games total seconds
before=0
for night in $(seq 1 "$nights"); do
    if [ "$night" -gt 1 ]; then
        # $changed students resubmit: a fixed choice per night, so every run of the script is alike.
        for k in $(seq 0 $((changed - 1))); do
            n=$(( (night * 17 + k * 7) % entries + 1 ))
            printf '/* night %d */\n' "$night" >> "$(printf 'submissions/student-%03d/bot.c' "$n")"
        done
    fi
    start=$(date +%s.%N)
    "$salvo" run season.yaml --output season --quiet > /dev/null
    end=$(date +%s.%N)
    total=$(games season)
    printf '%-10s %8d %8d %10.1f\n' "$night" $((total - before)) "$total" "$(echo "$end - $start" | bc)"
    before=$total
done
start=$(date +%s.%N)
"$salvo" run season.yaml --output full --quiet > /dev/null
end=$(date +%s.%N)
printf '%-10s %8d %8s %10.1f\n' "full" "$(games full)" "-" "$(echo "$end - $start" | bc)"
