"""Attack: a channel through the kernel's keyrings, at start-up. Keys are kept per host user,
and every sandbox runs as the same one: a key added in one sandbox is listed in every other's
/proc/keys, so the process that played one game of a mirrored pair could tell the one playing
the other where its fleet was hit.

- `keyring-add`: add_key("user", "hostile-PID", ...) to the user keyring; SUCCEEDED with its serial.
- `keyring-request`: request_key("user", "hostile-PID", ...) finds the key back (or any
  other hostile key listed in /proc/keys); SUCCEEDED when found.

Contained: both BLOCKED (the system-call filter denies add_key, keyctl and request_key).
"""
import sys

sys.dont_write_bytecode = True
import ctypes
import os

from hostile_common import Bot, describe, report
from kernel_calls import call

KEY_SPEC_USER_KEYRING = -4


class Keyring(Bot):
    name = "keyring"

    def on_hello(self):
        description = ("hostile-%d" % os.getpid()).encode()
        payload = b"fleet hits go here"
        try:
            serial = call("add_key", ctypes.c_char_p(b"user"), ctypes.c_char_p(description), ctypes.c_char_p(payload),
                          ctypes.c_size_t(len(payload)), ctypes.c_int(KEY_SPEC_USER_KEYRING))
            report("keyring-add", True, "key %d added to the user keyring" % serial)
        except OSError as error:
            report("keyring-add", False, describe(error))
        try:
            serial = call("request_key", ctypes.c_char_p(b"user"), ctypes.c_char_p(description), None, ctypes.c_int(0))
            report("keyring-request", True, "key %d found" % serial)
        except OSError as error:
            report("keyring-request", False, describe(error))


if __name__ == "__main__":
    Keyring().run()
