#!/usr/bin/env python3
"""A hunt-target bot with a noise knob, for benchmarks of ratings: a bot of known strength
order. With probability NOISE each shot goes to a random unshot cell instead of where
hunt-target would fire, so noise 0 is hunt-target and noise 1 is random; in between, the
lower the noise the stronger the bot (benchmarks/arena-matchmaking.sh, docs/scoring.md).

Run it with: salvo bench 'python3 bots/python/noisy_hunt_target_bot.py 0.3'
NOISE is the first argument, else the number in noise.txt beside the program, else 0.
The protocol is in bots/PROTOCOL.md. Python 3 standard library only.
"""
import os
import random
import sys

from hunt_target_bot import HuntTarget
from hunt_target_bot import main as play


def read_noise():
    if len(sys.argv) > 1:
        return float(sys.argv[1])
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "noise.txt")
    if os.path.exists(path):
        with open(path) as f:
            return float(f.read().strip() or 0)
    return 0.0


class NoisyHuntTarget(HuntTarget):
    def __init__(self, size, seed, noise):
        super().__init__(size, seed)
        self.noise = noise

    def next_shot(self):
        if self.rng.random() < self.noise:
            free = [(x, y) for y in range(self.size) for x in range(self.size) if (x, y) not in self.shot]
            return self.rng.choice(free)
        return super().next_shot()


def main():
    noise = min(1.0, max(0.0, read_noise()))
    play(lambda size, seed: NoisyHuntTarget(size, seed, noise), "noisy-hunt-target")


if __name__ == "__main__":
    main()
