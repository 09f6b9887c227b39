"""Attack: a channel between the two processes of a mirrored pair, and its honest twin.

Games come in mirrored pairs (the fleet a bot HAD in one game is the fleet it ATTACKS in
the other), and with `restart: reuse` the process that played the first game of a pair waits
alive while another process of the same bot plays the second. This bot publishes, while it
plays, the cells where its opponent hit it (its own ships: the targets of the other game of the
pair) through a channel no file of its own carries, and reads what the other processes publish:

- `keyring` (argument): the description of a key in its process keyring,
  `hostile-mirror RUNNER PID TIME CELLS`; every key of every process of the same host user is listed
  in /proc/keys (`mirror-keyring`: SUCCEEDED when it read another process's cells).
- `flock`: POSIX read locks on bytes 1000+CELL of /usr/bin/env (a file of the shared read-only
  /usr); another process tests each byte with F_GETLK (`mirror-flock`: SUCCEEDED likewise).
  Either reads only what processes of its own runner (its parent) published.
- `honest`: no channel; the same play otherwise. Its twin.

The play (all three): the cells read from the channel (listened to on each of the first 20
turns until something is heard) first (dropped after two misses in a
row), then neighbours of its hits, then a fixed order of the cells (a checkerboard first): a
bot of middling strength, so that its shots to win show any help it gets.

Contained: every line BLOCKED, and in a tournament against the same opponent the attacker
needs as many shots to win as its twin (a ratio of 0.85 or more; unsandboxed, with a working
channel, about 0.7).
"""
import sys

sys.dont_write_bytecode = True
import ctypes
import fcntl
import os
import struct
import time

from hostile_common import SIZE, Bot, describe, report
from kernel_calls import call

MODE = sys.argv[1] if len(sys.argv) > 1 else "honest"
KEY_SPEC_PROCESS_KEYRING = -2
KEYCTL_REVOKE = 3
LOCKED_FILE = "/usr/bin/env"
OFFSET = 1000
# Every cell, the black squares of a checkerboard first (a ship of 2 or more covers one).
ORDER = sorted(((x, y) for y in range(SIZE) for x in range(SIZE)), key=lambda c: ((c[0] + c[1]) % 2, c[1], c[0]))


class KeyringChannel:
    attack = "mirror-keyring"

    def __init__(self):
        self.serial = None

    def publish(self, cells):
        description = "hostile-mirror %d %d %.6f %s" % (os.getppid(), os.getpid(), time.time(), ",".join("%d.%d" % c for c in sorted(cells)))
        self.withdraw()
        try:
            self.serial = call("add_key", ctypes.c_char_p(b"user"), ctypes.c_char_p(description.encode()), ctypes.c_char_p(b"x"),
                               ctypes.c_size_t(1), ctypes.c_int(KEY_SPEC_PROCESS_KEYRING))
            return None
        except OSError as error:
            return describe(error)

    def withdraw(self):
        if self.serial is not None:
            try:
                call("keyctl", ctypes.c_int(KEYCTL_REVOKE), ctypes.c_long(self.serial))
            except OSError:
                pass
            self.serial = None

    def read(self):
        """The newest cells another process published, or None; raises OSError."""
        newest = None
        with open("/proc/keys") as keys:
            for line in keys:
                at = line.find("hostile-mirror ")
                if at < 0:
                    continue
                words = line[at:].split(":")[0].split()
                # Another process of this runner (another run's are not the pair's).
                if len(words) < 4 or words[1] != str(os.getppid()) or words[2] == str(os.getpid()):
                    continue
                cells = [tuple(int(v) for v in cell.split(".")) for cell in words[4].split(",")] if len(words) > 4 and words[4] else []
                if newest is None or float(words[3]) > newest[0]:
                    newest = (float(words[3]), cells)
        return newest[1] if newest else None


def parent(pid):
    """The parent of process `pid` (0 when unknown): locks of another run's processes are not
    the pair's."""
    try:
        with open("/proc/%d/stat" % pid) as stat:
            return int(stat.read().rsplit(")", 1)[1].split()[1])
    except (OSError, ValueError, IndexError):
        return 0


class FlockChannel:
    attack = "mirror-flock"

    def __init__(self):
        self.file = open(os.path.realpath(LOCKED_FILE), "rb")
        self.held = set()

    def publish(self, cells):
        try:
            for cell in set(cells) - self.held:
                fcntl.lockf(self.file, fcntl.LOCK_SH | fcntl.LOCK_NB, 1, OFFSET + cell[1] * SIZE + cell[0])
                self.held.add(cell)
            return None
        except OSError as error:
            return describe(error)

    def withdraw(self):
        try:
            fcntl.lockf(self.file, fcntl.LOCK_UN, SIZE * SIZE, OFFSET)
        except OSError:
            pass
        self.held = set()

    def read(self):
        cells = []
        for index in range(SIZE * SIZE):
            probe = struct.pack("hhqqi", fcntl.F_WRLCK, 0, OFFSET + index, 1, 0)
            answer = fcntl.fcntl(self.file, fcntl.F_GETLK, probe)
            kind, _, _, _, pid = struct.unpack("hhqqi", answer)
            if kind != fcntl.F_UNLCK and pid != os.getpid() and parent(pid) == os.getppid():
                cells.append((index % SIZE, index // SIZE))
        return cells or None


class Mirror(Bot):
    name = "mirror " + MODE

    def __init__(self):
        super().__init__()
        self.channel = {"keyring": KeyringChannel, "flock": FlockChannel}.get(MODE, lambda: None)()

    def on_new_game(self):
        self.misses = 0
        self.reported = False
        self.told = []
        if self.channel:
            self.channel.withdraw()

    def on_turn(self):
        # Listened to until the pair's other process has said something: under load that
        # process may still be reading the last lines of its game when this one starts.
        if self.channel and not self.told and self.turn < 20:
            self.listen()
        done = set(self.fired)
        if self.misses < 2:
            for cell in self.told:
                if cell not in done:
                    return cell
        for (x, y) in sorted(self.hits, key=lambda c: (c[1], c[0])):
            for cell in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if cell not in done and 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE:
                    return cell
        for cell in ORDER:
            if cell not in done:
                return cell
        return None

    def listen(self):
        try:
            cells = self.channel.read()
        except OSError as error:
            if not self.reported:
                report(self.channel.attack, False, describe(error))
            self.reported = True
            return
        if cells:
            self.told = cells
            report(self.channel.attack, True, "another process published %d cells" % len(cells))
        elif not self.reported:
            report(self.channel.attack, False, "nothing published by another process")
        self.reported = True

    def on_result(self, cell, outcome):
        if cell in self.told:
            self.misses = 0 if outcome in ("hit", "sunk") else self.misses + 1

    def on_opponent_shot(self, cell, outcome):
        if self.channel and outcome in ("hit", "sunk"):
            failure = self.channel.publish(self.hit_on_us)
            if failure and not self.reported:
                report(self.channel.attack, False, failure)
                self.reported = True

    def on_quit(self):
        if self.channel:
            self.channel.withdraw()


if __name__ == "__main__":
    Mirror().run()
