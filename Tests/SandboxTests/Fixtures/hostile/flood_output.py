"""Attack (on the runner): flood its output channels. Do not run unsandboxed into a terminal.

- First turn: 50 MB of junk on stderr (into the log the runner keeps for it), `FLOOD stderr
  <bytes>` at the end, then a legal shot: the game must go on at normal speed and the log
  must stay bounded (or at least not stall or crash the runner).
- Second turn: 100,000 short garbage lines on stdout, then a legal shot.
- `stdout-flood`: SUCCEEDED when the runner still accepted the shot after the garbage (the
  next line is a `result`), BLOCKED when it did not (closed pipe, end of input, game-over).

Contained: a `malformed` forfeit of this bot at the first garbage line, recorded; the
process killed (usually no ATTACK line); other games unaffected.
"""
import sys

sys.dont_write_bytecode = True

from hostile_common import Bot, info, report


class Flood(Bot):
    name = "flooder"
    flooded = False

    def on_turn(self):
        if self.turn == 0:
            junk = ("#" * 1023 + "\n").encode() * 1024  # 1 MiB
            for _ in range(50):
                sys.stderr.buffer.write(junk)
            sys.stderr.flush()
            info("FLOOD stderr %d" % (50 * len(junk)))
        elif self.turn == 1:
            self.flooded = True
            for i in range(100000):
                sys.stdout.write("garbage %d !@#$\n" % i)
            sys.stdout.flush()
        return None

    def run(self):
        try:
            super().run()
        except BrokenPipeError:
            if self.flooded:
                report("stdout-flood", False, "BrokenPipeError: the runner stopped reading")

    def on_result(self, cell, outcome):
        if self.flooded:
            self.flooded = False
            report("stdout-flood", True, "the shot after 100000 garbage lines was accepted")

    def on_game_over(self, outcome):
        if self.flooded:
            self.flooded = False
            report("stdout-flood", False, "game-over %s after the garbage" % outcome)

    def on_quit(self):
        self.on_game_over("(quit or end of input)")


if __name__ == "__main__":
    Flood().run()
