#!/usr/bin/env bash
# Plays one whole game against `salvo serve` with nothing but curl: two players take turns,
# each polling /status and firing row by row until one has sunk the other's fleet.
# Usage: docs/curl-game.sh [path/to/salvo] [port]
set -euo pipefail
SALVO=${1:-.build/release/salvo}
PORT=${2:-8089}
URL="http://127.0.0.1:$PORT/api"
# field KEY: the value of a string or boolean KEY in the JSON on stdin (no jq needed).
field() { sed -n "s/.*\"$1\":\"\{0,1\}\([^\",}]*\).*/\1/p"; }

"$SALVO" serve --port "$PORT" --in-memory --log-level warning &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true' EXIT
for _ in $(seq 100); do curl -sf "http://127.0.0.1:$PORT/health" >/dev/null && break; sleep 0.1; done
curl -sf "http://127.0.0.1:$PORT/health" >/dev/null || { echo "the server did not start on port $PORT" >&2; exit 1; }

echo "\$ curl -X POST $URL/games -d '{\"gameName\":\"demo\",\"playerName\":\"alice\"}'"
CREATED=$(curl -s -X POST "$URL/games" -H 'Content-Type: application/json' -d '{"gameName":"demo","playerName":"alice"}')
echo "$CREATED"
GAME=$(echo "$CREATED" | field gameId)
ALICE=$(echo "$CREATED" | field playerId)
echo "\$ curl -X POST $URL/games/$GAME/join -d '{\"playerName\":\"bob\"}'"
BOB=$(curl -s -X POST "$URL/games/$GAME/join" -H 'Content-Type: application/json' -d '{"playerName":"bob"}' | tee /dev/stderr | field playerId)
echo

declare -A NEXT=([alice]=0 [bob]=0)
declare -A ID=([alice]=$ALICE [bob]=$BOB)
while true; do
  for who in alice bob; do
    STATUS=$(curl -s -X POST "$URL/games/$GAME/status" -H 'Content-Type: application/json' -d "{\"playerId\":\"${ID[$who]}\"}")
    [[ $STATUS =~ \"winner\":\"([^\"]*)\" ]] && WINNER=${BASH_REMATCH[1]}
    if [ "$WINNER" != "IN PROGRESS" ]; then
      echo
      echo "\$ curl $URL/games/$GAME"
      curl -s "$URL/games/$GAME"; echo
      echo "Winner: $WINNER"
      exit 0
    fi
    [[ $STATUS == *'"isYourTurn":true'* ]] || continue
    CELL=${NEXT[$who]}; NEXT[$who]=$((CELL + 1))
    X=$((CELL % 10)); Y=$((CELL / 10))
    RESULT=$(curl -s -X POST "$URL/games/$GAME/guess" -H 'Content-Type: application/json' \
      -d "{\"playerId\":\"${ID[$who]}\",\"xPos\":$X,\"yPos\":$Y}")
    printf '%-5s fires at (%d,%d): %s\n' "$who" "$X" "$Y" "$RESULT"
  done
done
