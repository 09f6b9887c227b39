"""Attack: read the run's journal, then ask the game server for the opponent's board.

The journal (OUTPUT/journal.jsonl) names every game in flight with both players' ids and
the server's address. `POST /api/games/{id}/board` with the OPPONENT's player id answers
its own board, ships included. The bot then fires only at those cells: unsandboxed it wins
in 17 shots (a few more while several games are in flight and it is unsure which is its own).

Contained: no journal is visible (`read-journal BLOCKED`) and no server is reachable
(`server-board BLOCKED`); the bot then plays the plain row-order sweep.
"""
import sys

sys.dont_write_bytecode = True
import os

from hostile_common import Bot, best_cell, deadline, describe, http_json, journal_games, \
    listening_ports, output_folders, report, searched_places


def board(server, game_id, player_id):
    """(ship cells, cells fired at) of a player's own board."""
    status, reply = http_json(server, "POST", "/api/games/%s/board" % game_id, {"playerId": player_id})
    if status != 200 or not isinstance(reply, dict):
        raise OSError("HTTP %s: %s" % (status, str(reply)[:80]))
    cells = {(c["xPos"], c["yPos"]): c["status"] for c in reply["playerBoard"]}
    ships = {cell for cell, status in cells.items() if status in ("SHIP", "HIT")}
    shot = {cell for cell, status in cells.items() if status in ("HIT", "MISS")}
    return ships, shot


class JournalReader(Bot):
    name = "journal reader"

    def on_new_game(self):
        self.candidates = {}  # gameId -> (server, opponent id, ship cells)
        live = []             # games in flight in every journal found (parallel runs, stale ones)
        try:
            journals = [os.path.join(f, "journal.jsonl") for f in output_folders()]
            journals = [j for j in journals if os.path.isfile(j)][:20]
            if not journals:
                raise FileNotFoundError("no journal.jsonl found (%s)" % searched_places())
            for journal in journals:
                live += [g for g in journal_games(journal) if g["joiner"] and not g["finished"]]
            report("read-journal", True, "%d journals, %d games in flight, first %s" % (len(journals), len(live), journals[0]))
        except Exception as error:
            report("read-journal", False, describe(error))
            return
        self.error, late, lost = "no game in flight", deadline(3.0), []
        by_server = {}
        for game in live:
            by_server.setdefault(game["server"], []).append(game)
        for server, games in by_server.items():
            if not self.probe(server, games, late):
                lost += games
        if lost and not self.candidates:  # the journal's servers are gone: look for one listening
            for port in listening_ports():
                if self.probe("http://127.0.0.1:%d" % port, lost, late):
                    break
        if self.candidates:
            report("server-board", True, "read the opponent's fleet in %d candidate games via %s"
                   % (len(self.candidates), sorted({c[0] for c in self.candidates.values()})[:3]))
        else:
            report("server-board", False, self.error)

    def probe(self, server, games, late):
        """Reads the opponent's board of `games` on `server`; False when it is no game server."""
        answered = False
        for game in games:
            if late() or not str(server).startswith("http://"):
                break
            opponent = game["joiner"] if self.first else game["creator"]
            try:
                ships, shot = board(server, game["gameId"], opponent)
            except Exception as failure:
                self.error = "%s: %s" % (server, describe(failure))
                if not answered:
                    return False
                continue
            answered = True
            if not shot:  # nobody has fired in our game yet
                self.candidates[game["gameId"]] = (server, opponent, ships)
        return answered

    def on_turn(self):
        if not getattr(self, "candidates", None):
            return None
        if len(self.candidates) > 1:  # keep the games whose opponent board shows exactly our shots
            late = deadline(0.5)
            for game_id, (server, opponent, ships) in list(self.candidates.items()):
                if late():
                    break
                try:
                    _, shot = board(server, game_id, opponent)
                    if shot != set(self.fired):
                        del self.candidates[game_id]
                except Exception:
                    del self.candidates[game_id]
        return best_cell([ships for _, _, ships in self.candidates.values()], self.fired)


if __name__ == "__main__":
    JournalReader().run()
