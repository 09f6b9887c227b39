import Foundation
import Synchronization

/// Salvo's own record of when it first saw each content of each submission folder, kept in
/// `OUTPUT/submissions/first-seen.json`. A season's `deadline:` compares it, never a file's
/// time: a folder touched, or copied with new times (`cp -r`), has the same content and so the
/// same first sighting; a content first seen after the deadline is late, whatever its files'
/// times claim.
///
/// Keyed by folder and content hash (not the build settings): a change of the tournament's
/// build limits makes new versions, not late ones.
///
/// ```swift
/// let record = FirstSeenRecord.read(workFolder: "reports/class/submissions")
/// let seen = record.sighting(folder: "alice", content: hash, now: Date())   // recorded if new
/// try record.write(workFolder: "reports/class/submissions")
/// ```
final class FirstSeenRecord: Sendable {
    /// The file's name in the work folder.
    static let fileName = "first-seen.json"

    /// The file's layout.
    struct File: Codable {
        var schemaVersion = 1
        /// Folder, then content hash (64 hex digits), then when it was first seen.
        var folders: [String: [String: Date]] = [:]
    }

    private let file: Mutex<File>

    init(_ file: File = File()) {
        self.file = Mutex(file)
    }

    /// When `content` of `folder` was first seen: recorded now when it is new.
    func sighting(folder: String, content: String, now: Date) -> Date {
        file.withLock { file in
            if let seen = file.folders[folder]?[content] { return seen }
            file.folders[folder, default: [:]][content] = now
            return now
        }
    }

    /// The record of `workFolder`; empty when there is none. Unreadable is an error: a lost
    /// record would make every version new, and so late.
    static func read(workFolder: String) throws(SubmissionFolderError) -> FirstSeenRecord {
        let path = workFolder + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { return FirstSeenRecord() }
        do {
            return FirstSeenRecord(try decoder.decode(File.self, from: data))
        } catch {
            throw SubmissionFolderError("\(path) cannot be read (\(error.localizedDescription)); it records when each version was first seen, for the deadline: restore it from a backup, or remove it to count every version as seen now")
        }
    }

    /// Writes the record into `workFolder`, replacing the last one in one rename.
    func write(workFolder: String) throws(SubmissionFolderError) {
        let path = workFolder + "/" + Self.fileName
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            let data = try encoder.encode(file.withLock { $0 })
            try (data + Data("\n".utf8)).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw SubmissionFolderError("cannot write \(path) (\(error.localizedDescription)); check that the output folder is writable")
        }
    }

    private static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
