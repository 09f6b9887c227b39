#!/usr/bin/env python3
"""Writes a large synthetic journal in Salvo's real journal format (docs/journal.md, layout 3)
for the report benchmark (benchmarks/report-100k.sh): a round robin of BOTS bots, the first
GAMES games of its schedule, each game a copy of a real game of TEMPLATE (a journal written by
`salvo run`) with the bots' names, indices, ids and seeds of the big tournament. Games follow
Schedule.games: rounds of every pairing, the two games of a duo with the seats swapped. One
game in ONE_IN ends in a forfeit (a timeout, with a reason and a stderr tail), as external bots do.
TEMPLATE may be of layout 2 (shots as a list of objects) or 3 (shots as text, times as offsets);
the games are written in layout 3 (a layout-2 template's boards stay 100 letters, not the
shorter ship mask `salvo run` writes).

Usage: report-journal.py TEMPLATE_JOURNAL OUTPUT_FOLDER [BOTS=200] [GAMES=100000] [GAMES_PER_PAIRING=6]
"""
import json
import os
import random
import sys
import uuid

template_path, output = sys.argv[1], sys.argv[2]
bots = int(sys.argv[3]) if len(sys.argv) > 3 else 200
games = int(sys.argv[4]) if len(sys.argv) > 4 else 100_000
per_pairing = int(sys.argv[5]) if len(sys.argv) > 5 else 6
ONE_IN = 97
strategies = ["random", "hunt-target", "parity", "density", "champion"]
rng = random.Random(100_000)

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def times_text(offsets):
    """Layout 3's times: one character an offset under 62 ms, else (decimal)."""
    return "".join(DIGITS[o] if 0 <= o < 62 else f"({o})" for o in offsets)


def times_tokens(text):
    """The characters or (numbers) of a layout-3 times text, one per shot."""
    tokens, i = [], 0
    while i < len(text):
        if text[i] == "(":
            end = text.index(")", i)
            tokens.append(text[i:end + 1])
            i = end + 1
        else:
            tokens.append(text[i])
            i += 1
    return tokens


def shot_cells(text):
    """(seat, cell) of every shot of a layout-3 shots text."""
    out, i = [], 0
    while i < len(text):
        code = text[i + 2]
        out.append((0 if code.islower() else 1, int(text[i + 1]) * 10 + int(text[i])))
        i += 4 if code in "sS" else 3
    return out


def board_mask(letters, shot_at):
    """Layout 3's 25 hex digits of where the ships were, when the board is what the shots imply."""
    ships = [c in "SH" for c in letters]
    implied = "".join(("H" if i in shot_at else "S") if ships[i] else ("M" if i in shot_at else ".") for i in range(100))
    if implied != letters:
        return None
    bits = "".join("1" if s else "0" for s in ships)
    return "".join("%x" % int(bits[i:i + 4], 2) for i in range(0, 100, 4))


def compact(game):
    """The game's shots and boards in layout 3's short forms (docs/journal.md)."""
    game = dict(game)
    if isinstance(game["shots"], list):
        text, times, previous = [], [], 0
        for shot in game["shots"]:
            letter = ("s" + str(shot["sunk"])) if shot["sunk"] else ("h" if shot["hit"] else "m")
            if shot["seat"] == 1:
                letter = letter.upper()
            text.append(f"{shot['x']}{shot['y']}{letter}")
            times.append(shot["atMilliseconds"] - previous)
            previous = shot["atMilliseconds"]
        game["shots"], game["times"] = "".join(text), times_text(times)
    if isinstance(game.get("times"), list):
        game["times"] = times_text(game["times"])
    shots = shot_cells(game["shots"])
    players = []
    for seat, player in enumerate(game["players"]):
        player = dict(player)
        board = player.get("finalBoard")
        if isinstance(board, list):
            board = "".join({"SHIP": "S", "HIT": "H", "MISS": "M", "NONE": "."}[c] for c in board)
        if isinstance(board, str) and len(board) == 100:
            player["finalBoard"] = board_mask(board, {cell for shooter, cell in shots if shooter != seat}) or board
        if isinstance(player.get("requests"), dict):
            r = player["requests"]
            player["requests"] = [r["requests"], r["failures"], r["totalMilliseconds"], r["maxMilliseconds"]]
        players.append(player)
    game["players"] = players
    return game


