# Fires off the grid.
from common import serve, say

serve(lambda n: say("shot 10 3"), "off-grid")
