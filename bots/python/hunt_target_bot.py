#!/usr/bin/env python3
"""A Salvo bot that hunts at random and, after a hit, fires at the hit's neighbours and
then along the line of hits until the ship sinks. Python 3 standard library only.

Run it with: salvo bench 'python3 bots/python/hunt_target_bot.py'
The protocol is in bots/PROTOCOL.md.
"""
import random
import sys


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class HuntTarget:
    def __init__(self, size, seed):
        self.size = size
        self.rng = random.Random(seed)
        self.shot = set()
        self.mind = []  # hits since the last sinking

    def on_grid(self, x, y):
        return 0 <= x < self.size and 0 <= y < self.size

    def candidates(self):
        hits = set(self.mind)
        line_ends, neighbours = [], []
        for (x, y) in self.mind:
            for (dx, dy) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                cell = (x + dx, y + dy)
                if not self.on_grid(*cell) or cell in self.shot:
                    continue
                neighbours.append(cell)
                if (x - dx, y - dy) in hits:
                    line_ends.append(cell)
        return line_ends or neighbours

    def next_shot(self):
        targets = self.candidates()
        if targets:
            return self.rng.choice(targets)
        free = [(x, y) for y in range(self.size) for x in range(self.size) if (x, y) not in self.shot]
        return self.rng.choice(free)

    def record(self, x, y, outcome):
        self.shot.add((x, y))
        if outcome == "hit":
            self.mind.append((x, y))
        elif outcome == "sunk":
            self.mind = []


def main(make=HuntTarget, name="python-hunt-target"):
    """Speaks the protocol on stdin and stdout, each game's bot made by make(size, seed)."""
    bot = None
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        command = words[0]
        if command == "salvo":
            say("name " + name)
        elif command == "new-game":
            bot = make(int(words[1]), int(words[4]))
            say("ready")
        elif command == "your-turn":
            x, y = bot.next_shot()
            bot.shot.add((x, y))
            say(f"shot {x} {y}")
        elif command == "result":
            bot.record(int(words[1]), int(words[2]), words[3])
        elif command == "quit":
            return


if __name__ == "__main__":
    main()
