#!/bin/sh
# Plays whole games: at its first turn it leaves a mark in the folder $1 (a file named after its
# pid) and thinks, by sleeping, for 3 s; then it fires at the cells in order.
turn=0
while read -r word rest; do
  case "$word" in
    salvo) echo "name thinker" ;;
    new-game) turn=0; echo ready ;;
    your-turn)
      if [ "$turn" = 0 ]; then : > "$1/$$"; sleep 3; fi
      echo "shot $((turn % 10)) $((turn / 10))"
      turn=$((turn + 1)) ;;
    quit) exit 0 ;;
  esac
done
