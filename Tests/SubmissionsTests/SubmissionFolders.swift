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

    /// Runs `body` (builds, a whole game: seconds of waiting on child processes) on a thread of
    /// its own, so it does not hold one of the cooperative pool's threads, which are as many as
    /// the cores (2 here) and shared by every suite running at once.
    static func offThePool<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// `SubmissionDiscovery.enter(settings)`, off the pool.
    static func enter(_ settings: SubmissionSettings) async throws -> SubmissionEntries {
        try await offThePool { try SubmissionDiscovery.enter(settings) }
    }

    /// The inode and modification time of a file.
    static func identity(_ path: String) -> (inode: UInt64, modified: Double)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return (UInt64(status.st_ino), Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }
}
