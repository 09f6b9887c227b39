"""Creates and joins N games on a Salvo server over one keep-alive connection and writes
their ids as a Lua table for the wrk scripts: games = { {gameId, playerOne, playerTwo}, ... }."""
import http.client
import json
import sys

port, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
conn = http.client.HTTPConnection("127.0.0.1", port)
headers = {"Content-Type": "application/json"}


def post(path, body):
    conn.request("POST", path, json.dumps(body), headers)
    reply = conn.getresponse()
    data = json.loads(reply.read())
    if reply.status != 200:
        sys.exit(f"{path}: {reply.status} {data}")
    return data


with open(out, "w") as lua:
    lua.write("games = {\n")
    for index in range(count):
        created = post("/api/games", {"gameName": f"bench {index}", "playerName": "one", "boardSeed": index})
        joined = post(f"/api/games/{created['gameId']}/join", {"playerName": "two", "boardSeed": index + 1_000_000})
        lua.write(f'{{"{created["gameId"]}","{created["playerId"]}","{joined["playerId"]}"}},\n')
    lua.write("}\n")
