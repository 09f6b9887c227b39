"""Plays legal shots, but on its first turn it is kept off the CPU for 1.5 s, as a busy
machine would keep it: a helper process stops it (SIGSTOP) and lets it go on (SIGCONT). It
uses almost no CPU, so it must not time out with a 1 s move deadline."""
import os
import signal
import time

from common import say, serve


def on_turn(turn):
    if turn == 0:
        parent = os.getpid()
        if os.fork() == 0:
            os.kill(parent, signal.SIGSTOP)
            time.sleep(1.5)
            os.kill(parent, signal.SIGCONT)
            os._exit(0)
        time.sleep(0.2)  # stopped meanwhile
        os.wait()
    say("shot %d %d" % (turn % 10, turn // 10))


serve(on_turn, name="starved")
