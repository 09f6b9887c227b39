#!/bin/sh
# Placement (issue 31): the matrix of mean shots, each targeting built-in against each
# placement strategy (salvo bench --placement), and a tournament in which bots place their
# fleets: admiral (champion's targeting, adaptive placement) against champion, 400 games.
# The figures are counts of shots and wins, the same on any machine and build; only the time
# differs. Usage: benchmarks/placement.sh [SALVO]  (default: .build/release/salvo)
set -eu
salvo=${1:-.build/release/salvo}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$salvo" bench --placement --games 2000 --seed 1 --quiet
cat > "$out/admiral.yaml" <<YAML
name: admiral-vs-champion
games_per_pairing: 400
concurrency: 16
seed: 7
placement: bots
tell_opponent: true
bots: [admiral, champion]
YAML
"$salvo" run "$out/admiral.yaml" --output "$out/run" --quiet
