import Foundation
import Synchronization

/// The output folder's free space, shared by the builds of one discovery: before a build runs,
/// room for all it may write (its disk's size) is reserved, besides what the run keeps for its
/// journal and reports, so that a shortage stops the night before anything, with the numbers,
/// and is never met halfway through a build or a game, nor charged to a student.
///
/// ```swift
/// let space = DiskSpace(folder: "out/submissions")
/// if let shortage = space.reserve(512 << 20) { throw SubmissionFolderError(shortage) }
/// defer { space.release(512 << 20) }
/// ```
final class DiskSpace: Sendable {
    /// Kept free for the run's journal, server database and reports.
    static let runMargin = 64 << 20

    let folder: String
    private let reserved = Mutex(0)

    init(folder: String) {
        self.folder = folder
    }

    /// The bytes free to this process on the folder's file system; nil when it cannot be read.
    var available: Int? {
        var status = statvfs()
        guard statvfs(folder, &status) == 0 else { return nil }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Reserves `bytes` (nothing for the run's margin alone); why not, in a sentence with the
    /// numbers, when the file system has too little free.
    func reserve(_ bytes: Int) -> String? {
        guard let available else { return nil }
        return reserved.withLock { reserved in
            let needed = reserved + bytes + Self.runMargin
            guard available < needed else {
                reserved += bytes
                return nil
            }
            let what = bytes == 0 ? "" : ", and a build may write up to \(bytes >> 20) MiB (build_disk_mb)"
            return
                "the output folder's file system (\(folder)) has \(available >> 20) MiB free\(what), with \(Self.runMargin >> 20) MiB kept for the journal and reports\(reserved > 0 ? " and \(reserved >> 20) MiB for the builds running now" : ""): free space there\(bytes == 0 ? "" : " or lower build_disk_mb"), then run again; nothing was played"
        }
    }

    /// Gives back what ``reserve(_:)`` took.
    func release(_ bytes: Int) {
        reserved.withLock { $0 -= bytes }
    }
}
