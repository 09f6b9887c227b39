"""Computes without end on its first turn: a busy loop that uses all the CPU it gets. It must
time out once it has used its move deadline of CPU time."""
from common import say, serve


def on_turn(turn):
    while True:
        pass


serve(on_turn, name="burner")
