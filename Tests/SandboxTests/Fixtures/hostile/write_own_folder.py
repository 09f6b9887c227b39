"""Attack: change its own program folder (to rewrite itself between games, or plant files
for later runs), at start-up.

- `folder-create`: create `hostile-written-PID.txt` in os.path.dirname(__file__)
  (deleted again right after, unsandboxed);
- `folder-modify`: open its own source for writing and write its first byte back
  unchanged (the file's content never changes, its mtime does);
- `folder-delete`: rename its own source away and straight back (what deleting or
  replacing it needs).

Contained: all three BLOCKED (OSError: [Errno 30] Read-only file system).
"""
import sys

sys.dont_write_bytecode = True
import os

from hostile_common import Bot, describe, report


def attempt(attack, work):
    try:
        report(attack, True, work())
    except OSError as error:
        report(attack, False, describe(error))


class FolderWriter(Bot):
    name = "folder writer"

    def on_hello(self):
        source = os.path.abspath(__file__)
        folder = os.path.dirname(source)
        planted = os.path.join(folder, "hostile-written-%d.txt" % os.getpid())

        def create():
            with open(planted, "x") as f:
                f.write("planted by a bot\n")
            os.unlink(planted)
            return "created (and removed) %s" % planted

        def modify():
            with open(source, "r+b") as f:
                first = f.read(1)
                f.seek(0)
                f.write(first)
            return "rewrote a byte of %s" % source

        def delete():
            os.rename(source, source + ".moved")
            os.rename(source + ".moved", source)
            return "renamed %s away and back" % source

        attempt("folder-create", create)
        attempt("folder-modify", modify)
        attempt("folder-delete", delete)


if __name__ == "__main__":
    FolderWriter().run()
