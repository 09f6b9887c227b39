"""Attack: look at the other processes through /proc, at start-up.

- `proc-list`: processes that are not itself, its children or the sandbox's init (pid 1
  when it is the parent): the runner (`salvo run tournaments/x.yaml --output ...`), other
  bots (whose command lines name their programs), the rest of the machine;
- `proc-environ`: read their /proc/PID/environ (secrets, paths);
- `proc-fd`: list their /proc/PID/fd (the runner's journal, database, pipes of other bots).

Contained: all three BLOCKED (its PID namespace shows nothing foreign).
"""
import sys

sys.dont_write_bytecode = True
import os

from hostile_common import Bot, cmdline, describe, foreign_pids, info, report


class Snoop(Bot):
    name = "proc snoop"

    def on_hello(self):
        foreign = foreign_pids()
        named = ["%d:%s" % (pid, os.path.basename((cmdline(pid) or ["[kernel]"])[0])) for pid in foreign]
        interesting = [n for n in named if any(w in n.lower() for w in ("salvo", "python", "bot"))]
        for pid in foreign[:40]:
            info("PROC %d %s" % (pid, os.path.basename((cmdline(pid) or ["[kernel]"])[0])))
        report("proc-list", bool(foreign), "%d foreign processes, e.g. %s" % (len(foreign), (interesting + named)[:6])
               if foreign else "only itself and its sandbox are visible (%d pids)" % len(os.listdir("/proc")))

        environs, fds, error_env, error_fd = [], [], "no foreign process", "no foreign process"
        for pid in foreign:
            try:
                with open("/proc/%d/environ" % pid, "rb") as f:
                    variables = [v for v in f.read().split(b"\0") if v]
                if variables:
                    environs.append("%d:%d vars" % (pid, len(variables)))
            except OSError as failure:
                error_env = "pid %d: %s" % (pid, describe(failure))
            try:
                links = [os.readlink("/proc/%d/fd/%s" % (pid, fd)) for fd in os.listdir("/proc/%d/fd" % pid)]
                files = [link for link in links if link.startswith("/")]
                fds.append("%d:%s" % (pid, files[:2]))
            except OSError as failure:
                error_fd = "pid %d: %s" % (pid, describe(failure))
        report("proc-environ", bool(environs), "read %s" % environs[:6] if environs else error_env)
        report("proc-fd", bool(fds), "listed %d processes' fds, e.g. %s" % (len(fds), fds[:3]) if fds else error_fd)


if __name__ == "__main__":
    Snoop().run()
