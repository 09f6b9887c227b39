#!/usr/bin/env python3
"""A Salvo bot that places its own fleet and fires at random unshot cells, hunting around
its hits. Python 3 standard library only.

It announces `supports place` at the handshake, so in a tournament with `placement: bots`
Salvo asks it for its fleet before each game (`place-fleet`); elsewhere it is never asked
and plays with the fleet the server gives it. Its placement keeps ships off the edges,
where many targeting strategies look last (a simple idea to improve on).

Run it with: salvo bot-check 'python3 bots/python/placing_bot.py'
The protocol is in bots/PROTOCOL.md.
"""
import random
import sys


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def place(size, lengths, rng):
    """One ship per length, each at a random free position that touches no edge when it can."""
    taken = set()
    ships = []
    for length in lengths:
        for attempt in range(1000):
            vertical = rng.random() < 0.5
            inner = attempt < 500  # off the edges first, anywhere after that
            low = 1 if inner else 0
            high_x = size - (1 if vertical else length) - (1 if inner else 0)
            high_y = size - (length if vertical else 1) - (1 if inner else 0)
            if high_x < low or high_y < low:
                continue
            x, y = rng.randint(low, high_x), rng.randint(low, high_y)
            cells = [(x, y + i) if vertical else (x + i, y) for i in range(length)]
            if any(cell in taken for cell in cells):
                continue
            taken.update(cells)
            ships.append(f"{length} {x} {y} {'v' if vertical else 'h'}")
            break
    return "fleet " + " ".join(ships)


def main():
    size = 10
    rng = random.Random(0)
    unshot, targets = [], []
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        command = words[0]
        if command == "salvo":
            say("supports place")
            say("name python-placer")
        elif command == "new-game":
            size = int(words[1])
            rng = random.Random(int(words[4]))
            unshot = [(x, y) for y in range(size) for x in range(size)]
            rng.shuffle(unshot)
            targets = []
            say("ready")
        elif command == "place-fleet":
            lengths = [int(n) for n in words[2].split(",")]
            say(place(int(words[1]), lengths, random.Random(int(words[3]))))
        elif command == "your-turn":
            while targets and targets[-1] not in unshot:
                targets.pop()
            cell = targets.pop() if targets else unshot[-1]
            unshot.remove(cell)
            say(f"shot {cell[0]} {cell[1]}")
        elif command == "result" and words[3] == "hit":
            x, y = int(words[1]), int(words[2])
            targets += [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))]
        elif command == "quit":
            return
        # Other results, opponent-shot and game-over need no answer.


if __name__ == "__main__":
    main()
