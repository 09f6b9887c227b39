"""Attack: gain privileges or leave the sandbox, at start-up. Do not run unsandboxed as root
(it mounts, chroots and makes cgroups for a moment, in forked children where it can).

- `capabilities`: any effective capability (CapEff in /proc/self/status);
- `root-user`: running as uid 0;
- `setuid`: no_new_privs is off and setuid binaries exist to exec;
- `mount`: mount a tmpfs on a fresh folder in /tmp (unmounted again);
- `chroot`: chroot("/") in a forked child;
- `unshare-userns`: a nested user namespace (root inside it: mounts, more kernel surface),
  in a forked child; contained only with bwrap's `--disable-userns`;
- `proc-1-root`: /proc/1/root or /proc/PPID/root shows files its own / does not;
- `cgroup-write`: make a cgroup, or write its own cgroup's limits (pids.max, memory.max,
  memory.limit_in_bytes) back unchanged (a bot raising its own limits);
- `sysctl-write`: write /proc/sys/kernel/core_pattern (its current value back, unchanged):
  a bot that can set it to `|/its/folder/program` gets that program run as host root at
  the next crash. bwrap started as root with `--unshare-user --uid 1000` maps the bot to
  host uid 0 and leaves /proc/sys writable: this SUCCEEDS there (run bwrap as a non-root
  user, or make /proc/sys read-only);
- `sysrq-trigger`: open /proc/sysrq-trigger for writing (nothing written: one byte reboots).

Contained: all BLOCKED.
"""
import sys

sys.dont_write_bytecode = True
import ctypes
import glob
import os
import stat

from hostile_common import Bot, describe, report

CLONE_NEWUSER = 0x10000000


def in_child(work):
    """Runs `work` in a forked child; '' when it succeeded, else its error text."""
    reader, writer = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(reader)
        try:
            work()
            message = b""
        except Exception as error:
            message = describe(error).encode() or b"failed"
        os.write(writer, message or b"")
        os._exit(0 if not message else 1)
    os.close(writer)
    with os.fdopen(reader, "rb") as f:
        text = f.read().decode()
    _, status = os.waitpid(pid, 0)
    return "" if status == 0 else (text or "failed")


def libc_call(name, *args):
    libc = ctypes.CDLL(None, use_errno=True)
    if getattr(libc, name)(*args) != 0:
        number = ctypes.get_errno()
        raise OSError(number, os.strerror(number))


def status_field(name):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(name + ":"):
                return line.split(":", 1)[1].strip()
    return ""


def attempt(attack, work):
    try:
        ok, detail = work()
    except Exception as error:
        ok, detail = False, describe(error)
    report(attack, ok, detail)


class Escape(Bot):
    name = "escape artist"

    def on_hello(self):
        caps = status_field("CapEff")
        attempt("capabilities", lambda: (int(caps or "0", 16) != 0, "CapEff=%s" % caps))
        attempt("root-user", lambda: (os.geteuid() == 0, "euid=%d uid=%d" % (os.geteuid(), os.getuid())))

        def setuid():
            found = [p for p in glob.glob("/usr/bin/*") + glob.glob("/usr/sbin/*") + glob.glob("/bin/*")
                     if os.path.isfile(p) and os.stat(p).st_mode & stat.S_ISUID]
            nnp = status_field("NoNewPrivs")
            return nnp == "0" and bool(found), "NoNewPrivs=%s, setuid: %s" % (nnp, [os.path.basename(p) for p in found[:6]])
        attempt("setuid", setuid)

        def mount():
            folder = "/tmp/hostile-mnt-%d" % os.getpid()
            os.makedirs(folder, exist_ok=True)
            try:
                libc_call("mount", b"none", folder.encode(), b"tmpfs", ctypes.c_ulong(0), None)
                libc_call("umount", folder.encode())
                return True, "mounted a tmpfs on " + folder
            finally:
                os.rmdir(folder)
        attempt("mount", mount)

        error = in_child(lambda: os.chroot("/"))
        report("chroot", not error, error or "chroot succeeded")
        error = in_child(lambda: libc_call("unshare", CLONE_NEWUSER))
        report("unshare-userns", not error, error or "made a nested user namespace")

        def proc_root():
            own = set(os.listdir("/"))
            for pid in sorted({1, os.getppid()}):
                try:
                    extra = set(os.listdir("/proc/%d/root" % pid)) - own
                except OSError:
                    continue
                if extra:
                    return True, "/proc/%d/root shows %s" % (pid, sorted(extra)[:6])
            return False, "no other root visible through /proc/%s/root" % ",".join(map(str, sorted({1, os.getppid()})))
        attempt("proc-1-root", proc_root)

        def cgroup():
            written, error = [], "no cgroup knob found"
            with open("/proc/self/cgroup") as f:
                paths = [line.strip().split(":", 2)[2] for line in f if line.count(":") >= 2]
            knobs = []
            for path in paths:
                for knob in ("pids.max", "memory.max", "memory.limit_in_bytes"):
                    knobs += glob.glob("/sys/fs/cgroup%s/%s" % (path, knob))
                    knobs += glob.glob("/sys/fs/cgroup/*%s/%s" % (path, knob))
            folders = [os.path.join(root, "hostile-%d" % os.getpid())
                       for root in glob.glob("/sys/fs/cgroup/pids") + ["/sys/fs/cgroup"]]
            for name in knobs + folders:
                try:
                    if name in folders:
                        os.mkdir(name)
                        os.rmdir(name)
                    else:
                        with open(name) as f:
                            value = f.read()
                        with open(name, "w") as f:
                            f.write(value)
                    written.append(name)
                except OSError as failure:
                    error = "%s: %s" % (name, describe(failure))
            return bool(written), ("wrote %s" % written[:4]) if written else error
        attempt("cgroup-write", cgroup)

        def sysctl():
            # core_pattern is global: "|/path/to/a/file/of/the/bot" runs it as host root at the
            # next crash. The value read is written back unchanged.
            with open("/proc/sys/kernel/core_pattern", "r+") as f:
                value = f.read()
                f.seek(0)
                f.write(value)
            return True, "wrote /proc/sys/kernel/core_pattern (its own value %r back)" % value.strip()
        attempt("sysctl-write", sysctl)

        def sysrq():
            fd = os.open("/proc/sysrq-trigger", os.O_WRONLY)  # opened only: one byte would reboot
            os.close(fd)
            return True, "opened /proc/sysrq-trigger for writing"
        attempt("sysrq-trigger", sysrq)


if __name__ == "__main__":
    Escape().run()
