import BattleshipAPI
import Foundation

/// What the last build of a submission gave, kept in the build cache
/// (`OUTPUT/submissions/cache/FOLDER.json`) so that a build is redone only when the folder's
/// contents or the build's settings change.
struct BuildRecord: Hashable, Sendable {
    /// SHA-256 of the folder's contents and the build's settings (``SubmissionBuilds/key``).
    var key: String
    var succeeded: Bool
    /// Why the build failed, with its log's tail; nil when it succeeded.
    var reason: String?
    /// How long it took on the clock.
    var seconds: Double

    /// The record as one JSON object.
    var json: [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("key")
        writer.string(key)
        writer.key("succeeded")
        writer.bool(succeeded)
        if let reason {
            writer.key("reason")
            writer.string(reason)
        }
        writer.key("seconds")
        writer.double(seconds)
        writer.endObject()
        return writer.bytes
    }

    /// The record in `path`; nil when there is none or it cannot be read (then the build is
    /// redone).
    static func read(from path: String) -> BuildRecord? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONReader.read(Array(data)) { reader throws(JSONError) -> BuildRecord in
            var key: String?, succeeded: Bool?, reason: String?, seconds = 0.0
            let start = try reader.beginObject()
            while let name = try reader.nextKey() {
                switch name {
                case "key": key = try reader.string()
                case "succeeded": succeeded = try reader.bool()
                case "reason": reason = try reader.string()
                case "seconds": seconds = try reader.double()
                default: try reader.skipValue()
                }
            }
            return BuildRecord(
                key: try reader.required(key, "key", inObjectAt: start), succeeded: try reader.required(succeeded, "succeeded", inObjectAt: start),
                reason: reason, seconds: seconds
            )
        }
    }

    /// Writes the record to `path` through a temporary file and a rename, so a run killed
    /// mid-write leaves the old record or none.
    func write(to path: String) throws(SubmissionProblem) {
        let temporary = path + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(json)), rename(temporary, path) == 0 else {
            throw SubmissionProblem("cannot write the build cache \(path); check that the output folder is writable")
        }
    }
}
