#!/usr/bin/env bash
# `make demo` and `make test` from a bare machine (issue 30): each in a fresh clone of COMMIT
# (no .build), timed as a whole, with the Debian packages timed apart. Prints one line per
# step and a summary; the load average is sampled every 30 s beside each timed step, since on
# a shared machine a wall time says little without it.
#
# Packages, by default: nothing is removed. The script works out which packages `make deps`
# and `make test-deps` would install on a machine as new: `apt-get -s` for the Makefile's
# packages, as if only the image's packages (IMAGE_LIST) were installed, so with everything
# they depend on and recommend. Then it times `apt-get update`, the download of those .deb
# files into a folder of its own (`apt-get download`) and their unpacking (`dpkg-deb -x` into a scratch
# root: the decompression and file writing that dpkg does). Not timed that way: dpkg's
# configure scripts and triggers (ca-certificates-java, ldconfig, man-db and the like). Since
# the packages are already installed, `make demo` and `make test` then install nothing.
#
# With --purge (a machine of your own, never a shared one): removes the packages the image
# lacks first (`apt-get purge` and `autoremove`), so that `make demo` and `make test` install
# them through the Makefile as on a bare machine, inside their timed steps.
#
# With --only demo or --only test: that one of the two (packages are timed either way).
# With --then-test: after `make demo`, `make test` in the same clone as well, timed apart: what
# the tests add once the demo is built (both build the same debug configuration, so it should
# compile only the tests).
# The clones live in benchmarks/results/ (gitignored), not in /tmp, which a shared machine may
# sweep of files an hour old while a slow build still needs them.
# Usage: benchmarks/bare-machine.sh [--purge] [--only demo|test] [--then-test] [COMMIT]   (default HEAD)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PURGE=0
THEN_TEST=0
TARGETS="demo test"
while [ $# -gt 0 ]; do
  case $1 in
    --purge) PURGE=1; shift ;;
    --then-test) THEN_TEST=1; shift ;;
    --only) TARGETS=$2; shift 2 ;;
    *) break ;;
  esac
