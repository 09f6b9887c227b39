"""Attack: leave a daemon behind that outlives the game (and the sandbox).

At start-up the bot double-forks a `setsid` daemon (out of the bot's process group, stdio
on /dev/null, SIGHUP and SIGTERM ignored) that sleeps 600 s under the process name
`hdaemon-XXXXXX` (/proc/PID/comm), and writes `DAEMON <pid> comm=hdaemon-XXXXXX` to stderr
(the pid as the bot sees it: inside a PID namespace it is not the host's pid; the name is
the same everywhere). It also writes the pid to /tmp/hostile-daemon.pids. Then it plays.
- `daemon-survives`: a daemon left by an EARLIER game (another token) is still alive.

Contained: `daemon-survives BLOCKED` in every game, and after the run no process named
hdaemon-* exists on the host (a test kills leftovers of unsandboxed runs by that name).
"""
import sys

sys.dont_write_bytecode = True
import os
import signal
import time

from hostile_common import Bot, info, pids, report


def comm(pid):
    try:
        with open("/proc/%d/comm" % pid) as f:
            return f.read().strip()
    except OSError:
        return ""


def spawn(name):
    """Double fork; returns the daemon's pid (as seen here)."""
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:
        os.setsid()
        grandchild = os.fork()
        if grandchild == 0:
            os.close(reader)
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_IGN)
            with open("/proc/self/comm", "w") as f:
                f.write(name)
            null = os.open("/dev/null", os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(null, fd)
            os.close(writer)  # the parent reads until this end closes: the name is set by then
            time.sleep(600)
            os._exit(0)
        os.write(writer, str(grandchild).encode() + b" ")
        os._exit(0)
    os.close(writer)
    os.waitpid(child, 0)
    with os.fdopen(reader, "rb") as f:
        return int(f.read().split()[0])


class Daemon(Bot):
    name = "daemon"

    def on_hello(self):
        name = "hdaemon-" + os.urandom(3).hex()
        earlier = [pid for pid in pids() if comm(pid).startswith("hdaemon-") and comm(pid) != name]
        try:
            with open("/tmp/hostile-daemon.pids") as f:
                listed = [int(word) for word in f.read().split()]
            earlier += [p for p in listed if p not in earlier and comm(p).startswith("hdaemon-")]
        except (OSError, ValueError):
            pass
        pid = spawn(name)
        info("DAEMON %d comm=%s" % (pid, name))
        try:
            with open("/tmp/hostile-daemon.pids", "a") as f:
                f.write("%d\n" % pid)
        except OSError:
            pass
        report("daemon-survives", bool(earlier), "daemons of earlier games alive: %s" % earlier
               if earlier else "no daemon of an earlier game is alive")


if __name__ == "__main__":
    Daemon().run()
