"""Attack: read the runner's environment variables (tokens, paths, CI secrets), at start-up.

The bot writes every variable's NAME (never its value) to stderr as `ENV <name>`.
- `environment`: SUCCEEDED when any variable is outside a small allow-list, naming them.
  Allowed: PATH, HOME, LANG, LC_ALL, PWD, SHLVL, _, SALVO_*, and LC_CTYPE (Python itself
  sets LC_CTYPE=C.UTF-8 when it starts in the C locale, PEP 538).

- `init-environ`: the environment of PID 1 (in a sandbox, bubblewrap's init, which inherits
  the launching shell's): SUCCEEDED when it names a folder of the runner (PWD, OLDPWD, HOME),
  naming which; BLOCKED when unreadable or without them.

Contained: both BLOCKED (a cleared environment; the launching shell forgets its folder).
"""
import sys

sys.dont_write_bytecode = True
import os

from hostile_common import Bot, info, report

ALLOWED = {"PATH", "HOME", "LANG", "LC_ALL", "LC_CTYPE", "PWD", "SHLVL", "_", "TMPDIR"}  # TMPDIR: bots/PROTOCOL.md


class Environment(Bot):
    name = "environment reader"

    def on_hello(self):
        names = sorted(os.environ)
        for name in names:
            info("ENV %s" % name)
        extra = [n for n in names if n not in ALLOWED and not n.startswith("SALVO_")]
        report("environment", bool(extra), "%d variables beyond the allow-list: %s" % (len(extra), " ".join(extra))
               if extra else "only %s" % (" ".join(names) or "an empty environment"))
        try:
            with open("/proc/1/environ", "rb") as f:
                entries = [e.decode(errors="replace") for e in f.read().split(b"\0") if e]
            folders = [e.split("=", 1)[0] for e in entries if e.split("=", 1)[0] in ("PWD", "OLDPWD", "HOME")]
            report("init-environ", bool(folders), "PID 1 holds %s" % " ".join(folders) if folders else "PID 1 holds only %s" % " ".join(e.split("=", 1)[0] for e in entries))
        except OSError as error:
            report("init-environ", False, "%s: %s" % (type(error).__name__, error))


if __name__ == "__main__":
    Environment().run()
