"""Attack: reach the network, at start-up (TCP, UDP) and at the first new-game (Unix sockets).

- `loopback-tcp`: connect to 127.0.0.1 on every port listening in /proc/net/tcp and on
  8080 (the game server, the runner, anything else on the machine);
- `outside-tcp`: connect to 1.1.1.1:53 (1 s timeout); `outside-udp`: a DNS query to it;
- `unix-socket`: connect to Unix sockets in /tmp/.X11-unix, /tmp, /run, /var/run;
- `abstract-socket`: connect to abstract Unix sockets listed in /proc/net/unix (they are
  shared by everything in the same network namespace: D-Bus, X11, ...).

Contained: every line BLOCKED (a network namespace of its own: nothing listens on its
loopback, no route out, no host socket files, no abstract sockets).
"""
import sys

sys.dont_write_bytecode = True
import glob
import os
import socket
import stat

from hostile_common import Bot, deadline, describe, listening_ports, report


def connect_all(family, addresses, timeout, budget=1.0):
    """(addresses connected, last error text)."""
    connected, error, late = [], "nothing to connect to", deadline(budget)
    for address in addresses:
        if late():
            break
        with socket.socket(family, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            try:
                s.connect(address)
                connected.append(address)
            except OSError as failure:
                error = "%s: %s" % (address, describe(failure))
    return connected, error


def verdict(attack, connected, error):
    report(attack, bool(connected), ("connected to %s" % connected[:8]) if connected else error)


class Network(Bot):
    name = "network prober"

    def on_hello(self):
        ports = sorted(set(listening_ports()[:50] + [8080]))
        verdict("loopback-tcp", *connect_all(socket.AF_INET, [("127.0.0.1", p) for p in ports], 0.2, 1.5))
        verdict("outside-tcp", *connect_all(socket.AF_INET, [("1.1.1.1", 53)], 1.0))
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.settimeout(1.0)
                query = b"\x12\x34\x01\x00\x00\x01\x00\x00\x00\x00\x00\x00\x07example\x03com\x00\x00\x01\x00\x01"
                s.sendto(query, ("1.1.1.1", 53))
                answer = s.recv(512)
                report("outside-udp", True, "DNS answer of %d bytes from 1.1.1.1" % len(answer))
        except OSError as error:
            report("outside-udp", False, describe(error))

    def on_new_game(self):
        if self.game > 1:
            return
        paths = []
        for pattern in ("/tmp/.X11-unix/*", "/tmp/*", "/tmp/*/*", "/run/*", "/run/*/*", "/var/run/*", "/var/run/*/*"):
            for path in glob.glob(pattern):
                try:
                    if stat.S_ISSOCK(os.lstat(path).st_mode) and path not in paths:
                        paths.append(path)
                except OSError:
                    pass
        verdict("unix-socket", *connect_all(socket.AF_UNIX, paths[:30], 0.2))
        names = []
        try:
            with open("/proc/net/unix") as f:
                for row in f.read().splitlines()[1:]:
                    fields = row.split()
                    if len(fields) >= 8 and fields[7].startswith("@") and fields[7] not in names:
                        names.append(fields[7])
        except OSError:
            pass
        verdict("abstract-socket", *connect_all(socket.AF_UNIX, ["\0" + n[1:] for n in names[:30]], 0.2))


if __name__ == "__main__":
    Network().run()
