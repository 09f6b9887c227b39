"""Shared by the misbehaving fixture bots: a correct handshake and new game."""
import sys


def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def serve(on_turn, name="fixture", on_hello=None):
    """Answers the protocol correctly, except that `your-turn` calls `on_turn(turn)`."""
    turn = 0
    for raw in sys.stdin:
        words = raw.split()
        if not words:
            continue
        if words[0] == "salvo":
            if on_hello:
                on_hello()
            say("name " + name)
        elif words[0] == "new-game":
            say("ready")
        elif words[0] == "your-turn":
            on_turn(turn)
            turn += 1
        elif words[0] == "quit":
            return
