"""Keeps notes in memory across the games its process plays: every cell where the opponent
hit it. In a later game it fires at those cells first. If one process played both games of a
mirrored pair, its notes from the first would be the opponent's ships in the second.

On each `new-game` it writes `GAME <token> <seed>` to stderr: the token is random per process,
the seed is the game's bot seed, so a test can tell which process played which game."""
import os
import sys

from common import say

token = os.urandom(8).hex()
hit_here = []  # cells the opponents hit, over every game of this process
fired = set()
turn = 0
for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if words[0] == "salvo":
        say("name notes")
    elif words[0] == "new-game":
        sys.stderr.write("GAME %s %s\n" % (token, words[4]))
        sys.stderr.flush()
        fired, turn = set(), 0
        say("ready")
    elif words[0] == "opponent-shot" and words[3] in ("hit", "sunk"):
        cell = (int(words[1]), int(words[2]))
        if cell not in hit_here:
            hit_here.append(cell)
    elif words[0] == "your-turn":
        cell = next((c for c in hit_here if c not in fired), None)
        while cell is None or cell in fired:
            cell = (turn % 10, turn // 10)
            turn += 1
        fired.add(cell)
        say("shot %d %d" % cell)
    elif words[0] == "quit":
        break
