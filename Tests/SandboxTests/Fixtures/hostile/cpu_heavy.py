"""Honest: a bot that thinks hard, for the spinner's test (spinner.py). Each of its first 8
moves takes 0.25 s of CPU (its own, `time.process_time`), a quarter of the 1 s deadline; then
it plays as `hostile_common.Bot` does. It makes no attack and writes no ATTACK line.

Beside a spinner that takes the machine with short-lived children, it must not forfeit: its
cgroup has the same CPU share as the spinner's whole army.
"""
import sys

sys.dont_write_bytecode = True
import time

from hostile_common import Bot

THINK, MOVES = 0.25, 8


class CpuHeavy(Bot):
    name = "cpu heavy"

    def on_turn(self):
        if self.turn < MOVES:
            end = time.process_time() + THINK
            while time.process_time() < end:
                pass
        return None


if __name__ == "__main__":
    CpuHeavy().run()
