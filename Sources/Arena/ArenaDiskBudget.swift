/// Each student's share of the arena's disk for the archives it keeps: their newest
/// ``keptUploads`` uploads and every upload not yet final are always kept, and so is the
/// archive of the version they play now; the rest must fit in ``bytes`` (`student_disk_mb`),
/// the oldest removed first, refused, late and replaced ones before earlier entered versions.
/// A removed archive's row stays, with its check and reason (``ArenaSubmission/archivePruned``).
/// Pure: the arena's folder removes the files (``ArenaFolder/pruneArchives(of:budget:)``).
///
/// ```swift
/// let budget = ArenaDiskBudget(bytes: 50 << 20)
/// let removed = budget.pruned(rows)   // the rows whose archives go
/// ```
public struct ArenaDiskBudget: Sendable, Hashable {
    /// The newest uploads whose archives are kept whatever their size.
    public static let keptUploads = 3
    /// What the older archives may take in all.
    public let bytes: Int

    public init(bytes: Int) {
        self.bytes = bytes
    }

    /// Of one student's uploads (in any order), those whose archives are removed.
    public func pruned(_ uploads: [ArenaSubmission]) -> [ArenaSubmission] {
        let kept = uploads.filter { !$0.archivePruned }.sorted { ($0.id ?? 0) > ($1.id ?? 0) }
        let playing = kept.first { $0.state == .entered }?.id
        var older = kept.dropFirst(Self.keptUploads).filter { $0.state.isFinal && $0.id != playing }
        var total = older.reduce(0) { $0 + $1.archiveBytes }
        guard total > bytes else { return [] }
        // Oldest first, the versions that never played before those that did.
        older.sort { ($0.state == .entered ? 1 : 0, $0.id ?? 0) < ($1.state == .entered ? 1 : 0, $1.id ?? 0) }
        var removed: [ArenaSubmission] = []
        for upload in older where total > bytes {
            removed.append(upload)
            total -= upload.archiveBytes
        }
        return removed
    }
}
