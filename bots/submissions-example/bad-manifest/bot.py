#!/usr/bin/env python3
"""A Salvo bot that fires at random unshot cells. Python 3 standard library only.

Run it with: salvo bench 'python3 bots/python/random_bot.py'
The protocol is in bots/PROTOCOL.md.
"""
import random
import sys


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    size = 10
    cells = []
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        command = words[0]
        if command == "salvo":
            say("name python-random-submission")
        elif command == "new-game":
            size = int(words[1])
            random.seed(int(words[4]))
            cells = [(x, y) for y in range(size) for x in range(size)]
            random.shuffle(cells)
            say("ready")
        elif command == "your-turn":
            x, y = cells.pop()
            say(f"shot {x} {y}")
        elif command == "quit":
            return
        # result, opponent-shot and game-over need no answer.


if __name__ == "__main__":
    main()