def first_shots(game, count):
    """The game cut after its first `count` shots (layout 3)."""
    text, i, n = game["shots"], 0, 0
    while i < len(text) and n < count:
        i += 4 if text[i + 2] in "sS" else 3
        n += 1
    return dict(game, shots=text[:i], times="".join(times_tokens(game["times"])[:n]))


started, templates = None, []
with open(template_path) as source:
    for line in source:
        entry = json.loads(line)
        if entry["type"] == "started":
            started = entry
        elif entry["type"] == "finished" and entry["game"]["termination"] == "win":
            templates.append(compact(entry["game"]))
if started is None or len(templates) < 50:
    sys.exit(f"{template_path}: needs a started line and at least 50 finished games won by sinking the fleet")

names = [f"{strategies[i % len(strategies)]}-{i:03d}" for i in range(bots)]
pairs = [(a, b) for a in range(bots) for b in range(a + 1, bots)]
scheduled = len(pairs) * per_pairing
if games > scheduled:
    sys.exit(f"{bots} bots with {per_pairing} games per pairing schedule only {scheduled} games")

config = dict(started["configuration"])
config.update({
    "name": f"bench-report-{games}",
    "bots": [{"name": name, "builtin": strategies[i % len(strategies)]} for i, name in enumerate(names)],
    "gamesPerPairing": per_pairing,
    "concurrency": 64,
    "seed": "100000",
    "output": os.path.abspath(output),
})
head = {"type": "started", "schemaVersion": 3, "name": config["name"], "configurationDigest": "0123456789abcdef",
        "totalGames": scheduled, "configuration": config}
server = templates[0]["server"]
dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode

os.makedirs(output, exist_ok=True)
with open(os.path.join(output, "journal.jsonl"), "w") as journal:
    journal.write(dumps(head) + "\n")
    index = 0
    for round_ in range(per_pairing):
        for (a, b) in pairs:
            if index >= games:
                break
            creator, joiner = (b, a) if round_ % 2 else (a, b)
            game = dict(templates[index % len(templates)])
            game_id, one, two = str(uuid.UUID(int=rng.getrandbits(128), version=4)), str(uuid.UUID(int=rng.getrandbits(128), version=4)), str(uuid.UUID(int=rng.getrandbits(128), version=4))
            players = [dict(game["players"][0]), dict(game["players"][1])]
            for player, bot, pid in ((players[0], creator, one), (players[1], joiner, two)):
                player.update({"bot": names[bot], "serverName": names[bot], "playerId": pid})
            game.update({"index": index, "gameId": game_id, "gameName": f"salvo {config['name']} {index}", "players": players})
            if index % ONE_IN == ONE_IN - 1:
                # A timeout by the joiner after a few moves: the game stops there.
                game = first_shots(game, 2 * (index % 20) + 1)
                game.update({"termination": "forfeit", "winnerSeat": 0, "forfeitKind": "timeout",
                             "reason": "no move within the 5 s deadline",
                             "stderrTail": f"move {index % 20}: thinking\nTraceback (most recent call last):\n  File \"bot.py\", line 40\nTimeoutError"})
            journal.write(dumps({"type": "created", "index": index, "server": server, "gameId": game_id, "creatorPlayerId": one}) + "\n")
            journal.write(dumps({"type": "joined", "index": index, "joinerPlayerId": two}) + "\n")
            journal.write(dumps({"type": "finished", "game": game}) + "\n")
            index += 1
print(f"{output}/journal.jsonl: {index} games of {scheduled} scheduled, {bots} bots, from {len(templates)} real games")
