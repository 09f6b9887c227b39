# Fires at the same cell twice.
from common import serve, say

serve(lambda n: say("shot 4 4"), "repeat")
