import Foundation

/// Where the fixtures, the repository and the test artifacts are.
enum Paths {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `.build/test-artifacts/`: screenshots the browser tests leave for people to look at.
    static let artifacts = repository.appendingPathComponent(".build/test-artifacts")

    static func fixture(_ name: String) -> URL { fixtures.appendingPathComponent(name) }
}
