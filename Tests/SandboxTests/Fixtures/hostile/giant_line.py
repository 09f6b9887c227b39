"""Attack (on the runner): a 2 GB line on stdout on the second turn, to exhaust the runner's
memory while it waits for the newline.

It writes 'A' in 1 MiB chunks, no newline, up to 2 GiB, stopping if the pipe breaks
(`GIANT <bytes>` on stderr every 256 MiB).
- `giant-line`: SUCCEEDED when all 2 GiB went out (the runner kept reading); BLOCKED with
  the bytes written when the pipe broke.

Contained: a `malformed` forfeit (a line over 4096 bytes) recorded at once; the runner's
memory stays flat; the process killed (usually no ATTACK line).
"""
import os
import sys

sys.dont_write_bytecode = True

from hostile_common import Bot, describe, info, report

CHUNK, TOTAL = 1 << 20, 2 << 30


class GiantLine(Bot):
    name = "giant line"

    def on_turn(self):
        if self.turn != 1:
            return None
        chunk, written = b"A" * CHUNK, 0
        try:
            while written < TOTAL:
                sys.stdout.buffer.write(chunk)
                sys.stdout.buffer.flush()
                written += CHUNK
                if written % (256 << 20) == 0:
                    info("GIANT %d" % written)
        except OSError as error:
            report("giant-line", False, "wrote %d bytes, then %s" % (written, describe(error)))
            os._exit(0)
        report("giant-line", True, "wrote %d bytes without a newline" % written)
        return None


if __name__ == "__main__":
    GiantLine().run()
