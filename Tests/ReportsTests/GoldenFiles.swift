import Foundation
import Testing

/// Golden files under Tests/ReportsTests/Golden: reports are compared with them byte for
/// byte, so any change to a report's bytes shows up in review. To accept a change on
/// purpose, run the tests with `SALVO_UPDATE_GOLDEN=1` (they then rewrite the files and
/// fail once, so an update is never silent) and review the diff:
///
///     SALVO_UPDATE_GOLDEN=1 swift test --skip-build --filter ReportsTests.GoldenFileTests
enum GoldenFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static var updating: Bool { ProcessInfo.processInfo.environment["SALVO_UPDATE_GOLDEN"] == "1" }

    /// Checks `data` against the golden file `name`, or rewrites it when updating.
    static func check(_ data: Data, against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if updating {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: url)
            Issue.record(
                "Rewrote the golden file \(name); review the diff and run again without SALVO_UPDATE_GOLDEN.", sourceLocation: sourceLocation)
            return
        }
        let expected = try Data(contentsOf: url)
        #expect(
            data == expected,
            "\(name) differs from its golden file; if the change is intended, regenerate with SALVO_UPDATE_GOLDEN=1 and review the diff",
            sourceLocation: sourceLocation)
        if data != expected {
            // Print the first differing line to make the failure readable.
            let got = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let want = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            if let line = zip(got, want).enumerated().first(where: { $0.element.0 != $0.element.1 }) {
                Issue.record("line \(line.offset + 1): got `\(line.element.0)`, expected `\(line.element.1)`", sourceLocation: sourceLocation)
            }
        }
    }
}
