import Foundation
import Orchestrator

/// The arena's disk, which is the host's and not any student's: free space below what the
/// arena keeps (``ArenaSettings/diskReserveBytes``) refuses uploads before their bodies are read
/// (507, nobody's quota charged) and holds the queue's checks until space returns (the uploads
/// stay queued, never refused for it), each said in the log and in `salvo arena status`.
///
/// ```swift
/// let disk = ArenaDisk(arena: "cs101", settings: settings)
/// if let shortage = disk.uploadShortage { print(shortage) }   // "the arena's disk (cs101) has 61 MiB free; …"
/// ```
public struct ArenaDisk: Sendable {
    public let folder: String
    /// Kept free whatever comes.
    public let reserve: Int
    /// The largest upload.
    let uploadBytes: Int
    /// What a check may write: its upload unpacked, its build's disk and the run's margin.
    let checkBytes: Int

    public init(arena: String, settings: ArenaSettings) {
        folder = arena
        reserve = settings.diskReserveBytes
        uploadBytes = settings.uploadBytes
        let build = settings.tournament.botsFrom.map { SubmissionEntry.settings($0, workFolder: arena + "/work").diskNeededPerBuild } ?? 0
        checkBytes = settings.uploadBytes + build
    }

    /// Why an upload cannot be taken now; nil when it can.
    public var uploadShortage: String? { shortage(needing: uploadBytes) }

    /// Why a check cannot start now; nil when it can.
    public var checkShortage: String? { shortage(needing: checkBytes) }

    /// The bytes free to this process on the arena's file system; nil when it cannot be read.
    public var available: Int? {
        var status = statvfs()
        guard statvfs(folder, &status) == 0 else { return nil }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }

    /// Why `bytes` more cannot be written now, for the instructor (it names the folder, which
    /// no student is shown); nil when they can, or when the free space cannot be read.
    public func shortage(needing bytes: Int) -> String? {
        guard let available, available < bytes + reserve else { return nil }
        return
            "the arena's disk (\(folder)) has \(available >> 20) MiB free; it keeps \(reserve >> 20) MiB (disk_reserve_mb) and needs \(bytes >> 20) MiB more: free space there"
    }
}
