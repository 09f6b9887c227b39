"""Attack: fill the writable filesystems besides /tmp, at start-up: /dev/shm, and files in /
and /dev, which bubblewrap makes as memory filesystems without a size cap. Nothing then stops
a bot but the memory cgroup, and where there is none, the machine's memory.

- `fill-dev-shm`: 1 MiB chunks into /dev/shm/hostile-fill-PID until a write fails or 256 MiB
  went in (left in place); SUCCEEDED at 256 MiB.
- `write-root`: create /hostile-PID; SUCCEEDED when created.
- `write-dev`: create /dev/hostile-PID; SUCCEEDED when created.

Contained: all BLOCKED (a size-capped /dev/shm; / and /dev read-only).
"""
import sys

sys.dont_write_bytecode = True
import os
import signal

from hostile_common import Bot, deadline, describe, report

CHUNK, LIMIT = 1 << 20, 256 << 20


class FillShm(Bot):
    name = "shm filler"

    def on_hello(self):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        written, error, late = 0, "stopped after 3.5 s", deadline(3.5)
        chunk = b"\x5a" * CHUNK
        try:
            with open("/dev/shm/hostile-fill-%d" % os.getpid(), "ab", buffering=0) as f:
                while written < LIMIT and not late():
                    written += f.write(chunk)
        except OSError as failure:
            error = describe(failure)
        if written >= LIMIT:
            report("fill-dev-shm", True, "wrote %d MiB to /dev/shm" % (written >> 20))
        else:
            report("fill-dev-shm", False, "wrote only %d MiB to /dev/shm: %s" % (written >> 20, error))
        for attack, path in (("write-root", "/hostile-%d" % os.getpid()), ("write-dev", "/dev/hostile-%d" % os.getpid())):
            try:
                with open(path, "wb") as f:
                    f.write(b"x" * 4096)
                report(attack, True, "created %s" % path)
            except OSError as failure:
                report(attack, False, describe(failure))


if __name__ == "__main__":
    FillShm().run()
