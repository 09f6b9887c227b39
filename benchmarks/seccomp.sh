#!/usr/bin/env bash
# The system-call filter's cost per sandboxed process (issue 26): the same bwrap command as a
# bot's (namespaces, read-only /usr, /proc, /dev, a sized /tmp, bwrap as nobody when root) run
# N times with and without `--seccomp` (the filter Salvo builds, exported by its own C code),
# alternating, PAIRS times; prints the median wall time per process of each and the difference.
# Each process is `python3 -c pass` (a bot's start: about 700 system calls through the filter)
# and `/usr/bin/true` (installing the filter, and little else).
# Usage: benchmarks/seccomp.sh [processes] [pairs]
set -euo pipefail
N=${1:-200}; PAIRS=${2:-5}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'); $(date -u +%Y-%m-%d)"
cat > "$WORK/export.c" <<'C'
#include <fcntl.h>
#include "CSeccomp.h"
int main(int argc, char **argv) { return argc == 2 && salvo_seccomp_write_filter(open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644)) == 0 ? 0 : 1; }
C
cc -O2 -I"$ROOT/Sources/CSeccomp/include" "$WORK/export.c" "$ROOT/Sources/CSeccomp/CSeccomp.c" -lseccomp -o "$WORK/export"
"$WORK/export" "$WORK/filter.bpf"
DROP=(); [ "$(id -u)" = 0 ] && DROP=(setpriv --reuid=65534 --regid=65534 --clear-groups --no-new-privs --)
BWRAP=(bwrap --unshare-all --unshare-user --disable-userns --uid 1000 --gid 1000 --die-with-parent --cap-drop ALL
  --ro-bind /usr /usr --symlink usr/bin /bin --symlink usr/lib /lib --symlink usr/lib64 /lib64 --proc /proc --dev /dev
  --size 67108864 --tmpfs /tmp --clearenv)
run() { # mode program...
  local mode=$1; shift
  local start end
  start=$(date +%s.%N)
  for _ in $(seq "$N"); do
    if [ "$mode" = filter ]; then "${DROP[@]}" "${BWRAP[@]}" --seccomp 3 "$@" 3< "$WORK/filter.bpf"; else "${DROP[@]}" "${BWRAP[@]}" "$@"; fi
  done
  end=$(date +%s.%N)
  python3 -c "print(($end - $start) / $N * 1000)"
}
for _ in $(seq "$PAIRS"); do
  for program in python true; do
    command=(/usr/bin/python3 -c pass); [ "$program" = true ] && command=(/usr/bin/true)
    for mode in filter none; do echo "$program $mode $(run $mode "${command[@]}")" >> "$WORK/rows"; done
  done
done
python3 - "$WORK/rows" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
for program in ("python", "true"):
    f = [float(r[2]) for r in rows if r[0] == program and r[1] == "filter"]
    n = [float(r[2]) for r in rows if r[0] == program and r[1] == "none"]
    diffs = [a - b for a, b in zip(f, n)]
    print(f"{program}: {statistics.median(f):.2f} ms per process with the filter, {statistics.median(n):.2f} without; "
          f"difference pair by pair {', '.join(f'{d:+.2f}' for d in diffs)} ms (median {statistics.median(diffs):+.2f})")
PY
