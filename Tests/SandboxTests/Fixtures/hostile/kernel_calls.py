"""System calls by number, for the attacks through kernel objects shared between sandboxes
(keyring.py, inotify.py, io_uring.py): Python has no wrapper for them, ctypes calls them."""
import sys

sys.dont_write_bytecode = True
import ctypes
import os
import platform

# x86_64 and aarch64 numbers (asm/unistd.h).
NUMBERS = {
    "x86_64": {"add_key": 248, "request_key": 249, "keyctl": 250, "inotify_init1": 294, "inotify_add_watch": 254, "io_uring_setup": 425},
    "aarch64": {"add_key": 217, "request_key": 218, "keyctl": 219, "inotify_init1": 26, "inotify_add_watch": 27, "io_uring_setup": 425},
}

_libc = ctypes.CDLL(None, use_errno=True)
_libc.syscall.restype = ctypes.c_long


def call(name, *arguments):
    """The call's result, or raises OSError with its errno."""
    number = NUMBERS.get(platform.machine(), NUMBERS["x86_64"])[name]
    result = _libc.syscall(number, *arguments)
    if result < 0:
        error = ctypes.get_errno()
        raise OSError(error, "%s: %s" % (name, os.strerror(error)))
    return result
