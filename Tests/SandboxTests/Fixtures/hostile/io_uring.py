"""Attack: io_uring, at start-up: a second way into the kernel that no system-call filter sees
call by call (its operations are read from shared memory), and a long record of kernel bugs.

- `io-uring`: io_uring_setup(4, params); SUCCEEDED when a ring was made.

Contained: BLOCKED (the system-call filter denies io_uring_setup, _enter and _register).
"""
import sys

sys.dont_write_bytecode = True
import ctypes
import os

from hostile_common import Bot, describe, report
from kernel_calls import call


class IoUring(Bot):
    name = "io uring"

    def on_hello(self):
        params = ctypes.create_string_buffer(120)
        try:
            ring = call("io_uring_setup", ctypes.c_uint32(4), params)
            os.close(ring)
            report("io-uring", True, "ring %d made" % ring)
        except OSError as error:
            report("io-uring", False, describe(error))


if __name__ == "__main__":
    IoUring().run()
