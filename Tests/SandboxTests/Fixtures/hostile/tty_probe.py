"""Attack: find the runner's terminal at /dev/tty, at start-up (the `dev-tty` attack of
devices.py alone, for Tests/SandboxTests/TerminalTests, which also runs it unsandboxed: it
leaves nothing behind on the host).

- `dev-tty`: SUCCEEDED when /dev/tty opens and is a terminal (TIOCSTI could then type
  commands into the developer's shell; nothing is typed here).
"""
import sys

sys.dont_write_bytecode = True
import os

from hostile_common import Bot, describe, report


class TTYProbe(Bot):
    name = "tty prober"

    def on_hello(self):
        try:
            fd = os.open("/dev/tty", os.O_RDONLY | os.O_NONBLOCK)
            try:
                terminal = os.isatty(fd)
            finally:
                os.close(fd)
            report("dev-tty", terminal, "opened /dev/tty" + ("" if terminal else ", but it is not a terminal"))
        except OSError as error:
            report("dev-tty", False, describe(error))


if __name__ == "__main__":
    TTYProbe().run()
