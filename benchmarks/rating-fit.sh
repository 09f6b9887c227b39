#!/usr/bin/env bash
# Side by side: the joint rating fit (Sources/Ratings) as of REV against the working tree's,
# on the same 1,000 players and 100,000 games (benchmarks/rating-fit-bench.swift), each built
# with swiftc -O into one executable; farm-bench times them in turn and prints the ratio.
# Both print the same rating and interval (checked below), so only the time differs.
# Usage: benchmarks/rating-fit.sh [players] [games per player]     (REV=commit, default e3aa449)
set -euo pipefail
PLAYERS=${1:-1000}
PER_PLAYER=${2:-200}
REV=${REV:-e3aa449}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
WORK="$HERE/results/rating-fit"
rm -rf "$WORK" && mkdir -p "$WORK/old" "$WORK/new"
for file in $(git -C "$ROOT" ls-tree --name-only "$REV" Sources/Ratings/); do
    git -C "$ROOT" show "$REV:$file" > "$WORK/old/$(basename "$file")"
done
cp "$ROOT"/Sources/Ratings/*.swift "$WORK/new/"
for side in old new; do
    cp "$HERE/rating-fit-bench.swift" "$WORK/$side/main.swift"
    swiftc -O -module-name RatingFit "$WORK/$side"/*.swift -o "$WORK/$side/fit"
done
old=$("$WORK/old/fit" "$PLAYERS" "$PER_PLAYER"); new=$("$WORK/new/fit" "$PLAYERS" "$PER_PLAYER")
echo "old: $old"; echo "new: $new"
[ "${old%%,*iterations*}" = "${new%%,*iterations*}" ] || echo "note: the two fits differ beyond the time (above)"
farm-bench -n "${RUNS:-5}" --timeout 1800 --vs "$WORK/old/fit $PLAYERS $PER_PLAYER" -- "$WORK/new/fit" "$PLAYERS" "$PER_PLAYER"
