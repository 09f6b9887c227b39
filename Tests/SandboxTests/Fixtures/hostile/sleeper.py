"""Attack (on the rules): stall the game by sleeping 30 s on its third turn.

On the third `your-turn` it writes `SLEEP 30` to stderr and sleeps 30 s, past any move
deadline, then answers a legal shot as if nothing happened.
- `deadline-sleep`: written only if it is still alive after sleeping: SUCCEEDED when the
  runner then accepted the late shot (the next line is a `result`), BLOCKED when it did
  not (end of input, a closed pipe, or game-over).

Contained: the game ends as a `timeout` forfeit of this bot, recorded, at the deadline
(not 30 s later); the process is killed, so usually no ATTACK line appears at all; the
other games of the run go on.
"""
import sys

sys.dont_write_bytecode = True
import time

from hostile_common import Bot, info, report


class Sleeper(Bot):
    name = "sleeper"

    def on_turn(self):
        self.slept = self.turn == 2
        if self.slept:
            info("SLEEP 30")
            time.sleep(30)
        return None

    def run(self):
        try:
            super().run()
        except BrokenPipeError:
            if getattr(self, "slept", False):
                report("deadline-sleep", False, "BrokenPipeError: the runner stopped listening")

    def on_result(self, cell, outcome):
        if getattr(self, "slept", False):
            self.slept = False
            report("deadline-sleep", True, "the shot sent 30 s late was accepted: %s" % (cell,))

    def on_game_over(self, outcome):
        if getattr(self, "slept", False):
            self.slept = False
            report("deadline-sleep", False, "game-over %s right after the late shot" % outcome)

    def on_quit(self):
        self.on_game_over("(quit)")


if __name__ == "__main__":
    Sleeper().run()
