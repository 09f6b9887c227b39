import Tournament

/// A run's journal as a publication reads it with ``PublicNames``: every bot of the
/// configuration, every season night's entries and every game's players under their public
/// names, so that every page, results.json and replay built from it names no folder.
public struct RenamedSource<Base: ReportSource>: ReportSource {
    public let base: Base
    public let names: PublicNames

    public init(_ base: Base, names: PublicNames) {
        self.base = base
        self.names = names
    }

    public var configuration: TournamentConfig {
        var config = base.configuration
        config.bots = config.bots.map(names.apply(to:))
        config.context.seasonNight = config.context.seasonNight.map(names.apply(to:))
        return config
    }

    public var unenforced: [String] { base.unenforced }

    public func scan(_ body: (JournalEntry, JournalStream.Location) -> Void) throws(ReportError) {
        try base.scan { entry, location in
            switch entry {
            case .finished(let record): body(.finished(names.apply(to: record)), location)
            case .night(let night): body(.night(names.apply(to: night)), location)
            default: body(entry, location)
            }
        }
    }

    public func records(at locations: [JournalStream.Location]) throws(ReportError) -> [GameRecord] {
        try base.records(at: locations).map(names.apply(to:))
    }
}
