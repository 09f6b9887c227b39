# Crashes (exit status 3) on its second turn.
import sys
from common import serve, say

def turn(n):
    if n == 1:
        sys.stderr.write("crash_bot: giving up\n")
        sys.exit(3)
    say("shot 0 0")

serve(turn, "crash")
