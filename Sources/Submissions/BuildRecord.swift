import Foundation
import JSONCoding

/// What the last build of a submission gave, kept in the build cache
/// (`OUTPUT/submissions/cache/FOLDER.json`) so that a build is redone only when the folder's
/// contents or the build's settings change.
///
/// One compact line of JSON, written and read with ``JSONFormat``:
/// `{"key":"9f…","reason":"…","seconds":1.5,"succeeded":false}` (`reason` only on a failure).
/// Until 0.4 it was written by hand with the members in another order; such a record still
/// reads, so an upgrade rebuilds nothing.
struct BuildRecord: Hashable, Sendable, Codable {
    /// SHA-256 of the folder's contents and the build's settings (``SubmissionBuilds/key``).
    var key: String
    var succeeded: Bool
    /// Why the build failed, with its log's tail; nil when it succeeded.
    var reason: String?
    /// How long it took on the clock.
    var seconds: Double

    /// The record as one JSON object.
    func json() throws -> Data {
        try JSONFormat.encoder(pretty: false).encode(self)
    }

    /// The record in `path`; nil when there is none or it cannot be read (then the build is
    /// redone).
    static func read(from path: String) -> BuildRecord? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONFormat.decoder().decode(BuildRecord.self, from: data)
    }

    /// Writes the record to `path` through a temporary file and a rename, so a run killed
    /// mid-write leaves the old record or none.
    func write(to path: String) throws(SubmissionProblem) {
        let temporary = path + ".tmp"
        guard let data = try? json(), FileManager.default.createFile(atPath: temporary, contents: data), rename(temporary, path) == 0 else {
            throw SubmissionProblem("cannot write the build cache \(path); check that the output folder is writable")
        }
    }
}
