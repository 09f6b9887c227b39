"""Mean turn hand-off delay of a run: the time from one player's accepted shot to the
opponent's next accepted shot, over every game in the journal (benchmarks/tournament.sh)."""
import json
import statistics
import sys

gaps = []
for line in open(sys.argv[1]):
    entry = json.loads(line)
    record = entry.get("finished", {}).get("_0")
    if not record or record["termination"] != "win":
        continue
    shots = record["shots"]
    for before, after in zip(shots, shots[1:]):
        if before["seat"] != after["seat"]:
            gaps.append(after["atMilliseconds"] - before["atMilliseconds"])
print(f"hand-offs: {len(gaps)}, mean {statistics.mean(gaps):.0f} ms, median {statistics.median(gaps):.0f} ms")
