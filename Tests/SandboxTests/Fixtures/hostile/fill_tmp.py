"""Attack: fill /tmp, at start-up. Do not run unsandboxed: it leaves 1 GiB in the host's /tmp.

The bot writes 64 MiB files of 1 MiB chunks into /tmp/hostile-fill-PID/ until a write fails
(ENOSPC from a sized tmpfs, EFBIG from RLIMIT_FSIZE, whose SIGXFSZ it ignores) or 1 GiB is
written, leaves them there, and plays normally.
- `fill-tmp`: SUCCEEDED when 1 GiB went in; BLOCKED with the bytes written and the error.

Contained: BLOCKED (the sandbox's /tmp is private and small); nothing lands in the host's /tmp.
"""
import sys

sys.dont_write_bytecode = True
import os
import signal

from hostile_common import Bot, deadline, describe, report

CHUNK, FILE, LIMIT = 1 << 20, 64 << 20, 1 << 30


class FillTmp(Bot):
    name = "tmp filler"

    def on_hello(self):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        written, error, late = 0, "stopped after 3.5 s", deadline(3.5)
        chunk = b"\xa5" * CHUNK
        try:
            folder = "/tmp/hostile-fill-%d" % os.getpid()
            os.makedirs(folder, exist_ok=True)
            while written < LIMIT and not late():
                with open(os.path.join(folder, "fill-%04d" % (written // FILE)), "ab", buffering=0) as f:
                    for _ in range(FILE // CHUNK):
                        written += f.write(chunk)
                        if written >= LIMIT or late():
                            break
        except OSError as failure:
            error = describe(failure)
        mib = written >> 20
        if written >= LIMIT:
            report("fill-tmp", True, "wrote %d MiB to /tmp" % mib)
        else:
            report("fill-tmp", False, "wrote only %d MiB to /tmp: %s" % (mib, error))


if __name__ == "__main__":
    FillTmp().run()
