"""Attack: crash with a core dump into the runner's folder (megabytes per game: a disk
filler, and a copy of its memory where others may read it). Do not run unsandboxed.

At start-up it raises its core-size limit to the hard limit and checks where a core would
go (/proc/sys/kernel/core_pattern; a relative pattern lands in the cwd) and whether it can
write there (a probe file, removed). On its second turn it aborts (SIGABRT).
- `core-dump`: SUCCEEDED when a core can be written: a non-zero limit, a pattern that is
  not a pipe, a writable folder; BLOCKED with the reason otherwise.

Contained: BLOCKED (hard limit 0, or a read-only cwd); the game ends as a `crash` forfeit;
no core file appears on the host.
"""
import sys

sys.dont_write_bytecode = True
import os
import resource

from hostile_common import Bot, describe, report


class CoreDump(Bot):
    name = "core dumper"

    def on_hello(self):
        try:
            soft, hard = resource.getrlimit(resource.RLIMIT_CORE)
            resource.setrlimit(resource.RLIMIT_CORE, (hard, hard))
            try:
                with open("/proc/sys/kernel/core_pattern") as f:
                    pattern = f.read().strip()
            except OSError:
                pattern = "core"
            if hard == 0:
                raise PermissionError("the hard core limit is 0")
            if pattern.startswith("|"):
                raise PermissionError("cores go to a program: %s" % pattern)
            folder = os.path.dirname(pattern) if pattern.startswith("/") else os.getcwd()
            probe = os.path.join(folder, ".hostile-core-probe-%d" % os.getpid())
            with open(probe, "w"):
                pass
            os.unlink(probe)
            report("core-dump", True, "limit %s, pattern %r, %s writable" % (hard, pattern, folder))
        except (OSError, ValueError) as error:
            report("core-dump", False, describe(error))

    def on_turn(self):
        if self.turn == 1:
            sys.stderr.flush()
            os.abort()
        return None


if __name__ == "__main__":
    CoreDump().run()
