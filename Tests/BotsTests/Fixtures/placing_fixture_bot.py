"""A bot that announces `supports place` and answers `place-fleet` as MODE says:
valid (a fixed standard fleet), overlap, short (four ships), silent (never answers),
garbage (a line that is not a fleet), opponent (the valid fleet, or, when `new-game` named
an opponent, another one with the carrier along the bottom row). It fires in row order."""
import sys

from common import say

MODE = sys.argv[1] if len(sys.argv) > 1 else "valid"
FLEETS = {
    "valid": "fleet 5 0 0 v 4 2 0 v 3 4 4 h 3 9 1 v 2 7 9 h",
    "overlap": "fleet 5 0 0 v 4 0 1 h 3 4 4 h 3 9 1 v 2 7 9 h",
    "short": "fleet 5 0 0 v 4 2 0 v 3 4 4 h 3 9 1 v",
    "garbage": "fleet of ships",
}
TOLD = "fleet 5 0 9 h 4 2 0 v 3 4 4 h 3 9 1 v 2 7 7 h"

turn = 0
told = False
for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if words[0] == "salvo":
        say("supports place")
        say("name placer-" + MODE)
    elif words[0] == "new-game":
        turn = 0
        told = len(words) > 6 and words[5] == "opponent"
        say("ready")
    elif words[0] == "place-fleet":
        if MODE == "opponent":
            say(TOLD if told else FLEETS["valid"])
        elif MODE != "silent":
            say(FLEETS[MODE])
    elif words[0] == "your-turn":
        say(f"shot {turn % 10} {turn // 10}")
        turn += 1
    elif words[0] == "quit":
        break
