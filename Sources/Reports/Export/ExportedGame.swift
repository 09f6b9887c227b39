import Foundation

/// One game as `salvo replay --all` exports it: its entry in results.json's `games` (which
/// record counts, its attempts, a season's versions, night and whether the standings count
/// it) and its replay. From a run's journal both are built as `salvo report` builds them;
/// from a published folder, both are read from it (``PublishedReport``).
public struct ExportedGame: Hashable, Sendable {
    public var entry: ResultsDocument.GameEntry
    public var replay: ReplayDocument

    public init(entry: ResultsDocument.GameEntry, replay: ReplayDocument) {
        self.entry = entry
        self.replay = replay
    }
}
