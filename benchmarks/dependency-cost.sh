#!/usr/bin/env bash
# What each Swift package costs in a release build (issue 30): one fresh `swift build -c release
# --static-swift-stdlib` (what `make release` runs) of COMMIT in a clone of its own, with the
# Swift compiler's statistics on (`-stats-output-dir`: one file per compiler job, with that
# job's wall, user and system time). Adds the jobs up by module, and the modules by the package
# whose folder holds their sources (Salvo's own, or one in .build/checkouts); counts the C
# files compiled per package from the build's log. The clang jobs and the link are not in the
# per-package figures: they are the build's CPU time less the Swift jobs'.
# Prints a table, most CPU first, then the totals; the load average is logged beside it.
# Usage: benchmarks/dependency-cost.sh [COMMIT]   (default HEAD)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
COMMIT=${1:-HEAD}
export PATH=/opt/swift/usr/bin:$PATH
WORK=$(mktemp -d /tmp/salvo-depcost.XXXXXX)
# KEEP_WORK=1 keeps the clone, the log and the statistics (to read them again).
trap 'kill "${sampler:-}" 2>/dev/null; [ -n "${KEEP_WORK:-}" ] && echo "kept $WORK" >&2 || rm -rf "$WORK"' EXIT
git clone -q "$ROOT" "$WORK/salvo" && git -C "$WORK/salvo" checkout -q "$COMMIT"
cd "$WORK/salvo"
swift package resolve > /dev/null 2>&1
mkdir -p "$WORK/stats"
(while true; do cut -d' ' -f1 /proc/loadavg; sleep 30; done) > "$WORK/load" &
sampler=$!
start=$(date -u +%FT%TZ)
/usr/bin/time -o "$WORK/rusage" -f "%e %U %S" swift build -c release --static-swift-stdlib -v \
  -Xswiftc -stats-output-dir -Xswiftc "$WORK/stats" > "$WORK/log" 2>&1 || { tail -20 "$WORK/log" >&2; exit 1; }
kill "$sampler"
read -r wall user sys < "$WORK/rusage"
loads=$(sort -n "$WORK/load" | awk '{a[NR] = $1} END {print a[1] " to " a[NR] ", median " a[int((NR + 1) / 2)]}')
echo "commit $(git rev-parse --short=12 HEAD), started $start, $(nproc) cores: wall $wall s, CPU $(echo "$user + $sys" | bc) s; load average $loads"

python3 - "$WORK/stats" "$WORK/log" "$WORK/salvo" <<'PY'
import json, os, re, sys
stats, log, root = sys.argv[1:4]
checkouts = os.path.join(root, ".build", "checkouts")

def package_of_folder(path):
    """The package whose folder holds `path`: Salvo, or the checkout's name."""
    path = os.path.realpath(path)
    if path.startswith(os.path.realpath(checkouts) + "/"):
        return path[len(os.path.realpath(checkouts)) + 1:].split("/")[0]
    return "Salvo"

# Every module's package, from the compile commands in the verbose log: the files after
# swift-frontend's `-c` (or clang's), and the folder that holds them.
module_package = {}
c_files = {}
for line in open(log, errors="replace"):
    tokens = line.split()
    if "-c" not in tokens:
        continue
    sources = []
    for token in tokens[tokens.index("-c") + 1:]:
        if token.startswith("-"):
            break
        if token.startswith("@") and os.path.exists(token[1:]):
            # A response file: the module's sources, one a line (a large module's).
            sources += [name.strip().strip('"') for name in open(token[1:]) if name.strip()]
        else:
            sources.append(token)
    sources = [source for source in sources if re.search(r"\.(swift|c|cc|cpp|S)$", source)]
    if not sources:
        continue
    names = re.findall(r"-module-name (\S+)", line) or re.findall(r"-fmodule-name=(\S+)", line)
    package = package_of_folder(sources[0])
    if names:
        module_package.setdefault(names[0], package)
    if "/clang" in tokens[0] and re.search(r"\.(c|cc|cpp|S)$", sources[0]):
        c_files[package] = c_files.get(package, 0) + 1

cost = {}
def add(package, key, value):
    cost.setdefault(package, {"wall": 0.0, "cpu": 0.0, "jobs": 0, "modules": set(), "c": 0})[key] += value

for name in os.listdir(stats):
    data = json.load(open(os.path.join(stats, name)))
    frontend = {k.rsplit(".", 1)[1]: v for k, v in data.items() if k.startswith("time.swift-frontend.")}
    if not frontend:
        continue
    key = next(k for k in data if k.startswith("time.swift-frontend."))
    module = key[len("time.swift-frontend."):].split("-")[0]
    package = module_package.get(module)
    if package is None:
        continue  # a manifest or plugin, not a module of the build
    add(package, "wall", frontend.get("wall", 0))
    add(package, "cpu", frontend.get("user", 0) + frontend.get("sys", 0))
    add(package, "jobs", 1)
    cost[package]["modules"].add(module)
for package, count in c_files.items():
    cost.setdefault(package, {"wall": 0.0, "cpu": 0.0, "jobs": 0, "modules": set(), "c": 0})
    cost[package]["c"] += count

total_cpu = sum(v["cpu"] for v in cost.values())
print(f"{'package':32} {'Swift CPU s':>11} {'share':>6} {'Swift wall s':>12} {'jobs':>5} {'C files':>7}  modules")
for package, v in sorted(cost.items(), key=lambda item: -item[1]["cpu"]):
    share = 100 * v["cpu"] / total_cpu if total_cpu else 0
    print(f"{package:32} {v['cpu']:11.1f} {share:5.1f}% {v['wall']:12.1f} {v['jobs']:5d} {v['c']:7d}  {', '.join(sorted(v['modules']))}")
print(f"{'all Swift jobs':32} {total_cpu:11.1f} {100.0:5.1f}% {sum(v['wall'] for v in cost.values()):12.1f} {sum(v['jobs'] for v in cost.values()):5d} {sum(v['c'] for v in cost.values()):7d}")
PY
