import Foundation

/// Where the test fixtures and the example bots live in the source tree.
enum Paths {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name).path }
    static func example(_ path: String) -> String { repository.appendingPathComponent(path).path }
}
