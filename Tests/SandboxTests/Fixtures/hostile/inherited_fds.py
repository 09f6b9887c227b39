"""Attack: use file descriptors the runner left open in the bot, at start-up.

A runner that forgets close-on-exec hands the bot its journal, its database, the pipes of
other bots, its listening socket... The bot lists /proc/self/fd and, for every descriptor
other than 0, 1 and 2, says where it points, reads up to 64 bytes if it is readable right
now, and makes a zero-byte write (no damage, but it tells whether writing would work).
- `inherited-fds`: SUCCEEDED when any extra descriptor exists, listing them.

Contained: BLOCKED (only stdin, stdout and stderr).
"""
import sys

sys.dont_write_bytecode = True
import os
import select

from hostile_common import Bot, describe, report


class InheritedFds(Bot):
    name = "fd inheritor"

    def on_hello(self):
        found = []
        try:
            listed = [int(fd) for fd in os.listdir("/proc/self/fd")]
        except OSError as error:
            report("inherited-fds", False, describe(error))
            return
        for fd in sorted(listed):
            if fd in (0, 1, 2):
                continue
            try:
                target = os.readlink("/proc/self/fd/%d" % fd)
                os.fstat(fd)  # the descriptor listdir itself used is closed by now
            except OSError:
                continue
            what = "%d->%s" % (fd, target)
            try:
                if select.select([fd], [], [], 0)[0]:
                    what += " read %d bytes" % len(os.read(fd, 64))
            except OSError as error:
                what += " read: %s" % type(error).__name__
            try:
                os.write(fd, b"")
                what += " writable"
            except OSError as error:
                what += " write: %s" % type(error).__name__
            found.append(what)
        report("inherited-fds", bool(found), "; ".join(found) if found else "only 0, 1 and 2 are open")


if __name__ == "__main__":
    InheritedFds().run()
