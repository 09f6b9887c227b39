#!/usr/bin/env bash
# Side by side: the DeadlineHeap Salvo had of its own (Sources/DeadlineHeap/DeadlineHeap.swift
# as of REV) against swift-collections' Heap (HeapModule), which the client's WakeTimer and the
# bots' BotEventLoop use since issue 41. Builds benchmarks/heap-bench.swift with both into a
# scratch package (release) and runs it: rounds rotate which side goes first; prints medians
# and the median ratios.
# Usage: benchmarks/heap.sh [rounds] [operations]     (REV=commit, default c198c39)
set -euo pipefail
ROUNDS=${1:-15}
OPERATIONS=${2:-2000000}
REV=${REV:-c198c39}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK="$HERE/results/heap"
mkdir -p "$WORK/Sources/HeapBench"
git -C "$HERE" show "$REV:Sources/DeadlineHeap/DeadlineHeap.swift" > "$WORK/Sources/HeapBench/DeadlineHeap.swift"
cp "$HERE/heap-bench.swift" "$WORK/Sources/HeapBench/main.swift"
cat > "$WORK/Package.swift" <<'PACKAGE'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "HeapBench",
    dependencies: [.package(url: "https://github.com/apple/swift-collections", exact: "1.6.0")],
    targets: [
        .executableTarget(
            name: "HeapBench",
            dependencies: [.product(name: "HeapModule", package: "swift-collections")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
PACKAGE
swift build -c release --package-path "$WORK" >&2
"$WORK/.build/release/HeapBench" "$ROUNDS" "$OPERATIONS"
