# Answers its turn with terminal escape sequences: a window title, a colour, a cursor move,
# and a right-to-left override, as a student trying to hide a cheat in a log might.
from common import serve, say

serve(lambda n: say("\x1b]0;pwned\x07\x1b[31mred\x1b[2J\u202eoverride"), "escaper")
