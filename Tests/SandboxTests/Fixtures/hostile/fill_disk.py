"""Attack: write big files onto the host's disks, at start-up. Do not run unsandboxed.

Targets: its own folder, the cwd (the runner's, unsandboxed), $HOME and /var/tmp. Into each
it writes up to 256 MiB (`hostile-fill-PID.bin`), then deletes the file again (the breach
is being able to write there at all; deleting keeps a developer's disk usable).
- `fill-disk-own-folder`, `fill-disk-cwd`, `fill-disk-home`, `fill-disk-var-tmp`:
  SUCCEEDED with the MiB written; BLOCKED with the error (EROFS, ENOENT, HOME not set, ...).

Contained: all four BLOCKED (a HOME in a private, size-capped /tmp counts as contained);
no hostile-fill-* file appears on the host.
"""
import sys

sys.dont_write_bytecode = True
import os
import signal

from hostile_common import Bot, deadline, describe, report

CHUNK, LIMIT = 1 << 20, 256 << 20


def fill(folder, budget):
    """MiB written into `folder`; raises what stopped the first write."""
    path = os.path.join(folder, "hostile-fill-%d.bin" % os.getpid())
    written, late, chunk = 0, deadline(budget), b"\x5a" * CHUNK
    try:
        with open(path, "xb", buffering=0) as f:
            while written < LIMIT and not late():
                try:
                    written += f.write(chunk)
                except OSError:
                    if written == 0:
                        raise
                    break
    finally:
        if written or os.path.exists(path):
            try:
                os.unlink(path)
            except OSError:
                pass
    return written >> 20


class FillDisk(Bot):
    name = "disk filler"

    def on_hello(self):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        targets = [("own-folder", os.path.dirname(os.path.abspath(__file__))), ("cwd", os.getcwd()),
                   ("home", os.environ.get("HOME")), ("var-tmp", "/var/tmp")]
        for name, folder in targets:
            if not folder:
                report("fill-disk-" + name, False, "KeyError: HOME is not set")
                continue
            try:
                mib = fill(folder, 0.8)
                # A HOME inside the sandbox's private /tmp is no host disk: it is a breach only
                # when nothing caps it.
                private = os.path.realpath(folder).startswith("/tmp") and mib < LIMIT >> 20
                report("fill-disk-" + name, not private, "wrote %d MiB into %s (then deleted it)%s" % (mib, folder, "; a private, size-capped /tmp" if private else ""))
            except OSError as error:
                report("fill-disk-" + name, False, describe(error))


if __name__ == "__main__":
    FillDisk().run()
