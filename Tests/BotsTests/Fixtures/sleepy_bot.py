"""A bot whose every move is legal and slow: it sleeps SECONDS (its first argument) before
each shot, using no CPU, and fires in row order. With a second argument PLACE it announces
`supports place` and sleeps PLACE seconds before answering `place-fleet` with a valid fleet.
For the game clock's tests: under a clock it runs out of time; without one only the move's
wall-clock guard bounds it."""
import sys
import time

from common import say

DELAY = float(sys.argv[1]) if len(sys.argv) > 1 else 0.5
PLACE = float(sys.argv[2]) if len(sys.argv) > 2 else None

turn = 0
for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if words[0] == "salvo":
        if PLACE is not None:
            say("supports place")
        say("name sleepy")
    elif words[0] == "new-game":
        turn = 0
        say("ready")
    elif words[0] == "place-fleet":
        time.sleep(PLACE)
        say("fleet 5 0 0 v 4 2 0 v 3 4 4 h 3 9 1 v 2 7 9 h")
    elif words[0] == "your-turn":
        time.sleep(DELAY)
        say(f"shot {turn % 10} {turn // 10}")
        turn += 1
    elif words[0] == "quit":
        break
