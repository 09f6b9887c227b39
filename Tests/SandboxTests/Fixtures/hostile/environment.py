"""Attack: read the runner's environment variables (tokens, paths, CI secrets), at start-up.

The bot writes every variable's NAME (never its value) to stderr as `ENV <name>`.
- `environment`: SUCCEEDED when any variable is outside a small allow-list, naming them.
  Allowed: PATH, HOME, LANG, LC_ALL, PWD, SHLVL, _, SALVO_*, and LC_CTYPE (Python itself
  sets LC_CTYPE=C.UTF-8 when it starts in the C locale, PEP 538).

Contained: BLOCKED (a cleared environment).
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


if __name__ == "__main__":
    Environment().run()
