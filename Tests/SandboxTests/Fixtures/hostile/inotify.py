"""Attack: a channel through file-access notifications, at start-up. Watching a file of the
shared /usr tells a sandbox when another opens or reads it: one process of a mirrored pair
reads chosen files, the other watches.

- `inotify`: inotify_init1 and a watch on /usr/bin; SUCCEEDED when the watch was added.
- `dnotify`: fcntl(F_NOTIFY) on /usr/bin; SUCCEEDED when accepted.

Contained: both BLOCKED (the system-call filter denies inotify_* and fcntl's F_NOTIFY).
"""
import sys

sys.dont_write_bytecode = True
import ctypes
import fcntl
import os

from hostile_common import Bot, describe, report
from kernel_calls import call

IN_ACCESS, IN_OPEN = 0x1, 0x20


class Inotify(Bot):
    name = "inotify"

    def on_hello(self):
        try:
            descriptor = call("inotify_init1", ctypes.c_int(os.O_CLOEXEC))
            watch = call("inotify_add_watch", ctypes.c_int(descriptor), ctypes.c_char_p(b"/usr/bin"), ctypes.c_uint32(IN_ACCESS | IN_OPEN))
            report("inotify", True, "watch %d on /usr/bin" % watch)
        except OSError as error:
            report("inotify", False, describe(error))
        folder = os.open("/usr/bin", os.O_RDONLY | os.O_DIRECTORY)
        try:
            fcntl.fcntl(folder, fcntl.F_NOTIFY, fcntl.DN_ACCESS | fcntl.DN_MULTISHOT)
            report("dnotify", True, "F_NOTIFY on /usr/bin")
        except OSError as error:
            report("dnotify", False, describe(error))
        finally:
            os.close(folder)


if __name__ == "__main__":
    Inotify().run()
