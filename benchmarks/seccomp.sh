#!/usr/bin/env bash
# The system-call filter's cost per sandboxed process (issue 26): the same bwrap command as a
# bot's (namespaces, read-only /usr, /proc, /dev, a sized /tmp, bwrap as nobody when root) run
# N times with and without `--seccomp` (the filter Salvo builds, exported by its own C code),
# alternating, PAIRS times; prints the median wall time per process of each, the
# differences pair by pair, and the filter's cost per system call (CPU time inside one
# process: the steady figure on a shared machine, where the wall times move by milliseconds).
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
# One process N times: "wall-ms cpu-ms" per process (the CPU column counts only what bwrap's
# monitor reaped, not the sandboxed program: not shown).
run() { # mode program...
  local mode=$1; shift
  # The filter is opened anew for each process: bwrap reads it to its end.
  local loop='for _ in $(seq "$N"); do if [ -n "$FILTER" ]; then "$@" 3< "$FILTER"; else "$@"; fi || exit 1; done'
  if [ "$mode" = filter ]; then
    FILTER="$WORK/filter.bpf" /usr/bin/time -f "%e %U %S" -o "$WORK/time" bash -c "$loop" loop "${DROP[@]}" "${BWRAP[@]}" --seccomp 3 "$@"
  else
    FILTER="" /usr/bin/time -f "%e %U %S" -o "$WORK/time" bash -c "$loop" loop "${DROP[@]}" "${BWRAP[@]}" "$@"
  fi
  awk -v n="$N" '{ printf "%.3f %.3f", $1 / n * 1000, ($2 + $3) / n * 1000 }' "$WORK/time"
}
export N
for _ in $(seq "$PAIRS"); do
  for program in python true; do
    command=(/usr/bin/python3 -c pass); [ "$program" = true ] && command=(/usr/bin/true)
    for mode in filter none; do echo "$program $mode $(run $mode "${command[@]}")" >> "$WORK/rows"; done
  done
done
# The filter's cost per system call: 2 million getppid() in one process, CPU time inside.
CALLS='import os, time; t = time.process_time(); [os.getppid() for _ in range(2000000)]; print((time.process_time() - t) / 2e6 * 1e9)'
for _ in $(seq "$PAIRS"); do
  echo "call filter $("${DROP[@]}" "${BWRAP[@]}" --seccomp 3 /usr/bin/python3 -c "$CALLS" 3< "$WORK/filter.bpf") 0" >> "$WORK/rows"
  echo "call none $("${DROP[@]}" "${BWRAP[@]}" /usr/bin/python3 -c "$CALLS") 0" >> "$WORK/rows"
done
python3 - "$WORK/rows" <<'PY'
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
def column(program, mode, index): return [float(r[index]) for r in rows if r[0] == program and r[1] == mode]
for program in ("python", "true"):
    for index, what in ((2, "wall"),):
        f, n = column(program, "filter", index), column(program, "none", index)
        diffs = [a - b for a, b in zip(f, n)]
        print(f"{program}, {what}: {statistics.median(f):.2f} ms per process with the filter, {statistics.median(n):.2f} without; "
              f"pair by pair {', '.join(f'{d:+.2f}' for d in diffs)} ms (median {statistics.median(diffs):+.2f})")
f, n = column("call", "filter", 2), column("call", "none", 2)
print(f"getppid() from Python: {statistics.median(f):.0f} ns a call with the filter, {statistics.median(n):.0f} without "
      f"(median of {len(f)}; {statistics.median(f) - statistics.median(n):+.0f} ns a call)")
PY
