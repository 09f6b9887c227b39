"""Attack: fork as many processes as possible (each child sleeps 30 s), at start-up.
Do not run unsandboxed: 2000 processes on the host.

The bot forks for at most 2 s of wall time and stops at 2000 children, then plays normally
(the children go when the game's processes are killed, or after 30 s).
- `fork-bomb`: SUCCEEDED when it reached 2000 processes; else BLOCKED with the count and
  the error that stopped it (BlockingIOError: Resource temporarily unavailable, from a
  process cap: RLIMIT_NPROC, the pids cgroup).

Contained: BLOCKED with a small count, the bot still answers in time, no process survives.
"""
import sys

sys.dont_write_bytecode = True
import os
import time

from hostile_common import Bot, deadline, describe, report

TARGET = 2000


class ForkBomb(Bot):
    name = "fork bomb"

    def on_hello(self):
        count, error, late = 0, "stopped after 2 s", deadline(2.0)
        while count < TARGET and not late():
            try:
                child = os.fork()
            except OSError as failure:
                error = describe(failure)
                break
            if child == 0:
                time.sleep(30)
                os._exit(0)
            count += 1
        if count >= TARGET:
            report("fork-bomb", True, "forked %d processes" % count)
        else:
            report("fork-bomb", False, "forked only %d processes: %s" % (count, error))


if __name__ == "__main__":
    ForkBomb().run()
