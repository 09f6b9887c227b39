import Foundation

/// Which built copies of a class's versions stay in `OUTPUT/submissions/bots/`: every version
/// keeps its copy only while it can still play or be played again, so a term of resubmissions
/// cannot fill the disk. Kept: the copies of each folder's last ``VersionHistory/keptVersions``
/// entered versions (the current one, and the last good one a season keeps current when a newer
/// one is not entered; a rematch of a published game needs no other). Removed: every other
/// copy of a folder whose entered versions are known (a failed build's copy is removed as soon
/// as it fails: it can never play). A folder with none recorded yet (a season begun before the
/// record) keeps all its copies until one of its versions is entered. Build logs and cache
/// records stay.
///
/// ```swift
/// SubmissionRetention.prune(botsFolder: "out/submissions/bots", folders: ["alice", "bob"], history: history)
/// ```
enum SubmissionRetention {
    /// Removes the copies of `folders` that `history` does not keep; the names removed.
    @discardableResult
    static func prune(botsFolder: String, folders: [String], history: VersionHistory) -> [String] {
        let copies = (try? FileManager.default.contentsOfDirectory(atPath: botsFolder)) ?? []
        let wanted = Set(folders)
        var removed: [String] = []
        for copy in copies.sorted() where !copy.hasPrefix(".") {
            guard let at = copy.lastIndex(of: "@") else { continue }
            let folder = String(copy[..<at])
            let version = String(copy[copy.index(after: at)...])
            let kept = history.enteredVersions(of: folder)
            guard wanted.contains(folder), !kept.isEmpty, !kept.contains(version) else { continue }
            SubmissionBuilder.removeTree(botsFolder + "/" + copy)
            removed.append(copy)
        }
        return removed
    }
}
