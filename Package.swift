// swift-tools-version: 6.0
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Salvo",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "salvo", targets: ["SalvoCLI"]),
        .library(name: "BattleshipRules", targets: ["BattleshipRules"]),
        .library(name: "BattleshipServer", targets: ["BattleshipServer"]),
        .library(name: "Bots", targets: ["Bots"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // Pure game rules: board, fleet, seeded placement, shot resolution, turns. No dependencies.
        .target(name: "BattleshipRules", swiftSettings: swiftSettings),
        // Codable wire types of the seven REST endpoints, shared by server and client.
        .target(name: "BattleshipAPI", swiftSettings: swiftSettings),
        // The embedded, wire-compatible server: game service, SQLite store, HTTP routes.
        .target(
            name: "BattleshipServer",
            dependencies: [
                "BattleshipRules",
                "BattleshipAPI",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        // Bots: the `Bot` protocol, built-in strategies, external bot processes, solo benchmarking.
        .target(name: "Bots", dependencies: ["BattleshipRules"], swiftSettings: swiftSettings),
        // The `salvo` command-line tool.
        .executableTarget(
            name: "SalvoCLI",
            dependencies: [
                "BattleshipServer",
                "Bots",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(name: "BattleshipRulesTests", dependencies: ["BattleshipRules"], swiftSettings: swiftSettings),
        .testTarget(
            name: "BotsTests",
            dependencies: ["Bots", "BattleshipRules"],
            exclude: ["Fixtures"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "BattleshipServerTests",
            dependencies: [
                "BattleshipServer",
                "BattleshipAPI",
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
