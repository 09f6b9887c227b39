"""Attack: a submission whose folder holds symlinks pointing outside it, and `..` paths.

links/ (committed next to this program) holds
  project-reports -> ../../../../../reports   (the project's reports/, where runs write),
  shadow          -> /etc/shadow,
  ssh             -> /root/.ssh.
At start-up it reads through each (`symlink-<name>`: SUCCEEDED when the target can be
read or listed), and lists its folder's parent and grandparent (`parent-folder`: SUCCEEDED
when they hold anything besides the path to itself and the sandbox's own root entries, /usr,
/etc, /proc, /dev, /tmp and the /bin, /lib links: other fixtures, other students' bots).

Contained: all BLOCKED (links resolve inside the sandbox, where their targets do not exist;
only the bot's own folder is bound, at /bot, whose parent is the sandbox's root).
"""
import sys

sys.dont_write_bytecode = True
import os

from hostile_common import Bot, describe, report


def read_through(path):
    if os.path.isdir(path):
        return "listed %s" % sorted(os.listdir(path))[:5]
    with open(path, "rb") as f:
        return "read %d bytes" % len(f.read())


# What the root of a sandbox holds besides the bot's folder: nothing of anyone else.
SANDBOX_ROOT = {"usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "proc", "dev", "tmp"}


class Symlinks(Bot):
    name = "symlink follower"

    def on_hello(self):
        here = os.path.dirname(os.path.abspath(__file__))
        links = os.path.join(here, "links")
        names = sorted(os.listdir(links)) if os.path.isdir(links) else []
        for name in names:
            path = os.path.join(links, name)
            try:
                report("symlink-" + name, True, "%s -> %s: %s" % (name, os.readlink(path), read_through(path)))
            except OSError as error:
                report("symlink-" + name, False, describe(error))
        if not names:
            report("symlink-links", False, "FileNotFoundError: no links/ folder beside the program")
        seen = []
        for up in (os.path.dirname(here), os.path.dirname(os.path.dirname(here))):
            try:
                below = os.path.relpath(here, up).split(os.sep)[0]
                seen += [os.path.join(up, n) for n in os.listdir(up) if n != below and not (up == "/" and n in SANDBOX_ROOT)]
            except OSError:
                pass
        report("parent-folder", bool(seen), "found %s" % seen[:5] if seen else "its parents hold only the path to itself")


if __name__ == "__main__":
    Symlinks().run()
