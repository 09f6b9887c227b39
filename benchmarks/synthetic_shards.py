#!/usr/bin/env python3
"""Writes the shard journals of a large round robin, fast, for `salvo merge` benchmarks.

Each game is a real game record from a template journal (a `salvo run` of built-in bots),
given the index, bots and ids of its place in the schedule, in the journal layout of
docs/journal.md. The schedule and the split follow Schedule.swift and Shard.swift: game
index = round * pairings + pairing, duo = round // 2, the creator is the pair's first bot in
even rounds, and mirrored pair k = duo * pairings + pairing belongs to shard k mod N.

usage: synthetic_shards.py TEMPLATE_JOURNAL OUTPUT --bots B --games G --shards N
"""
import argparse
import json
import os
import uuid

parser = argparse.ArgumentParser()
parser.add_argument("template")
parser.add_argument("output")
parser.add_argument("--bots", type=int, default=20)
parser.add_argument("--games", type=int, default=526, help="games per pairing")
parser.add_argument("--shards", type=int, default=4)
args = parser.parse_args()

templates = []
with open(args.template) as journal:
    for line in journal:
        entry = json.loads(line)
        if entry["type"] == "finished" and entry["game"]["termination"] == "win":
            templates.append(entry["game"])
assert templates, "the template journal has no won game"

names = ["bot%03d" % index for index in range(args.bots)]
strategies = ["random", "hunt-target", "parity", "density", "champion"]
pairs = [(first, second) for first in range(args.bots) for second in range(first + 1, args.bots)]
configuration = {
    "name": "synthetic", "format": "round-robin",
    "bots": [{"name": name, "builtin": strategies[index % len(strategies)]} for index, name in enumerate(names)],
    "gamesPerPairing": args.games, "concurrency": 8, "pollIntervalMs": 500, "server": "embedded", "seed": "1",
    "output": args.output, "stallTimeoutMs": 60000, "wakeLocalOpponent": True, "seedDerivation": "hmac-sha256",
}
files = []
for shard in range(args.shards):
    folder = os.path.join(args.output, "shards", str(shard))
    os.makedirs(folder, exist_ok=True)
    files.append(open(os.path.join(folder, "journal.jsonl"), "w"))
    start = dict(configuration, shard="%d/%d" % (shard, args.shards))
    files[-1].write(json.dumps({"type": "started", "schemaVersion": 2, "name": "synthetic", "configurationDigest": "0" * 16,
                                "totalGames": 0, "configuration": start}, separators=(",", ":")) + "\n")
count = 0
for round in range(args.games):
    for pairing, (first, second) in enumerate(pairs):
        index = round * len(pairs) + pairing
        creator, joiner = (second, first) if round % 2 else (first, second)
        game = dict(templates[index % len(templates)])
        game["index"] = index
        game["gameId"] = str(uuid.UUID(int=index + 1))
        game["gameName"] = "salvo synthetic %d" % index
        game["players"] = [dict(game["players"][0], bot=names[creator], serverName=names[creator]),
                           dict(game["players"][1], bot=names[joiner], serverName=names[joiner])]
        shard = ((round // 2) * len(pairs) + pairing) % args.shards
        files[shard].write(json.dumps({"type": "finished", "game": game}, separators=(",", ":")) + "\n")
        count += 1
for file in files:
    file.close()
print("%d games of %d bots in %d shards under %s" % (count, args.bots, args.shards, args.output))
