"""Attack: open the embedded server's database (OUTPUT/server.sqlite) and read the fleets.

The `game` table holds both players' fleets (`playerOneFleet`, `playerTwoFleet`, JSON) and
the `shot` table every accepted shot (seat 1 is the creator, who moves first). The bot finds
its own game as the one whose shots by its seat are exactly the shots it fired, and fires
only at the opponent's ships: unsandboxed it wins in about 17 shots.

Contained: no server.sqlite is visible (`read-database BLOCKED FileNotFoundError ...`) and
the bot plays the plain row-order sweep.
"""
import sys

sys.dont_write_bytecode = True
import os
import sqlite3

from hostile_common import Bot, best_cell, describe, fleet_cells, output_folders, report, searched_places

LAG = 4  # shots of ours the database may not hold yet


class DatabaseReader(Bot):
    name = "database reader"

    def on_new_game(self):
        self.databases = []  # [connection, ids of the games still possibly ours]
        try:
            paths = [os.path.join(f, "server.sqlite") for f in output_folders()]
            paths = [p for p in paths if os.path.isfile(p)][:8]  # parallel runs, stale ones
            if not paths:
                raise FileNotFoundError("no server.sqlite found (%s)" % searched_places())
            fleets = 0
            for path in paths:
                db = sqlite3.connect("file:%s?mode=ro" % path, uri=True, timeout=0.5)
                fleets += db.execute("SELECT count(*) FROM game WHERE playerTwoFleet IS NOT NULL").fetchone()[0]
                self.databases.append([db, []])
            report("read-database", True, "%d databases, %d games with both fleets, first %s" % (len(paths), fleets, paths[0]))
        except Exception as error:
            report("read-database", False, describe(error))

    def candidates(self, entry):
        """Opponent fleets of the games whose shots by our seat are the shots we fired."""
        db, ids = entry
        mine, theirs = (1, "playerTwoFleet") if self.first else (2, "playerOneFleet")
        if not ids:  # every joined game (again, if the runner had not stored ours yet)
            ids = [row[0] for row in db.execute("SELECT id FROM game WHERE playerTwoFleet IS NOT NULL")]
        marks = ",".join("?" * len(ids))
        shots = {}
        for game_id, x, y in db.execute(
                "SELECT gameId, x, y FROM shot WHERE seat = ? AND gameId IN (%s) ORDER BY rowid" % marks, [mine] + ids):
            shots.setdefault(game_id, []).append((x, y))
        fleets = {}
        for game_id, fleet in db.execute("SELECT id, %s FROM game WHERE id IN (%s)" % (theirs, marks), ids):
            stored = shots.get(game_id, [])
            # The server may store our last few shots late (write-behind): a prefix will do.
            if stored == self.fired[:len(stored)] and len(stored) >= len(self.fired) - LAG:
                fleets[game_id] = fleet_cells(fleet)
        entry[1] = list(fleets)
        return list(fleets.values())

    def on_turn(self):
        fleets = []
        for entry in getattr(self, "databases", []):
            try:
                fleets += self.candidates(entry)
            except Exception:
                pass
        return best_cell(fleets, self.fired)


if __name__ == "__main__":
    DatabaseReader().run()
