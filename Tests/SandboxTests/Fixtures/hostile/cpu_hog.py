"""Attack: starve the opponent of CPU (so it misses its 1 s move deadlines), at start-up.

It forks 2 spinning processes per CPU (at most 16) for 2 s and measures the CPU time they
got (their rusage) against the wall time.
- `cpu-hog`: SUCCEEDED when they got more than 1.5 CPUs' worth; BLOCKED with what they got
  (a CPU quota: cgroup cpu.max or cpu.cfs_quota_us, or a single allowed CPU).

Contained: BLOCKED (at most about one CPU for the whole game's processes). On a busy
machine unsandboxed runs can fall under 1.5 too: the unsandboxed check is best effort.
"""
import sys

sys.dont_write_bytecode = True
import os
import time

from hostile_common import Bot, describe, report

SECONDS = 2.0


class CpuHog(Bot):
    name = "cpu hog"

    def on_hello(self):
        count = min(16, 2 * (os.cpu_count() or 1))
        start, children, used, note = time.monotonic(), [], 0.0, ""
        try:
            for _ in range(count):
                pid = os.fork()
                if pid == 0:
                    end = start + SECONDS
                    while time.monotonic() < end:
                        pass
                    os._exit(0)
                children.append(pid)
        except OSError as error:
            note = " (fork stopped: %s)" % describe(error)
        for pid in children:
            _, _, usage = os.wait4(pid, 0)
            used += usage.ru_utime + usage.ru_stime
        cpus = used / max(time.monotonic() - start, 1e-3)
        report("cpu-hog", cpus > 1.5, "%d spinners got %.2f CPUs for %.1f s%s" % (len(children), cpus, SECONDS, note))


if __name__ == "__main__":
    CpuHog().run()
