import Foundation
import Tournament

/// A run's journal read for `salvo replay`: every game as `salvo report` counts it (the record
/// that counts for each scheduled game, ``GameSlots``), each with its results.json entry and
/// its replay, read as a stream in schedule order, a batch at a time. A season's every game is
/// there, the earlier versions' and the retired entries' too, each naming its night and each
/// seat's version. Texts name no host path, as in the run's own report (``PublicRedaction/applyPaths(to:)``).
public struct JournalGames<Source: ReportSource>: Sendable {
    public let source: Source
    /// The run's folder, made relative in the games' texts.
    public let directory: String

    public init(source: Source, directory: String) {
        self.source = source
        self.directory = directory
    }

    /// The tournament's name.
    public var tournament: String { source.configuration.name }

    /// What replaces the run's host paths in a game's texts, as the report does.
    var localPaths: PublicRedaction {
        let folder = URL(fileURLWithPath: (directory as NSString).standardizingPath).standardizedFileURL.path
        return PublicRedaction(
            runFolder: folder, workingDirectory: source.configuration.context.workingDirectory ?? FileManager.default.currentDirectoryPath)
    }

    /// The replay of the game `id`: a server game id (any attempt's), else a schedule index
    /// (the record that counts for that game); nil when the journal has no such game.
    public func replay(id: String) throws(ReportError) -> ReplayDocument? {
        guard let record = try source.record(id: id) else { return nil }
        return ReplayBuilder.replay(of: localPaths.applyPaths(to: record), tournament: tournament)
    }

    /// Calls `body` with every game, in schedule order; returns how many.
    @discardableResult
    public func forEachGame(_ body: (ExportedGame) throws(ReportError) -> Void) throws(ReportError) -> Int {
        var config = source.configuration
        var slots = GameSlots(plannedGames: config.scheduler.plannedGames)
        var nights: [SeasonNight] = []
        try source.scan { entry, location in
            switch entry {
            case .finished(let record): slots.add(record, at: location)
            case .night(let night):
                nights.append(night)
                slots.expect(upTo: night.indices.upperBound)
            default: break
            }
        }
        // A season's standings are its last night's current versions (docs/scoring.md).
        if let last = nights.last {
            config.bots = last.bots
            config.context.seasonNight = last
        }
        let season = !nights.isEmpty || config.context.isSeason || config.context.seasonNight != nil
        let scheduler = config.scheduler
        let paths = localPaths
        let ordered = slots.ordered
        var count = 0
        try ReportWriter.forEachBatch(of: ordered, in: source) { (batch, records) throws(ReportError) in
            for (position, original) in records.enumerated() {
                let record = paths.applyPaths(to: original)
                let entry = ResultsBuilder.entry(
                    record, attempts: Int(batch[batch.startIndex + position].slot.attempts), replayFile: true, season: season,
                    countsInStandings: nights.isEmpty || scheduler.countsInStandings(record),
                    night: SeasonNight.number(ofGame: record.index, in: nights)
                )
                try body(ExportedGame(entry: entry, replay: ReplayBuilder.replay(of: record, tournament: config.name)))
                count += 1
            }
        }
        return count
    }
}
