# Takes 4 seconds before its handshake.
import time
from common import serve, say

serve(lambda n: say("shot %d %d" % (n % 10, n // 10)), "slow-start", on_hello=lambda: time.sleep(4))
