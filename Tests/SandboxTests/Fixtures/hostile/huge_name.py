"""Attack (on the reports and the terminal): a hostile name in the handshake.

The `name` line carries HTML that runs script, attribute breakers, ANSI/OSC escape codes
(clear the screen, set the window title, hide text), a right-to-left override, a
backspace and a carriage return, padded to 4000 characters (the line stays under the
protocol's 4096 bytes). It then plays normally. `NAME <characters> <bytes>` on stderr.

This bot cannot tell how its name is shown, so it writes no ATTACK line.
Contained (files on the host): index.html, replays and results.json hold the name only
escaped (no raw `<script`, no raw ESC byte in HTML), the terminal output of `salvo run`
carries no raw ESC from it, and the run completes.
"""
import sys

sys.dont_write_bytecode = True

from hostile_common import Bot, info

PAYLOAD = ('<script>alert("salvo")</script><img src=x onerror=alert(1)>"\'><b>&amp;</b>'
           "\x1b[2J\x1b[H\x1b]0;pwned\x07\x1b[8mhidden\x1b[0m\u202eevil\u202c\x08\r"
           "</td></tr></table><!-- ")
NAME = (PAYLOAD + "A" * 4000)[:4000]


class HugeName(Bot):
    name = NAME

    def on_hello(self):
        info("NAME %d %d" % (len(NAME), len(("name " + NAME).encode())))


if __name__ == "__main__":
    HugeName().run()
