"""Attack: read what the runner writes and keeps beside the run, all at start-up.

- `read-results`: results.json, index.html, replays/*.json (fleets of finished games);
- `read-logs`: logs/*.log, the other bots' stderr (their debugging output);
- `read-tournament`: the tournament file (*.yaml in the cwd, tournaments/, or the FILE of
  `salvo run FILE` in the runner's command line);
- `other-bot-source`: the programs of the other bots named in it (to copy the strongest).

Contained: every one is BLOCKED (nothing of the run, the project or other bots is visible).
"""
import sys

sys.dont_write_bytecode = True
import glob
import json
import os
import re

from hostile_common import Bot, cmdline, describe, output_folders, proc_cwd, report, runner_processes


def tournament_files():
    """(path, folder its relative bot commands start from) of every tournament file in sight."""
    found = []
    for pid in runner_processes():
        argv, cwd = cmdline(pid), proc_cwd(pid) or "/"
        for arg in argv:
            if arg.endswith((".yaml", ".yml")):
                found.append((os.path.join(cwd, arg), cwd))
        found += [(p, cwd) for p in glob.glob(os.path.join(glob.escape(cwd), "tournaments", "*.yaml"))]
    for root in (os.getcwd(), os.environ.get("PWD"), ".."):
        if root and os.path.isdir(root):
            for pattern in ("*.yaml", "tournaments/*.yaml"):
                found += [(p, root) for p in glob.glob(os.path.join(glob.escape(root), pattern))]
    return [(p, root) for p, root in found if os.path.isfile(p)]


def attempt(attack, work):
    try:
        ok, detail = work()
        report(attack, ok, detail)
    except Exception as error:
        report(attack, False, describe(error))


class ReportReader(Bot):
    name = "report reader"

    def on_hello(self):
        folders = output_folders()

        def results():
            read = []
            for folder in folders:
                for pattern in ("results.json", "index.html", "replays/*.json"):
                    for path in sorted(glob.glob(os.path.join(glob.escape(folder), pattern)))[:20]:
                        with open(path, "rb") as f:
                            read.append("%s (%d bytes)" % (path, len(f.read())))
            return bool(read), ", ".join(read[:4]) or "FileNotFoundError: no results.json/index.html/replays"

        def logs():
            read = []
            for folder in folders:
                for path in sorted(glob.glob(os.path.join(glob.escape(folder), "logs", "*.log")))[:20]:
                    with open(path, "rb") as f:
                        read.append("%s (%d bytes)" % (os.path.basename(path), len(f.read())))
            return bool(read), ", ".join(read[:6]) or "FileNotFoundError: no logs/*.log"

        files = tournament_files()

        def tournament():
            if not files:
                return False, "FileNotFoundError: no tournament file"
            with open(files[0][0]) as f:
                text = f.read()
            return True, "%s: %d bytes, %d bots" % (files[0][0], len(text), text.count("\n  - "))

        def sources():
            me, read = os.path.realpath(__file__), []
            commands = []
            for path, root in files:
                with open(path) as f:
                    for match in re.finditer(r"command:\s*(.+)", f.read()):
                        commands.append((match.group(1).split(), root))
            for folder in folders:  # the journal's configuration lists every command too
                try:
                    with open(os.path.join(folder, "journal.jsonl")) as f:
                        config = json.loads(f.readline()).get("configuration", {})
                    roots = [proc_cwd(pid) for pid in runner_processes()] + [os.getcwd()]
                    commands += [(b["command"], root) for b in config.get("bots", []) if "command" in b
                                 for root in roots if root]
                except (OSError, ValueError):
                    pass
            for words, root in commands:
                for word in words[1:]:
                    path = os.path.realpath(os.path.join(root, word))
                    if path != me and os.path.isfile(path) and path not in read:
                        with open(path, "rb") as f:
                            f.read()
                        read.append(path)
            return bool(read), ", ".join(read[:4]) or "FileNotFoundError: no other bot's program"

        attempt("read-results", results)
        attempt("read-logs", logs)
        attempt("read-tournament", tournament)
        attempt("other-bot-source", sources)


if __name__ == "__main__":
    ReportReader().run()
