"""Plays correctly, reading its input with os.read rather than line by line, and writes to
stderr, for each read, `READ ` and the first words of the lines it held, in order: a test can
tell which lines reached it in one write."""
import os
import sys

from common import say

pending = b""
fired = 0
while True:
    chunk = os.read(0, 65536)
    if not chunk:
        break
    pending += chunk
    *lines, pending = pending.split(b"\n")
    words = [line.split()[0].decode() for line in lines if line.split()]
    sys.stderr.write("READ " + " ".join(words) + "\n")
    sys.stderr.flush()
    for word in words:
        if word == "salvo":
            say("name reads")
        elif word == "new-game":
            fired = 0
            say("ready")
        elif word == "your-turn":
            say("shot %d %d" % (fired % 10, fired // 10))
            fired += 1
        elif word == "quit":
            sys.exit(0)
