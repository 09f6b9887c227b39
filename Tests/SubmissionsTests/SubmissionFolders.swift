import Foundation
import Submissions

/// Real folders for the tests: a fresh `submissions/` and `out/` under /tmp, filled from the
/// example submissions of bots/submissions-example or written on the spot.
struct SubmissionFolders {
    let root: String
    var submissions: String { root + "/submissions" }
    var output: String { root + "/out" }
    var workFolder: String { output + "/submissions" }

    /// The repository's bots/submissions-example.
    static let examples: String = {
        let here = URL(fileURLWithPath: #filePath)
        return here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("bots/submissions-example").path
    }()

    init(_ label: String) {
        root = NSTemporaryDirectory() + "salvo-submissions-\(label)-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: root + "/submissions", withIntermediateDirectories: true)
    }

    /// Copies example submissions into `submissions/`.
    func copyExamples(_ names: [String]) throws {
        for name in names {
            try FileManager.default.copyItem(atPath: Self.examples + "/" + name, toPath: submissions + "/" + name)
        }
    }

    /// Writes `files` (relative path: contents) into `submissions/FOLDER`.
    func write(_ folder: String, _ files: [String: String]) throws {
        for (path, contents) in files {
            let full = submissions + "/" + folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try contents.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }

    func settings(takenNames: [String] = []) -> SubmissionSettings {
        SubmissionSettings(folder: submissions, workFolder: workFolder, takenNames: takenNames)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// `SubmissionDiscovery.enter(settings)`: its builds are awaited without holding a thread.
    static func enter(_ settings: SubmissionSettings) async throws -> SubmissionEntries {
        try await SubmissionDiscovery.enter(settings)
    }

    /// The inode and modification time of a file.
    static func identity(_ path: String) -> (inode: UInt64, modified: Double)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_ino), Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }
}
