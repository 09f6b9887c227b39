#!/usr/bin/env bash
# Side by side: the HdrHistogram LoadTest had of its own (Sources/LoadTest/HdrHistogram.swift
# as of REV) against the package HdrHistogram/hdrhistogram-swift 0.2.0, where `salvo load`
# uses one: recording two latencies per request, and the report's percentile queries.
# Builds benchmarks/histogram-bench.swift with both into a scratch package (release) and runs
# it: rounds alternate which side goes first; prints medians and the median ratio.
# Usage: benchmarks/histogram.sh [rounds] [requests]     (REV=commit, default 6cf649e)
set -euo pipefail
ROUNDS=${1:-15}
REQUESTS=${2:-1000000}
REV=${REV:-6cf649e}
HERE=$(cd "$(dirname "$0")" && pwd)
WORK="$HERE/results/histogram"
mkdir -p "$WORK/Sources/HistogramBench"
git -C "$HERE" show "$REV:Sources/LoadTest/HdrHistogram.swift" > "$WORK/Sources/HistogramBench/OwnHdrHistogram.swift"
cp "$HERE/histogram-bench.swift" "$WORK/Sources/HistogramBench/main.swift"
cat > "$WORK/Package.swift" <<'PACKAGE'
// swift-tools-version: 6.0
import PackageDescription
let package = Package(
    name: "HistogramBench",
    dependencies: [.package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", exact: "0.2.0")],
    targets: [
        .executableTarget(
            name: "HistogramBench",
            dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
    ]
)
PACKAGE
swift build -c release --package-path "$WORK" >&2
"$WORK/.build/release/HistogramBench" "$ROUNDS" "$REQUESTS"
