"""Attack: reach devices, at start-up.

- `dev-mem`: open /dev/mem, /dev/kmem or /dev/port (physical memory, I/O ports);
- `dev-kmsg`: read a record of the kernel log (/dev/kmsg);
- `dev-tty`: open /dev/tty and find a terminal there: the runner's controlling terminal
  (TIOCSTI could type commands into the developer's shell; nothing is typed here);
- `dev-disk`: open a block device (sd*, vd*, nvme*, xvd*, loop*, dm-*) for reading;
- `dev-shm-shared`: /dev/shm is shared with other processes: it leaves a marker
  `hostile-shm-PID` there and SUCCEEDS when it sees anything it did not write itself
  (markers of earlier games, other programs' shared memory).

Contained: all BLOCKED (a minimal /dev: null, zero, full, random, urandom, a tty that is
/dev/null, a private /dev/shm).
"""
import sys

sys.dont_write_bytecode = True
import glob
import os

from hostile_common import Bot, describe, report


def open_any(paths, read=0, terminal=False):
    """(path opened, last error): the first of `paths` that opens read-only (and reads, or,
    with `terminal`, is a terminal)."""
    error = "none of %s exists" % [os.path.basename(p) for p in paths][:6]
    for path in paths:
        try:
            fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY * (not terminal))
            try:
                if read:
                    os.read(fd, read)
                if terminal and not os.isatty(fd):
                    error = "%s opened, but it is not a terminal" % path
                    continue
            finally:
                os.close(fd)
            return path, ""
        except OSError as failure:
            error = "%s: %s" % (path, describe(failure))
    return None, error


class Devices(Bot):
    name = "device prober"

    def on_hello(self):
        for attack, paths, read in (
                ("dev-mem", ["/dev/mem", "/dev/kmem", "/dev/port"], 0),
                ("dev-kmsg", ["/dev/kmsg"], 8192),
                ("dev-tty", ["/dev/tty"], 0),
                ("dev-disk", sorted(sum((glob.glob("/dev/" + p) for p in
                                         ("sd?", "vd?", "xvd?", "nvme?n?", "loop?", "dm-?")), [])), 0)):
            opened, error = open_any(paths, read, terminal=attack == "dev-tty")
            report(attack, bool(opened), ("opened %s" % opened) if opened else error)
        try:
            mine = "hostile-shm-%d" % os.getpid()
            with open(os.path.join("/dev/shm", mine), "w") as f:
                f.write("a bot was here\n")
            others = [name for name in os.listdir("/dev/shm") if name != mine]
            report("dev-shm-shared", bool(others), "found %s" % others[:6] if others else "only its own marker")
        except OSError as error:
            report("dev-shm-shared", False, describe(error))


if __name__ == "__main__":
    Devices().run()
