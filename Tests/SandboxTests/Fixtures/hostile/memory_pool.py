"""Attack: many processes of one reused bot, each under the memory cap, together far over it.

With `restart: reuse` (the default) a bot keeps up to `concurrency` processes, waiting or
playing. This one holds `MIB` MiB (its first argument, 120 by default) in every process from
its `salvo` line to its end, every 4 KiB page written (so the memory is really used), and
writes `HOLDING <MiB> MiB` to stderr once it does; then it plays as `hostile_common.Bot` does.
Alone, each process is under its cap; a cap per process would let N processes hold N times
it (issue 26: one bot held 6.4 GB at concurrency 8 under a 1 GB cap).

Contained: the bot's memory cap is its total over all its processes (one memory cgroup per
bot, its processes' groups inside): once they hold more together, the kernel kills one of
them, and the game of that process is a `crash` forfeit whose reason says `memory cap of N MB
reached`. No ATTACK line: a process cannot tell whether another of its bot was killed.
"""
import sys

sys.dont_write_bytecode = True

from hostile_common import Bot, info

PAGE = 4096


class MemoryPool(Bot):
    name = "memory pool"
    held = None

    def on_hello(self):
        mib = int(sys.argv[1]) if len(sys.argv) > 1 else 120
        block = bytearray(mib << 20)  # zero pages until written:
        block[::PAGE] = b"\xa5" * len(range(0, len(block), PAGE))
        self.held = block
        info("HOLDING %d MiB" % mib)


if __name__ == "__main__":
    MemoryPool().run()
