"""Closes its stderr on its first turn, then thinks for 2 s before it answers: its stderr pipe
is at its end (readable for good) the whole time the runner waits for its shot."""
import os
import time

from common import say, serve


def on_turn(turn):
    if turn == 0:
        os.close(2)
        time.sleep(2)
    say("shot %d %d" % (turn % 10, turn // 10))


serve(on_turn, name="no-stderr")
