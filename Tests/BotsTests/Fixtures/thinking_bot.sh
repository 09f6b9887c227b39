#!/bin/sh
# Answers the handshake and the new game; at its first turn leaves a mark in the folder $1
# (a file named after its pid) and thinks, by sleeping, until it is killed.
while read -r word rest; do
  case "$word" in
    salvo) echo "name thinker" ;;
    new-game) echo ready ;;
    your-turn) : > "$1/$$"; exec sleep 600 ;;
    quit) exit 0 ;;
  esac
done
