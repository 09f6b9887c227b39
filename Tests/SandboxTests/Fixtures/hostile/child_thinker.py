"""Attack: think in short-lived children, so the CPU they use is never seen (on turn 1). A
runner that reads the CPU time of the processes alive when it looks counts none of a child
that has exited; the kernel adds it to the parent only when reaped, and only to its
children's total.

On its first turn the bot keeps two children spinning, each until it has used 0.15 s of CPU,
then exits and is replaced, until they have used 3 s of CPU (their rusage, from wait4), then answers: 6
times its 0.5 s deadline of CPU, while at any moment the live processes hold at most 0.3 s. The
margin is wide on purpose: on a loaded machine the runner may look at the bot's CPU time late,
and the bot's two children spend two seconds of CPU a second meanwhile.
- `child-cpu`: SUCCEEDED, written just before the shot ("thought N s of CPU in children"):
  the bot got to answer at all. A runner that timed it out but let it run on until the game's
  end was recorded would also see it written on a loaded machine: the runner kills a bot at its
  timeout.

Contained: a `timeout` forfeit and no line. The runner reads the bot's cgroup, which counts
every process it ever started: the bot is out of CPU time at its deadline ("within 0.5 seconds
of CPU time"), or, on a machine so loaded that its children got less than that, out of the
clock's guard. Without the cgroup's count it answers on an idle machine (the line appears).
"""
import sys

sys.dont_write_bytecode = True
import os
import time

from hostile_common import Bot, report

TARGET, LIFETIME, WIDTH = 3.0, 0.15, 2


def spin():
    while time.process_time() < LIFETIME:
        pass
    os._exit(0)


class ChildThinker(Bot):
    name = "child thinker"

    def on_turn(self):
        if self.turn != 0:
            return None
        used, live = 0.0, set()
        while used < TARGET:
            while len(live) < WIDTH:
                pid = os.fork()
                if pid == 0:
                    spin()
                live.add(pid)
            pid, _, usage = os.wait4(-1, 0)
            live.discard(pid)
            used += usage.ru_utime + usage.ru_stime
        for pid in live:
            os.waitpid(pid, 0)
        report("child-cpu", True, "thought %.2f s of CPU in children that exited within %.2f s" % (used, LIFETIME))
        return None


if __name__ == "__main__":
    ChildThinker().run()
