"""Attack: predict the opponent's fleet from the seed the bot is given in `new-game`.

A cheater guesses that its own seed is (or derives) the opponent's board seed, and places
the fleet as the server would. Two guesses are tried, fired at first (17 cells each):
- `invert-seed`: Python's `random.Random(seed)` places the ships (the naive guess);
- `invert-seed-splitmix`: Salvo's own `Fleet.seeded(seed)` (SplitMix64, Lemire's bounded
  integers; Sources/BattleshipRules), ported below: the guess of a student who read the source.
After the game, a guess SUCCEEDED when at least 15 of its 17 predicted cells were hits.
Each new game writes `SEED <value>` so a test can check the seeds differ across games.

Contained (in or out of a sandbox): the bot seed says nothing about fleets, every guess is
`BLOCKED no relation found (k of 17 predicted cells hit)`.
"""
import sys

sys.dont_write_bytecode = True
import random

from hostile_common import SIZE, Bot, info, report

MASK = (1 << 64) - 1
LENGTHS = [5, 4, 3, 3, 2]


class SplitMix:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def randrange(self, bound):  # uniform(below:), Lemire's multiply-and-reject
        product = self.next() * bound
        if product & MASK < bound:
            threshold = ((1 << 64) - bound) % bound
            while product & MASK < threshold:
                product = self.next() * bound
        return product >> 64


def place(rng):
    """The cells of a fleet placed like Fleet.random: orientation, then x, then y, retry on overlap."""
    occupied = set()
    for length in LENGTHS:
        while True:
            horizontal = rng.randrange(2) == 0
            span = SIZE - length + 1
            if horizontal:
                x = rng.randrange(span)
                y = rng.randrange(SIZE)
            else:
                x = rng.randrange(SIZE)
                y = rng.randrange(span)
            cells = [(x + i, y) if horizontal else (x, y + i) for i in range(length)]
            if not occupied.intersection(cells):
                occupied.update(cells)
                break
    return sorted(occupied, key=lambda c: (c[1], c[0]))


class SeedInverter(Bot):
    name = "seed inverter"

    def on_new_game(self):
        info("SEED %d" % self.seed)
        self.guesses = {"invert-seed": place(random.Random(self.seed)),
                        "invert-seed-splitmix": place(SplitMix(self.seed))}
        self.targets = self.guesses["invert-seed-splitmix"] + self.guesses["invert-seed"]
        self.reported = False

    def on_game_over(self, outcome):
        if getattr(self, "reported", True):
            return
        self.reported = True
        for attack, cells in self.guesses.items():
            hit = sum(1 for cell in cells if cell in self.hits)
            fired = sum(1 for cell in cells if cell in self.fired)
            if hit >= 15:
                report(attack, True, "%d of 17 predicted cells hit: the seed gives the fleet away" % hit)
            else:
                report(attack, False, "no relation found (%d of 17 predicted cells hit, %d fired)" % (hit, fired))

    def on_quit(self):
        self.on_game_over("")


if __name__ == "__main__":
    SeedInverter().run()
