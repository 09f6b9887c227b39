"""Attack: take as much memory as possible, at start-up. Do not run unsandboxed without a cap.

The bot allocates 100 MiB blocks, writing every 4 KiB page (so the memory is really used),
up to 4 GiB, writing `MEMORY <MiB>` to stderr after each block. Page faults are slow on
some machines (a loaded CI machine may fault in under 100 MiB a second), so it grows for up
to 12 s after `salvo 1` and 12 s more after the first `new-game`: give it a start-up
deadline of 15 s or more. Then it frees it all and plays.
- `memory-hog`: SUCCEEDED when it held 4 GiB, or over 2 GiB without meeting any limit when
  its 24 s ran out; BLOCKED with how far it got (MemoryError from an address-space cap,
  RLIMIT_AS, or the clock under 2 GiB).

Contained: BLOCKED well under 4 GiB, or the process killed by a memory cgroup (the game then
ends as a crash forfeit, with no SUCCEEDED line and the last MEMORY line showing the cap).
"""
import sys

sys.dont_write_bytecode = True

from hostile_common import Bot, deadline, describe, info, report

STEP, LIMIT, ENOUGH, PAGE = 100 << 20, 4 << 30, 2 << 30, 4096
PAGES = b"\xa5" * len(range(0, STEP, PAGE))


class MemoryHog(Bot):
    name = "memory hog"
    blocks, error = [], None

    def grow(self, last_chance):
        late = deadline(12)
        try:
            while len(self.blocks) * STEP < LIMIT and not late():
                block = bytearray(STEP)  # zero pages until written:
                block[::PAGE] = PAGES    # one byte per page makes every page real
                self.blocks.append(block)
                info("MEMORY %d" % (len(self.blocks) * 100))
        except MemoryError as failure:
            self.error = describe(failure)
        held = len(self.blocks) * STEP
        if held >= LIMIT or self.error or last_chance:
            self.blocks = []
            if held >= LIMIT:
                report("memory-hog", True, "held %d MiB" % (held >> 20))
            elif held >= ENOUGH and not self.error:
                report("memory-hog", True, "held %d MiB and met no limit (stopped by the clock)" % (held >> 20))
            else:
                report("memory-hog", False, "held only %d MiB: %s" % (held >> 20, self.error or "stopped by the clock"))
            return True
        return False

    def on_hello(self):
        self.done = self.grow(last_chance=False)

    def on_new_game(self):
        if not self.done:
            self.done = self.grow(last_chance=True)


if __name__ == "__main__":
    MemoryHog().run()
