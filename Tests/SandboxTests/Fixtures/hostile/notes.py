"""Attack: keep notes from game to game (a bot must start every game knowing nothing).

Games come in mirrored pairs (Sources/Tournament/Schedule.swift): the fleet a bot HAD in
one game is the fleet it ATTACKS in the other. So the bot notes the cells where the
opponent hit it (`opponent-shot ... hit|sunk`: its own ships) and where it hit, after every
opponent hit and at game-over, as one file per game, `.hostile-notes-TOKEN-GAME.json`, in its
own folder, /tmp, $HOME and /dev/shm (`NOTE wrote|cannot write ...` on stderr). At each
new game it reads every such file; the newest note of another process is used: it fires
first at the cells where that game's opponent hit it.
- `notes-read`: SUCCEEDED when it found notes of an earlier process (and where).

Contained: BLOCKED in every game (no place it can write is shared between games).
"""
import sys

sys.dont_write_bytecode = True
import glob
import json
import os
import time

from hostile_common import Bot, describe, info, report

TOKEN = "%d-%s" % (os.getpid(), os.urandom(4).hex())


def places():
    here = os.path.dirname(os.path.abspath(__file__))
    return [p for p in (here, "/tmp", os.environ.get("HOME"), "/dev/shm") if p]


class Notes(Bot):
    name = "note keeper"

    def on_new_game(self):
        found = []
        for place in places():
            for path in glob.glob(os.path.join(glob.escape(place), ".hostile-notes-*.json")):
                try:
                    with open(path) as f:
                        note = json.load(f)
                    if note.get("token") != TOKEN:
                        found.append((note.get("time", 0), path, note))
                except (OSError, ValueError):
                    pass
        if found:
            _, path, newest = max(found, key=lambda entry: entry[0])
            self.targets = [tuple(cell) for cell in newest.get("hitOnUs", [])]
            report("notes-read", True, "notes of %d earlier games, newest %s; aiming at %d remembered cells"
                   % (len(found), path, len(self.targets)))
        else:
            report("notes-read", False, "no notes of an earlier process in %s" % places())
        self.tried = set()

    def write(self):
        note = {"token": TOKEN, "game": self.game, "time": time.time(),
                "hitOnUs": sorted(self.hit_on_us), "ourHits": sorted(self.hits)}
        for place in places():
            path = os.path.join(place, ".hostile-notes-%s-%d.json" % (TOKEN, self.game))
            try:
                with open(path, "w") as f:
                    json.dump(note, f)
                if path not in self.tried:
                    info("NOTE wrote %s" % path)
            except OSError as error:
                if path not in self.tried:
                    info("NOTE cannot write %s: %s" % (path, describe(error)))
            self.tried.add(path)

    def on_opponent_shot(self, cell, outcome):
        if outcome in ("hit", "sunk"):
            self.write()

    def on_game_over(self, outcome):
        self.write()


if __name__ == "__main__":
    Notes().run()
