import Foundation
import JSONCoding
import Synchronization

/// Salvo's own record of a class's versions, kept in `OUTPUT/submissions/versions.json`:
/// when it first saw each content of each submission folder, and the versions of each folder
/// it entered last.
///
/// - A season's `deadline:` compares the first sighting, never a file's time: a folder
///   touched, or copied with new times (`cp -r`), has the same content and so the same first
///   sighting; a content first seen after the deadline is late, whatever its files' times
///   claim. Sightings are keyed by folder and content hash (not the build settings): a change
///   of the tournament's build limits makes new versions, not late ones.
/// - The built copies kept (``SubmissionRetention``) are those of the last
///   ``keptVersions`` versions entered per folder: the current one, and the last good one that
///   stays current when a newer one is not entered.
///
/// ```swift
/// let history = try VersionHistory.read(workFolder: "reports/class/submissions")
/// let seen = history.sighting(folder: "alice", content: hash, now: Date())   // recorded if new
/// history.entered(folder: "alice", version: "3f9c2a1b7d04")
/// try history.write(workFolder: "reports/class/submissions")
/// ```
final class VersionHistory: Sendable {
    /// The file's name in the work folder.
    static let fileName = "versions.json"
    /// How many entered versions of a folder keep their built copies.
    static let keptVersions = 3

    /// The file's layout.
    struct File: Codable {
        var schemaVersion = 1
        /// Folder, then content hash (64 hex digits), then when it was first seen.
        var firstSeen: [String: [String: Date]] = [:]
        /// Folder, then its last entered versions, oldest first.
        var entered: [String: [String]] = [:]
    }

    private let file: Mutex<File>

    init(_ file: File = File()) {
        self.file = Mutex(file)
    }

    /// When `content` of `folder` was first seen: recorded now when it is new.
    func sighting(folder: String, content: String, now: Date) -> Date {
        file.withLock { file in
            if let seen = file.firstSeen[folder]?[content] { return seen }
            file.firstSeen[folder, default: [:]][content] = now
            return now
        }
    }

    /// Records that `version` of `folder` was entered (the newest of its entered versions).
    func entered(folder: String, version: String) {
        file.withLock { file in
            var versions = file.entered[folder, default: []].filter { $0 != version }
            versions.append(version)
            file.entered[folder] = Array(versions.suffix(Self.keptVersions))
        }
    }

    /// The last entered versions of `folder`, oldest first.
    func enteredVersions(of folder: String) -> [String] {
        file.withLock { $0.entered[folder, default: []] }
    }

    /// The record of `workFolder`; empty when there is none. Unreadable is an error: a lost
    /// record would make every version new, and so late.
    static func read(workFolder: String) throws(SubmissionFolderError) -> VersionHistory {
        let path = workFolder + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { return VersionHistory() }
        do {
            return VersionHistory(try JSONFormat.decoder().decode(File.self, from: data))
        } catch {
            throw SubmissionFolderError(
                "\(path) cannot be read (\(error.localizedDescription)); it records when each version was first seen, for the deadline: restore it from a backup, or remove it to count every version as seen now"
            )
        }
    }

    /// Writes the record into `workFolder`, replacing the last one in one rename.
    func write(workFolder: String) throws(SubmissionFolderError) {
        let path = workFolder + "/" + Self.fileName
        do {
            try JSONFormat.file(file.withLock { $0 }).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SubmissionFolderError("cannot write \(path) (\(error.localizedDescription)); check that the output folder is writable")
        }
    }
}
