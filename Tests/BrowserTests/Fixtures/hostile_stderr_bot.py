#!/usr/bin/env python3
"""A bot for the bot-page tests: fires in row order, writes hostile text to stderr (markup,
quotes, a 200,000-character line, control characters), and crashes on its fourth turn."""
import sys

def say(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()

turn = 0
for raw in sys.stdin:
    words = raw.split()
    if not words:
        continue
    if words[0] == "salvo":
        say("name hostile")
    elif words[0] == "new-game":
        turn = 0
        say("ready")
    elif words[0] == "your-turn":
        if turn == 3:
            sys.stderr.write("x" * 200000 + "\n")
            sys.stderr.write("thinking about <b>bold</b> moves & \"quotes\" 'single'\n")
            sys.stderr.write("bell\x07 and nul\x00 here\n")
            sys.stderr.write("</pre><script>alert('stderr')</script>\n")
            sys.stderr.write("Traceback: giving up on turn 4\n")
            sys.stderr.flush()
            sys.exit(3)
        say(f"shot {turn % 10} {turn // 10}")
        turn += 1
    elif words[0] == "quit":
        break
