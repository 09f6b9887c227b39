// swift-tools-version: 6.1
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

let package = Package(
    name: "Salvo",
    products: [
        .executable(name: "salvo", targets: ["SalvoCLI"]),
        .library(name: "BattleshipRules", targets: ["BattleshipRules"]),
        .library(name: "BattleshipServer", targets: ["BattleshipServer"]),
        .library(name: "CurlHTTP", targets: ["CurlHTTP"]),
        .library(name: "BattleshipClient", targets: ["BattleshipClient"]),
        .library(name: "Bots", targets: ["Bots"]),
    ],
    dependencies: [
        // Without Hummingbird's default trait ConfigurationSupport, which Salvo never uses: it would
        // build swift-configuration, 3% of a release build's CPU (BENCHMARKS.md, issue 30).
        // FullFoundation stays (Hummingbird's URL-encoded forms on Foundation, as before).
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // The arena's bearer tokens: an authenticator middleware puts the student in the request's context.
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        // The arena's roster, read as CSV (RFC 4180 quoting).
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        // NIOHTTPTypes: the HTTP request parts HTTPGuards' deadline handler reads (Hummingbird's own).
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.34.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        // HeapModule: the timers of the client and of the bots' event loop (swift-nio already
        // builds this package for its DequeModule; issue 41 replaced Salvo's own heap with it).
        .package(url: "https://github.com/apple/swift-collections", from: "1.1.0"),
    ],
    targets: [
        // Pure game rules: board, fleet, seeded placement, shot resolution, turns. No dependencies.
        .target(name: "BattleshipRules", swiftSettings: swiftSettings),
        // JSON read and written in Salvo's two ways (docs/json.md): the strict byte-level reader
        // and writer of the hot paths (wire bodies, the journal's game lines, replays), and the
        // one JSONEncoder/JSONDecoder set-up (JSONFormat) for everything else. No dependencies.
        .target(name: "JSONCoding", swiftSettings: swiftSettings),
        // The wire types of the seven REST endpoints, shared by server and client, each read and
        // written by hand with JSONCoding's reader and writer.
        .target(name: "BattleshipAPI", dependencies: ["JSONCoding"], swiftSettings: swiftSettings),
        // Which Salvo this is: the version number, written once, and the git commit the Makefile
        // stamps into CBuildInfo at build time ("unknown" without it).
        .target(name: "SalvoVersion", dependencies: ["CBuildInfo"], swiftSettings: swiftSettings),
        .target(name: "CBuildInfo"),
        // A Duration read as seconds, milliseconds, microseconds or nanoseconds. No dependencies.
        .target(name: "DurationUnits", swiftSettings: swiftSettings),
        // "Did you mean …?" for a misspelt key of a tournament file or a bot's manifest. No dependencies.
        .target(name: "Suggestions", swiftSettings: swiftSettings),
        // libcurl as a C module, with non-variadic wrappers of curl_easy_setopt / getinfo.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"])]
        ),
        // OpenSSL's libcrypto (the one libcurl links) as a C module: SHA-256 and HMAC.
        .systemLibrary(
            name: "CLibCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        // SHA-256 and HMAC-SHA256 from the system's libcrypto: the bots' seeds, the submissions' cache keys;
        // and the one FNV-1a (64 bits) of the values already written with it (resume digests, old fleet keys).
        .target(name: "Digests", dependencies: ["CLibCrypto"], swiftSettings: swiftSettings),
        // An async/await HTTP client over libcurl's multi interface.
        .target(name: "CurlHTTP", dependencies: ["CCurl", "DurationUnits"], swiftSettings: swiftSettings),
        // The typed client of the seven endpoints: errors, retries, rate limiting, turn polling.
        .target(
            name: "BattleshipClient",
            dependencies: [
                "CurlHTTP", "BattleshipAPI", "JSONCoding", "BattleshipRules", "DurationUnits",
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        // What Salvo's HTTP services refuse at the door: requests that stall or trickle in,
        // and clients past their rate.
        .target(
            name: "HTTPGuards",
            dependencies: [
                "JSONCoding", "RunControl",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // How Salvo's three HTTP services (the Battleship server, the live board, the arena) start and
        // stop, in one ServiceGroup with their other services; their errors as one Problem; their
        // plain replies; a folder served by Hummingbird's FileMiddleware without leaving it.
        .target(
            name: "ServiceKit",
            dependencies: [
                "HTTPGuards", "JSONCoding",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ],
            swiftSettings: swiftSettings
        ),
        // The embedded, wire-compatible server: game service, SQLite store, HTTP routes.
        .target(
            name: "BattleshipServer",
            dependencies: [
                "HTTPGuards",
                "ServiceKit",
                "BattleshipRules",
                "BattleshipAPI",
                "JSONCoding",
                "DurationUnits",
                "SalvoVersion",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CoreMetrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            swiftSettings: swiftSettings
        ),
        // A stop request shared by whoever asks (Ctrl-C, a test) and the long job that obeys.
        .target(name: "RunControl", swiftSettings: swiftSettings),
        // The bubblewrap sandbox of external bots: namespaces, read-only system, private /tmp,
        // cgroup or rlimit caps; fails closed where bwrap cannot run.
        .target(name: "Sandbox", dependencies: ["Bots", "Processes", "CSeccomp"], swiftSettings: swiftSettings),
        // The sandbox's deny-by-default system-call filter, built with Debian's libseccomp
        // (libseccomp-dev) and handed to bwrap as BPF (docs/sandbox.md lists the policy).
        .target(name: "CSeccomp", linkerSettings: [.linkedLibrary("seccomp")]),
        // A class's submissions: the `bots_from:` folder's bots, their manifests, and their
        // builds in the sandbox, cached by content.
        .target(
            name: "Submissions",
            dependencies: [
                "Bots", "Processes", "Sandbox", "JSONCoding", "RunControl", .product(name: "Yams", package: "Yams"), "Digests", "Suggestions",
            ],
            swiftSettings: swiftSettings
        ),
        // Tournaments: the tournament file, the schedule, the journal of a run, the folder lock.
        .target(
            name: "Tournament",
            dependencies: [
                "Suggestions",
                "RunControl",
                "DurationUnits",
                "BattleshipRules",
                "Ratings",
                "Matchmaking",
                "BattleshipAPI",
                "JSONCoding",
                "BattleshipClient",
                "Bots",
                "SalvoVersion",
                "SafeText",
                "Digests",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        // Bots: the `Bot` protocol, built-in strategies, external bot processes, solo benchmarking.
        .target(
            name: "Bots",
            dependencies: ["BattleshipRules", "DurationUnits", "CProcess", "Processes", "Digests", "SafeText"],
            swiftSettings: swiftSettings
        ),
        // Child processes: spawning (plain, or prepared in the child: descriptors, cgroups,
        // limits, user), the event loop their pipes and pidfds wait on, stderr logs, cgroup
        // files, the registry that kills them all on an abrupt exit. Nothing of bots or games.
        .target(
            name: "Processes",
            dependencies: ["CProcess", .product(name: "HeapModule", package: "swift-collections")],
            swiftSettings: swiftSettings
        ),
        // glibc's pipe2 and posix_spawn_file_actions_addclosefrom_np, which need _GNU_SOURCE.
        .target(name: "CProcess"),
        // Ratings: joint Bradley–Terry (Elo) fit, likelihood of superiority, Elo difference, SPRT, the
        // standings' statistical ties. No dependencies.
        .target(name: "Ratings", swiftSettings: swiftSettings),
        // Which games to play: adaptive matchmaking, the settle step, Kendall's tau, and the simulator of `salvo bench matchmaking`. Pure.
        .target(name: "Matchmaking", dependencies: ["Ratings", "BattleshipRules"], swiftSettings: swiftSettings),
        // The conformance suite of `salvo check`: named checks of a server against the API reference.
        .target(
            name: "Conformance",
            dependencies: ["CurlHTTP", "BattleshipAPI", "JSONCoding", "BattleshipRules", "DurationUnits"],
            swiftSettings: swiftSettings
        ),
        // Text a submission wrote made safe for each place it goes: the terminal (control
        // characters shown), a CSV cell (no formula), a file name (one-to-one), a word of a shell
        // command line (ShellText, the one shell quoting). HTML is HTMLText's.
        .target(name: "SafeText", dependencies: ["Digests"], swiftSettings: swiftSettings),
        // Markup that escapes by default (Markup): the one way pages are written; the one escape for element content and attribute values, JSON for script elements. No dependencies.
        .target(name: "HTMLText", swiftSettings: swiftSettings),
        // The one count of a tournament's results: tallies folded one game record at a time, the
        // standings in one order and the rating fit, for every output (terminal, live, reports). No I/O.
        .target(name: "Scoring", dependencies: ["Tournament", "Ratings"], swiftSettings: swiftSettings),
        // Reports of a run: results.json, replays as JSON, the self-contained HTML pages.
        .target(
            name: "Reports",
            dependencies: [
                "Tournament", "Scoring", "Submissions", "Ratings", "Bots", "BattleshipRules", "BattleshipAPI", "JSONCoding", "HTMLText", "SafeText",
                "SalvoVersion", "Digests", "CZlib",
            ],
            // The pages' style sheets and scripts, compiled into the binary (no bundle beside it).
            resources: [
                .embedInCode("Pages/page.css"), .embedInCode("Pages/bot-page.css"),
                .embedInCode("Replays/replay-viewer.css"), .embedInCode("Replays/replay-viewer-pack.css"),
                .embedInCode("Replays/replay-viewer-core.js"), .embedInCode("Replays/replay-page.js"), .embedInCode("Replays/replay-viewer-pack.js"),
            ],
            swiftSettings: swiftSettings
        ),
        // zlib as a C module: the report's packs of replays are deflated (Reports/Deflate.swift).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // Live standings of a run in progress (`salvo run --live`): a read-only page on loopback
        // with the standings so far, pushed to browsers over Server-Sent Events. No ids served.
        .target(
            name: "LiveStandings",
            dependencies: [
                "Tournament", "Scoring", "Reports", "HTMLText", "JSONCoding", "HTTPGuards", "ServiceKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.embedInCode("live-page.css"), .embedInCode("live-page.js")],
            swiftSettings: swiftSettings
        ),
        // Load testing of any Battleship server: HdrHistogram percentiles, open-loop timetable, games played by built-in bots,
        // and `salvo load` as one library call (LoadRun: the server host of Orchestrator, the clients, the report's files).
        .target(
            name: "LoadTest",
            dependencies: [
                "RunControl", "CurlHTTP", "BattleshipAPI", "JSONCoding", "BattleshipRules", "Bots", "HTMLText", "DurationUnits", "SalvoVersion",
                "Orchestrator", "Tournament", .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            resources: [.embedInCode("load-report.css")],
            swiftSettings: swiftSettings
        ),
        // One tournament file run as a library call (its submissions entered, a season's shard
        // night opened, the folder lock, server, journal, games, reports), a bot's check as
        // bot-check and the arena make it, a run published, and the one choice between the
        // embedded server and a URL, for run, load and check.
        .target(
            name: "Orchestrator",
            dependencies: [
                "RunControl", "Tournament", "Submissions", "Reports", "BattleshipServer", "BattleshipClient", "BattleshipAPI", "BattleshipRules",
                "CurlHTTP", "Bots", "Processes", "Sandbox", "JSONCoding",
                "DurationUnits", "CProcess",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // libarchive (Debian's libarchive-dev) as a C module: the arena's uploads, tar.gz or zip.
        .systemLibrary(
            name: "CArchive",
            pkgConfig: "libarchive",
            providers: [.apt(["libarchive-dev"])]
        ),
        // An uploaded archive unpacked into a folder, refusing what could leave it or fill the
        // disk (absolute paths, `..`, outward links, devices, bombs); a folder packed for upload.
        .target(name: "ArchiveIntake", dependencies: ["CArchive"], swiftSettings: swiftSettings),
        // The arena (issue 42): a class's competition that plays as students upload: its folder,
        // roster and tokens (hashes only), uploads and their states in SQLite through GRDB, the
        // queue that checks, enters and plays them, and its HTTP service.
        .target(
            name: "Arena",
            dependencies: [
                "Submissions", "Digests", "Tournament", "Orchestrator", "ArchiveIntake", "Bots", "Reports", "RunControl", "HTMLText", "HTTPGuards",
                "JSONCoding", "Sandbox", "CurlHTTP", "DurationUnits",
                "ServiceKit",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdAuth", package: "hummingbird-auth"),
                .product(name: "SwiftCSV", package: "SwiftCSV"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [
                .embedInCode("arena-leaderboard.css"), .embedInCode("arena-leaderboard.js"), .embedInCode("arena-upload.css"),
                .embedInCode("arena-upload.js"),
            ],
            swiftSettings: swiftSettings
        ),
        // Past one machine: the merge of a sharded tournament's journals, and the files that run
        // its shards on Slurm and Kubernetes (the engines run `salvo run --shard`).
        .target(name: "Cluster", dependencies: ["Tournament", "Reports", "LoadTest", "SafeText", "JSONCoding"], swiftSettings: swiftSettings),
        // The `salvo` command-line tool.
        .executableTarget(
            name: "SalvoCLI",
            dependencies: [
                "BattleshipServer",
                "BattleshipClient",
                "BattleshipAPI",
                "JSONCoding",
                "BattleshipRules",
                "CurlHTTP",
                "Bots",
                "Processes",
                "Tournament",
                "Scoring",
                "Matchmaking",
                "Submissions",
                "Conformance",
                "Reports",
                "LoadTest",
                "Orchestrator",
                "Cluster",
                "LiveStandings",
                "RunControl",
                "DurationUnits",
                "Sandbox",
                "SalvoVersion",
                "SafeText",
                "Arena",
                "ArchiveIntake",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "MatchmakingTests", dependencies: ["Matchmaking", "Ratings", "BattleshipRules"], swiftSettings: swiftSettings),
        .testTarget(name: "HTMLTextTests", dependencies: ["HTMLText"], swiftSettings: swiftSettings),
        .testTarget(name: "BattleshipRulesTests", dependencies: ["BattleshipRules"], swiftSettings: swiftSettings),
        .testTarget(name: "RatingsTests", dependencies: ["Ratings"], swiftSettings: swiftSettings),
        // Child processes alone: a build's process, its log, its group killed.
        .testTarget(name: "ProcessesTests", dependencies: ["Processes"], swiftSettings: swiftSettings),
        // The scoreboard's rules over hand-made game records: tallies, order, forfeits, the fit.
        .testTarget(name: "ScoringTests", dependencies: ["Scoring", "Tournament", "BattleshipRules", "Bots"], swiftSettings: swiftSettings),
        // The live standings server over real HTTP, fed by a real tournament run.
        .testTarget(
            name: "LiveStandingsTests",
            dependencies: [
                "LiveStandings", "Scoring", "Orchestrator", "Tournament", "Reports", "RunControl", "Bots", "BattleshipRules", "SalvoTestSupport",
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "DurationUnitsTests", dependencies: ["DurationUnits"], swiftSettings: swiftSettings),
        // Hostile archives (written with libarchive itself) against the unpacker's refusals.
        .testTarget(name: "ArchiveIntakeTests", dependencies: ["ArchiveIntake"], swiftSettings: swiftSettings),
        // The arena: its roster and tokens in a real SQLite file, its service over real HTTP with
        // real uploads, checks in the real sandbox and a real season.
        .testTarget(
            name: "ArenaTests",
            dependencies: [
                "Arena", "ArchiveIntake", "CurlHTTP", "Bots", "Sandbox", "RunControl", "Reports", "JSONCoding", "SalvoTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
        // Each output's escape against the attacks of a hostile label: terminal, CSV, file names,
        // shell words (through a real /bin/sh).
        .testTarget(name: "SafeTextTests", dependencies: ["SafeText", "SalvoTestSupport"], swiftSettings: swiftSettings),
        // SHA-256 and HMAC-SHA256 against the test vectors of FIPS 180-2 and RFC 4231; FNV-1a against
        // its reference's vectors.
        .testTarget(name: "DigestsTests", dependencies: ["Digests"], swiftSettings: swiftSettings),
        // The strict JSON reader and writer against RFC 8259 and Foundation, and the one encoder set-up.
        .testTarget(name: "JSONCodingTests", dependencies: ["JSONCoding", "BattleshipRules", "SalvoTestSupport"], swiftSettings: swiftSettings),
        // The wire types, read and written by hand.
        .testTarget(
            name: "BattleshipAPITests", dependencies: ["BattleshipAPI", "JSONCoding", "BattleshipRules", "SalvoTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "ReportsTests",
            dependencies: [
                "Reports", "JSONCoding", "HTMLText", "SafeText", "Tournament", "Bots", "BattleshipRules", "SalvoTestSupport", "SalvoVersion",
                "Submissions",
            ],
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TournamentTests",
            dependencies: [
                "Tournament", "Orchestrator", "Ratings", "BattleshipRules", "BattleshipServer", "BattleshipClient", "CurlHTTP", "Bots",
                "MutantServer", "SalvoTestSupport", "SalvoVersion",
                "LoopbackTestServer", "BattleshipAPI", "JSONCoding", "Reports",
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // Sharded tournaments: the split, the merge, and the same tournament as one process.
        // A private single-node Slurm cluster (munged, slurmctld, slurmd in a temporary folder) and
        // the official Kubernetes schemas (kubernetes-validate), for `salvo cluster` (docs/cluster-testing.md).
        .testTarget(
            name: "ClusterTests",
            dependencies: [
                "Cluster", "Tournament", "Orchestrator", "Reports", "Bots", "LoadTest", "CProcess", "JSONCoding", "SalvoTestSupport",
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        // Shared by the test targets that run the `salvo` executable or start a server; with the
        // OpenAPI documents of docs/openapi read (Yams) and replies checked against them (JSONCoding).
        .target(
            name: "SalvoTestSupport",
            dependencies: ["JSONCoding", .product(name: "Yams", package: "Yams")],
            path: "Tests/SalvoTestSupport",
            swiftSettings: swiftSettings
        ),
        // Real headless Chromium over the DevTools protocol (--remote-debugging-pipe), for the browser tests.
        .target(name: "HeadlessBrowser", dependencies: ["DurationUnits"], path: "Tests/HeadlessBrowser", swiftSettings: swiftSettings),
        // The HTML reports opened in real headless Chromium: standings, escaping, replay keys, phone width.
        .testTarget(
            name: "BrowserTests",
            dependencies: ["HeadlessBrowser", "SalvoTestSupport", "CurlHTTP", "JSONCoding"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // A misbehaving HTTP server on loopback for the client's fault tests.
        .target(name: "LoopbackTestServer", dependencies: ["DurationUnits"], path: "Tests/LoopbackTestServer", swiftSettings: swiftSettings),
        .testTarget(
            name: "HTTPGuardsTests", dependencies: ["HTTPGuards", .product(name: "NIOCore", package: "swift-nio")], swiftSettings: swiftSettings),
        // The service kit over real HTTP on loopback: start, graceful stop, the problem shape, a folder's files.
        .testTarget(
            name: "ServiceKitTests",
            dependencies: [
                "ServiceKit", "HTTPGuards", "SalvoTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "CurlHTTPTests", dependencies: ["CurlHTTP", "LoopbackTestServer"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BattleshipClientTests",
            dependencies: ["BattleshipClient", "CurlHTTP", "BattleshipAPI", "BattleshipRules", "LoopbackTestServer"],
            swiftSettings: swiftSettings
        ),
        // Hostile bots (real programs, one attack each) against the real bubblewrap sandbox.
        .testTarget(
            name: "SandboxTests",
            dependencies: ["Sandbox", "Orchestrator", "Tournament", "Bots", "BattleshipRules", "SalvoTestSupport", "CProcess", "CSeccomp"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        // Real submission folders built by real compilers in the real sandbox.
        .testTarget(
            name: "SubmissionsTests",
            dependencies: ["Submissions", "Tournament", "Orchestrator", "Bots", "Processes", "Sandbox", "RunControl", "SalvoTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BotsTests",
            dependencies: ["Bots", "BattleshipRules"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "SalvoCLITests",
            dependencies: [
                "SalvoCLI", "BattleshipServer", "BattleshipClient", "CurlHTTP", "LoopbackTestServer", "SalvoTestSupport", "SalvoVersion",
                .product(name: "Logging", package: "swift-log"), .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Golden"],
            swiftSettings: swiftSettings
        ),
        // A small Battleship server with one switchable fault, for the conformance suite's tests.
        .target(
            name: "MutantServer",
            dependencies: [
                "BattleshipRules",
                "SalvoTestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/MutantServer",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "ConformanceTests",
            dependencies: [
                "Conformance", "MutantServer", "BattleshipServer", "BattleshipRules", "CurlHTTP", "LoopbackTestServer", "SalvoTestSupport",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "LoadTestTests",
            dependencies: [
                "LoadTest", "BattleshipAPI", "JSONCoding", "BattleshipServer", "CurlHTTP", "LoopbackTestServer", "MutantServer", "SalvoTestSupport",
                "SalvoVersion",
                "Tournament", "RunControl",
                .product(name: "Logging", package: "swift-log"), .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BattleshipServerTests",
            dependencies: [
                "BattleshipServer",
                "HTTPGuards",
                "BattleshipAPI",
                "JSONCoding",
                "BattleshipRules",
                "SalvoTestSupport",
                "SalvoVersion",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
