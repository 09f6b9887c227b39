"""Attack: rewrite history: append forged `finished` lines to the run's journal.

The rated record of a game is its LAST win or forfeit line (docs/journal.md), and
`salvo report` rebuilds everything from the journal. At each new game the bot finds the
journal (as read_journal.py does), finds its own name in the configuration (the bot whose
command names this file), and for every finished game it lost appends a copy with
`winnerSeat` turned to its own seat and a member `"forgedBy": "forge_journal.py"` (readers
skip unknown members, so the forgery counts; a test can find it by that member).
- `forge-journal`: SUCCEEDED when the journal opened for appending (with how many games
  were flipped); BLOCKED with the error.

Unsandboxed, the runner keeps writing at its own file offset, over the start of the forged
text: the journal then ends up damaged (`salvo run` stops with "The journal ... is
damaged"), which ruins the run's record just as well.

Contained: BLOCKED in every game; the journal holds no line with "forgedBy" and reads back.
"""
import sys

sys.dont_write_bytecode = True
import json
import os

from hostile_common import Bot, describe, output_folders, report, searched_places

ME = os.path.basename(__file__)


class Forger(Bot):
    name = "forger"

    def on_new_game(self):
        try:
            journals = [os.path.join(f, "journal.jsonl") for f in output_folders()]
            journals = [j for j in journals if os.path.isfile(j)]
            if not journals:
                raise FileNotFoundError("no journal.jsonl found (%s)" % searched_places())
            path, lines = journals[0], []
            with open(path, "rb") as f:
                for raw in f:
                    try:
                        lines.append(json.loads(raw))
                    except ValueError:
                        pass
            bots = (lines[0].get("configuration") or {}).get("bots", []) if lines else []
            names = {b.get("name") for b in bots if any(ME in word for word in b.get("command", []))}
            forged, flipped = [], set()
            for line in reversed(lines):  # the last record of each game counts
                game = line.get("game") or {}
                if line.get("type") != "finished" or game.get("index") in flipped or "forgedBy" in line:
                    continue
                flipped.add(game.get("index"))
                seats = [p.get("bot") for p in game.get("players", [])]
                winner = game.get("winnerSeat")
                if winner in (0, 1) and len(seats) == 2 and seats[winner] not in names and seats[1 - winner] in names:
                    game = dict(game, winnerSeat=1 - winner)
                    forged.append(json.dumps({"type": "finished", "game": game, "forgedBy": ME}) + "\n")
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
            try:  # one write(2) with O_APPEND: never interleaved with the runner's lines
                os.write(fd, "".join(forged).encode())
            finally:
                os.close(fd)
            report("forge-journal", True, "%s is writable: appended %d forged results" % (path, len(forged)))
        except Exception as error:
            report("forge-journal", False, describe(error))


if __name__ == "__main__":
    Forger().run()
