#!/usr/bin/env bash
# A class of 120 submissions (issue 20): generates the folder from bots/submissions-example
# (Python and C bots, some broken on purpose), then runs a 7-round Swiss tournament on it with
# the release build, twice: the first run discovers, builds and plays; the second, with
# nothing changed, must skip every build and play nothing. Then `salvo report` rebuilds the
# reports alone. Every line salvo prints is stamped with the seconds since its start.
#
#   make release && benchmarks/class-120.sh [WORK_FOLDER]     # default /tmp/salvo-class-120
#
# The class: 60 Python bots (python-random), 54 C bots (c-hunter, built with cc), 4 whose C
# does not compile (broken-build) and 2 with a misspelt key in bot.yaml (bad-manifest).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
salvo=${SALVO:-$repo/.build/release/salvo}
work=${1:-/tmp/salvo-class-120}
examples=$repo/bots/submissions-example
[ -x "$salvo" ] || { echo "no release build at $salvo: run make release (or swift build -c release)" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work/submissions"
student() {   # student NUMBER EXAMPLE
    local folder
    folder=$(printf '%s/submissions/student-%03d' "$work" "$1")
    cp -r "$examples/$2" "$folder"
    # Each student's own copy: a name of its own, and a comment so no two folders are equal.
    case $2 in
        python-random) printf 'name: student-%03d\ncommand: python3 bot.py\n' "$1" > "$folder/bot.yaml"
                       printf '\n# student %03d\n' "$1" >> "$folder/bot.py" ;;
        c-hunter)      printf 'name: student-%03d\nbuild: cc -O2 -o bot bot.c\ncommand: ./bot\nmemory_mb: 256\n' "$1" > "$folder/bot.yaml"
                       printf '\n/* student %03d */\n' "$1" >> "$folder/bot.c" ;;
        broken-build)  printf 'name: student-%03d\nbuild: cc -O2 -o bot bot.c\ncommand: ./bot\n' "$1" > "$folder/bot.yaml" ;;
        bad-manifest)  printf 'name: student-%03d\ncomand: python3 bot.py\n' "$1" > "$folder/bot.yaml" ;;
    esac
}
for n in $(seq 1 120); do
    if   [ "$n" -le 60 ];  then student "$n" python-random
    elif [ "$n" -le 114 ]; then student "$n" c-hunter
    elif [ "$n" -le 118 ]; then student "$n" broken-build
    else                        student "$n" bad-manifest
    fi
done

cat > "$work/class.yaml" <<YAML
name: class-120
format: swiss
rounds: 7
games_per_pairing: 2
concurrency: 8
seed: 2026
limits: {memory_mb: 512, cpu_seconds: 60}
bots_from: submissions
YAML

stamp() {   # prefixes each line with the seconds since the command started
    local start
    start=$(date +%s.%N)
    while IFS= read -r line; do
        printf '%8.1f  %s\n' "$(echo "$(date +%s.%N) - $start" | bc)" "$line"
    done
}

cd "$work"
echo "== first run: discovery, 58 builds (54 C, 4 broken), 7 Swiss rounds, reports"
/usr/bin/time -f '   wall %e s, max RSS %M KiB' stdbuf -oL "$salvo" run class.yaml 2>&1 | stamp
echo "== second run, nothing changed: every build skipped, nothing played"
/usr/bin/time -f '   wall %e s' stdbuf -oL "$salvo" run class.yaml 2>&1 | stamp | grep -E 'Submissions|Continuing|games rated|wall' || true
echo "== salvo report alone"
/usr/bin/time -f '   wall %e s' stdbuf -oL "$salvo" report reports/class-120 2>&1 | stamp
du -sh reports/class-120/index.html reports/class-120/results.json reports/class-120/submissions | sed 's/^/   /'
