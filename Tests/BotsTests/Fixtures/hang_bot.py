# Never answers its first turn.
import time
from common import serve

serve(lambda n: time.sleep(3600), "hang")
