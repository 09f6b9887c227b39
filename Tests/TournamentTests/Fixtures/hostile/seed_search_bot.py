"""The seed search of a student who has read Salvo's source (issue 26).

At each new-game the bot takes the bot seed it was given and searches which tournament
`seed:` (0 to SEEDS - 1), game index and seat give it through the derivation of the release
before seed keys: HMAC-SHA256 keyed with the seed's 8 bytes alone. Found, the seed gives every
fleet of the tournament. It says on stderr what it found ("found seed S game G seat T") or
"not found", and plays by scanning the board.

`python3 seed_search_bot.py --search BOTSEED` runs the search once and prints the result, so
a test can show that the search wins against a keyless derivation.
"""
import hashlib
import hmac
import sys

SEEDS = 1000
GAMES = 16


def derive(key, label, *values):
    message = label.encode() + b"\0" + b"".join(v.to_bytes(8, "little") for v in values)
    code = hmac.new(key, message, hashlib.sha256).digest()
    return int.from_bytes(code[:8], "little")


def search(bot_seed):
    for seed in range(SEEDS):
        key = seed.to_bytes(8, "little")
        for game in range(GAMES):
            for seat in range(2):
                if derive(key, "bot", game, seat) == bot_seed:
                    return "found seed %d game %d seat %d" % (seed, game, seat)
    return "not found"


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--search":
        print(search(int(sys.argv[2])))
        return
    turn = 0
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        if words[0] == "salvo":
            say("name seed-searcher")
        elif words[0] == "new-game":
            sys.stderr.write(search(int(words[4])) + "\n")
            sys.stderr.flush()
            turn = 0
            say("ready")
        elif words[0] == "your-turn":
            say("shot %d %d" % (turn % 10, turn // 10))
            turn += 1
        elif words[0] == "quit":
            return


main()