done
COMMIT=${1:-HEAD}
IMAGE_LIST=${IMAGE_LIST:-/work/.library/env/packages/installed-swift.txt}
export PATH=/opt/swift/usr/bin:$PATH
mkdir -p "$ROOT/benchmarks/results"
WORK=$(mktemp -d "$ROOT/benchmarks/results/bare.XXXXXX")
# Readable by all, as mktemp's 0700 is not: the demo's external bot runs in the sandbox as
# nobody, who must read its folder (docs/sandbox.md).
chmod 755 "$ROOT/benchmarks/results" "$WORK"
sampler=""
# The steps' logs are kept in benchmarks/results/bare-logs/ (a failed test is named there).
cleanup() {
  [ -n "$sampler" ] && kill "$sampler" 2>/dev/null
  mkdir -p "$ROOT/benchmarks/results/bare-logs" && cp "$WORK"/*.log "$ROOT/benchmarks/results/bare-logs/" 2>/dev/null
  rm -rf "$WORK"
}
trap cleanup EXIT

# Runs "$@" with its wall time, CPU time and the load average beside it; prints one line.
timed() {
  local label=$1; shift
  (while true; do cut -d' ' -f1 /proc/loadavg; sleep 30; done) > "$WORK/load" &
  sampler=$!
  local status=0
  /usr/bin/time -o "$WORK/rusage" -f "%e %U %S" "$@" > "$WORK/$label.log" 2>&1 || status=$?
  kill "$sampler" 2>/dev/null; wait "$sampler" 2>/dev/null || true; sampler=""
  local wall user sys
  # The last line: GNU time writes "Command exited with non-zero status N" before it.
  read -r wall user sys < <(tail -1 "$WORK/rusage")
  local loads
  loads=$(sort -n "$WORK/load" | awk '{a[NR] = $1} END {print a[1] " to " a[NR] ", median " a[int((NR + 1) / 2)]}')
  printf '%-28s wall %7.1f s (%s), CPU %7.1f s, load average %s, exit %d\n' \
    "$label" "$wall" "$(awk -v s="$wall" 'BEGIN {printf "%d min %02d s", s / 60, s % 60}')" \
    "$(echo "$user + $sys" | bc)" "$loads" "$status"
  if [ "$status" != 0 ]; then tail -30 "$WORK/$label.log"; fi
  return 0
}

makefile_list() { make -s -C "$ROOT" -f - print <<<"include Makefile
print: ; @echo \$($1)" 2>/dev/null; }
DEMO=$(makefile_list DEMO_PACKAGES)
TEST=$(makefile_list TEST_PACKAGES)

# The packages apt would install for "$@" on the image: apt's own answer (`apt-get -s`) with a
# dpkg status file that holds only the image's packages (their stanzas from this machine's).
python3 - "$IMAGE_LIST" > "$WORK/image-status" <<'PY'
import sys
image = {f[1].split(":")[0] for f in (l.rstrip("\n").split("\t") for l in open(sys.argv[1])) if len(f) >= 2 and f[0] == "apt"}
stanzas = open("/var/lib/dpkg/status").read().split("\n\n")
kept = [s.strip("\n") for s in stanzas for l in s.splitlines()[:1] if l.startswith("Package: ") and l[9:].strip() in image]
print("\n\n".join(kept))
PY
image_lacks() {
  apt-get -s -o Dir::State::status="$WORK/image-status" install "$@" 2>/dev/null | awk '/^Inst / {print $2}' | sort
}

echo "machine: $(nproc) cores, $(lscpu | awk -F: '/Model name/ {gsub(/^ +/, "", $2); print $2}'), $(free -g | awk '/Mem:/ {print $2}') GiB; $(date -u +%FT%TZ); commit $(git -C "$ROOT" rev-parse --short=12 "$COMMIT")"
echo "load average at the start: $(cut -d' ' -f1-3 /proc/loadavg)"

# 1. Packages.
timed "apt-get update" apt-get update -qq
demo_needed=$(image_lacks $DEMO)
test_needed=$(comm -13 <(echo "$demo_needed") <(image_lacks $DEMO $TEST))
echo "make deps would install $(echo "$demo_needed" | wc -w) packages on the image; make test-deps $(echo "$test_needed" | wc -w) more"
if [ "$PURGE" = 1 ]; then
  echo "--purge: removing $(echo $demo_needed $test_needed | wc -w) packages the image lacks"
  DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq $demo_needed $test_needed > "$WORK/purge.log" 2>&1 || true
  DEBIAN_FRONTEND=noninteractive apt-get autoremove -y -qq > /dev/null 2>&1 || true
else
  for set in demo test; do
    names=$([ $set = demo ] && echo "$demo_needed" || echo "$test_needed")
    mkdir -p "$WORK/debs-$set" "$WORK/root-$set"
    timed "download ($set packages)" bash -c "cd '$WORK/debs-$set' && apt-get download -qq $(echo $names)"
    echo "  $(ls "$WORK/debs-$set" | wc -l) files, $(du -sm "$WORK/debs-$set" | cut -f1) MB"
    timed "unpack ($set packages)" bash -c "for deb in '$WORK/debs-$set'/*.deb; do dpkg-deb -x \"\$deb\" '$WORK/root-$set'; done"
    echo "  $(du -sm "$WORK/root-$set" | cut -f1) MB unpacked"
    rm -rf "$WORK/root-$set"
  done
fi

# 2. make demo and make test, each from a fresh clone: no .build, the packages resolved by the
# build itself (SwiftPM's shared cache in ~/.cache is not cleared: see BENCHMARKS.md). Both build
# the debug configuration, the one `make test` starts from.
for target in $TARGETS; do
  git clone -q "$ROOT" "$WORK/$target"
  git -C "$WORK/$target" checkout -q "$COMMIT"
  timed "make $target (fresh clone)" make -C "$WORK/$target" "$target"
  case $target in
    demo) grep -E "games rated|^Report:" "$WORK/make demo (fresh clone).log" | sed 's/^/  /' || true ;;
    test) grep -E "Test run with|tests? passed|failed" "$WORK/make test (fresh clone).log" | tail -2 | sed 's/^/  /' || true ;;
  esac
  if [ "$target" = demo ] && [ "$THEN_TEST" = 1 ]; then
    timed "make test (after make demo)" make -C "$WORK/$target" test
    echo "  modules compiled: $(grep -oE '^\[[0-9]+/[0-9]+\] Compiling [A-Za-z_]+' "$WORK/make test (after make demo).log" | awk '{print $3}' | sort -u | tr '\n' ' ')"
    grep -E "Test run with|tests? passed|failed" "$WORK/make test (after make demo).log" | tail -2 | sed 's/^/  /' || true
  fi
  rm -rf "$WORK/$target"
done
