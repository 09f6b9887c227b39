"""Attack: starve the opponent of CPU with short-lived children, for the whole game.

At start-up it forks a commander that keeps 24 spinning children alive for as long as the bot
lives, each exiting after 0.2 s on the clock and replaced at once: no one process lives long
enough to be seen, and together they ask for 24 CPUs. The bot itself plays as
`hostile_common.Bot` does. The opponent in its games is `cpu_heavy.py`, an honest bot that
needs 0.25 s of CPU for each of its first moves.

- `spinner-army`: BLOCKED once the army runs (whether it starves the opponent is seen from
  outside only: the opponent's forfeits).

Contained: the honest opponent never forfeits (a CPU share per bot: the army weighs as one
process beside it, and gets at most one CPU).
"""
import sys

sys.dont_write_bytecode = True
import os
import time

from hostile_common import Bot, report

ARMY, LIFETIME = 24, 0.2


def command(parent):
    """Keeps ARMY spinners alive until the bot is gone; never returns."""
    live = set()
    while os.getppid() == parent:
        while len(live) < ARMY:
            pid = os.fork()
            if pid == 0:
                end = time.monotonic() + LIFETIME
                while time.monotonic() < end:
                    pass
                os._exit(0)
            live.add(pid)
        pid, _ = os.wait()
        live.discard(pid)
    os._exit(0)


class Spinner(Bot):
    name = "spinner"

    def on_hello(self):
        parent = os.getpid()
        if os.fork() == 0:
            command(parent)
        report("spinner-army", False, "%d short-lived spinners running; contained if the opponent plays on" % ARMY)


if __name__ == "__main__":
    Spinner().run()
