# Answers its turn with a line that is not a shot.
from common import serve, say

serve(lambda n: say("fire at will"), "garbage")
