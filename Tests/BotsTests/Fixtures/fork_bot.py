# On its first turn forks a child that sleeps (holding stdout open) and exits itself.
# The child's pid is written to the file named by the first argument.
import os
import sys
import time
from common import serve

def turn(n):
    child = os.fork()
    if child == 0:
        time.sleep(3600)
        os._exit(0)
    with open(sys.argv[1], "w") as f:
        f.write(str(child))
    os._exit(0)

serve(turn, "fork")
