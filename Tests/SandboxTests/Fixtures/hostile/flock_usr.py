"""Attack: a channel through file locks on the shared read-only /usr, at start-up. A lock needs
no write access: a shared lock taken in one sandbox on /usr/bin/python3 is seen (as a
conflict) from every other, one bit per file and byte range, with no file of its own.

- `flock-usr`: flock(LOCK_SH) on a file of /usr; SUCCEEDED when it was taken.
- `fcntl-lock-usr`: a POSIX record lock (lockf, F_SETLK) on it; SUCCEEDED when taken.
- `lock-probe`: F_GETLK (a lock test: how the other side reads the bit); SUCCEEDED when answered.

Contained: all BLOCKED (the system-call filter denies flock and fcntl's lock commands).
"""
import sys

sys.dont_write_bytecode = True
import fcntl
import os
import struct

from hostile_common import Bot, describe, report

TARGET = "/usr/bin/python3"


class FlockUsr(Bot):
    name = "flock usr"

    def on_hello(self):
        with open(os.path.realpath(TARGET), "rb") as shared:
            try:
                fcntl.flock(shared, fcntl.LOCK_SH | fcntl.LOCK_NB)
                report("flock-usr", True, "shared lock on %s" % TARGET)
            except OSError as error:
                report("flock-usr", False, describe(error))
            try:
                fcntl.lockf(shared, fcntl.LOCK_SH | fcntl.LOCK_NB, 1, 7)
                report("fcntl-lock-usr", True, "record lock on byte 7 of %s" % TARGET)
            except OSError as error:
                report("fcntl-lock-usr", False, describe(error))
            try:
                probe = struct.pack("hhqqi", fcntl.F_WRLCK, 0, 7, 1, 0)
                fcntl.fcntl(shared, fcntl.F_GETLK, probe)
                report("lock-probe", True, "F_GETLK answered on %s" % TARGET)
            except OSError as error:
                report("lock-probe", False, describe(error))


if __name__ == "__main__":
    FlockUsr().run()
