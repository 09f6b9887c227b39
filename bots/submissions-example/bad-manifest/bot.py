# This submission is never run: its bot.yaml misspells `command`, so Salvo does not enter it
# and says why. Its bot would be the same as python-random's (bots/submissions-example/python-random/bot.py).
raise SystemExit("not entered: see bot.yaml")
