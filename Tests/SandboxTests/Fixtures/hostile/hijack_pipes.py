"""Attack: use other processes' pipes and files through /proc/PID/fd.

- `parent-fds` (start-up): list the runner's open descriptors (/proc/PPID/fd): its journal,
  database, logs, and the pipes to every bot it runs;
- `opponent-stdin` (first turn): find its opponent among its sibling processes (the runner
  starts the first seat's bot, then the second's: the sibling started right after itself
  when it moves first, right before otherwise; another copy of itself is skipped), open its stdin
  through /proc/PID/fd/0 and write `quit`. The opponent exits, the runner sees it crash:
  unsandboxed this bot wins every game against an external bot by forfeit.

Contained: both BLOCKED (no runner and no other bot is visible from its PID namespace);
the opponent plays its game to the end.
"""
import sys

sys.dont_write_bytecode = True
import os

from hostile_common import Bot, cmdline, describe, foreign_pids, parent_of, report


def start_time(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return int(f.read().rsplit(")", 1)[1].split()[19])
    except (OSError, ValueError, IndexError):
        return None


class PipeHijacker(Bot):
    name = "pipe hijacker"

    def on_hello(self):
        parent = os.getppid()
        try:
            if parent <= 1:
                raise ProcessLookupError("the parent is the sandbox's init (pid %d)" % parent)
            links = [os.readlink("/proc/%d/fd/%s" % (parent, fd)) for fd in os.listdir("/proc/%d/fd" % parent)]
            files = [link for link in links if link.startswith("/")]
            report("parent-fds", True, "the runner (pid %d) has %d descriptors: %d pipes, files %s"
                   % (parent, len(links), sum(1 for l in links if l.startswith("pipe:")), files[:4]))
        except Exception as error:
            report("parent-fds", False, describe(error))

    def on_turn(self):
        if self.turn == 0:
            self.hijack()
        return None

    def hijack(self):
        me, parent = start_time(os.getpid()), os.getppid()
        mine = cmdline(os.getpid())  # not another copy of itself (its own game's sibling seat)
        siblings = [pid for pid in foreign_pids() if parent > 1 and parent_of(pid) == parent
                    and start_time(pid) is not None and cmdline(pid) and cmdline(pid) != mine]
        if not siblings:
            report("opponent-stdin", False, "no sibling bot visible (parent pid %d)" % parent)
            return
        # The runner starts the first seat, then the second: the opponent started just after
        # us when we move first, just before us otherwise.
        after = [pid for pid in siblings if start_time(pid) >= me]
        before = [pid for pid in siblings if start_time(pid) <= me]
        if self.first and after:
            opponent = min(after, key=start_time)
        elif not self.first and before:
            opponent = max(before, key=start_time)
        else:
            opponent = min(siblings, key=lambda pid: abs(start_time(pid) - me))
        victim = " ".join(cmdline(opponent))[:80]
        try:
            fd = os.open("/proc/%d/fd/0" % opponent, os.O_WRONLY | os.O_NONBLOCK)
            try:
                os.write(fd, b"quit\n")
            finally:
                os.close(fd)
            report("opponent-stdin", True, "wrote quit into the stdin of pid %d (%s)" % (opponent, victim))
        except OSError as error:
            report("opponent-stdin", False, "pid %d: %s" % (opponent, describe(error)))


if __name__ == "__main__":
    PipeHijacker().run()
