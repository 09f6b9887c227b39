import Bots
import Foundation
import JSONCoding
import Orchestrator
import Reports
import RunControl
import Tournament

/// The settle step of an arena's season (docs/scoring.md, "Settling after the deadline"):
/// settle rounds over the current versions, a pairing for every two neighbours of the
/// standings whose difference is not significant at 95%, round after round, until every
/// neighbour is separated or the games run out; then the season's reports, `DIR/standings.csv`
/// (whose `tied_ranks` says which ranks are still ties) and the published pages. The arena's
/// worker runs it once the deadline has passed (and, a little at a time, as its idle play);
/// `salvo arena settle DIR [--games N]` runs it by hand. What was settled is written to
/// `DIR/settled.json`, so the worker settles once.
public struct ArenaSettle: Sendable {
    /// What a settle run did.
    public struct Outcome: Codable, Hashable, Sendable {
        /// When it ended.
        public var at: Date
        /// The games it was allowed, and those it played.
        public var budget: Int
        public var played: Int
        /// Rated games between the current versions after it.
        public var games: Int
        /// Neighbours of the final standings still tied at 95% (pairs of ranks).
        public var tiedNeighbours: Int
        /// Whether it stopped before its rounds ended (the stop was requested).
        public var stoppedEarly: Bool
    }

    /// The file beside arena.yaml that records the last settle run after the deadline.
    public static let recordFile = "settled.json"

    public let folder: ArenaFolder
    public let settings: ArenaSettings
    public let sandboxDisabled: Bool
    public let launcher: (any BotLauncher)?

    public init(folder: ArenaFolder, settings: ArenaSettings, sandboxDisabled: Bool = false, launcher: (any BotLauncher)? = nil) {
        self.folder = folder
        self.settings = settings
        self.sandboxDisabled = sandboxDisabled
        self.launcher = launcher
    }

    /// The settle step's default budget: a fifth of the `played` games between the final
    /// versions, and at least a pairing for each of `versions` (the simulator's measure,
    /// docs/scoring.md).
    public static func defaultGames(played: Int, versions: Int) -> Int {
        max(2 * versions, played / 5)
    }

    /// The season's standings as published last (the instructor's, with logins).
    func standings() throws(ArenaError) -> ArenaStandings.Document {
        let season = settings.tournament.config
        return try ArenaStandings(folder: season.outputDirectory).document(tournament: season.name)
    }

    /// Neighbouring versions of `standings` still tied at 95%.
    static func tiedNeighbours(_ standings: [ResultsDocument.Standing]) -> Int {
        let versions = standings.filter { $0.version != nil }
        return zip(versions, versions.dropFirst()).count { upper, lower in upper.tie != nil && upper.tie == lower.tie }
    }

    /// Plays settle rounds, at most `games` games (nil: ``ArenaSettings/settleGames``, else
    /// the default), then writes the reports and publishes; `record` writes `DIR/settled.json`.
    /// The worker's own call holds its ``SubmissionsGate`` while the versions are entered, as a
    /// batch holds it.
    public func run(games: Int? = nil, record: Bool, stop: StopSignal, log: @escaping @Sendable (String) -> Void = { _ in })
        async throws(OrchestratorError) -> Outcome
    {
        try await run(games: games, record: record, gate: nil, stop: stop, log: log)
    }

    func run(games: Int?, record: Bool, gate: SubmissionsGate?, stop: StopSignal, log: @escaping @Sendable (String) -> Void)
        async throws(OrchestratorError) -> Outcome
    {
        // Before the season's first report, nothing to settle: no version has games.
        let before = try? standings()
        let versions = before?.standings.count { $0.version != nil } ?? 0
        let budget = games ?? settings.settleGames ?? Self.defaultGames(played: before?.games ?? 0, versions: versions)
        let run = TournamentFileRun(file: settings.tournament, overrides: .init(sandboxDisabled: sandboxDisabled))
        await gate?.enter()
        var config: TournamentConfig
        do {
            config = try await run.prepare(stop: stop)
            gate?.leave()
        } catch {
            gate?.leave()
            throw error
        }
        config.context.settleGames = budget
        let summary = try await TournamentRun(configuration: config, options: .init(launcher: launcher)).run(stop: stop) { event in
            if case .season(let changes) = event { log(changes.summary) }
        }
        do {
            try publish(log: log)
        } catch {
            log("arena: the season's pages were not published: \(error)")
        }
        let after = try? standings()
        let games = after?.games ?? summary.records.count
        let outcome = Outcome(
            at: Date(), budget: budget, played: max(0, games - (before?.games ?? 0)), games: games,
            tiedNeighbours: Self.tiedNeighbours(after?.standings ?? []), stoppedEarly: summary.stoppedEarly)
        if record, !summary.stoppedEarly {
            do {
                try JSONFormat.file(outcome).write(to: URL(fileURLWithPath: folder.path + "/" + Self.recordFile), options: .atomic)
            } catch {
                log("arena: \(folder.path)/\(Self.recordFile) could not be written: \(error)")
            }
        }
        return outcome
    }

    /// The settle run recorded after the deadline; nil before it.
    public func recorded() -> Outcome? {
        guard let data = FileManager.default.contents(atPath: folder.path + "/" + Self.recordFile) else { return nil }
        return try? JSONFormat.decoder().decode(Outcome.self, from: data)
    }

    /// The season published into `DIR/public` (the pages the service shows under `/season/`),
    /// replaced whole: the redacted reports, every replay, a private page per student; and the
    /// instructor's `DIR/standings.csv` (``Reports/StandingsCSV``): logins beside roster names,
    /// a row for every roster student, ties said.
    /// `betweenNights`: called by the worker between two nights of a batch's rounds, whose run
    /// holds the season's folder (``Orchestrator/RunPublisher/runHoldsOutput``).
    public func publish(betweenNights: Bool = false, log: @Sendable (String) -> Void) throws {
        // The instructor's table first, from the season's own report (logins and roster names,
        // never pseudonyms): `DIR/standings.csv`, there before the batch's versions are said entered.
        do {
            let roster = try folder.store.students().map { (login: $0.login, name: $0.name) }
            try StandingsCSV.write(try standings().standings, roster: roster, folder: folder.path)
        } catch {
            log("arena: \(error)")
        }
        var publisher = ArenaSettings.publisher(
            arena: folder.path, settings: settings, into: folder.path + "/" + ArenaSettings.publicFolder, roster: try folder.store.students())
        publisher.runHoldsOutput = betweenNights
        let published = try publisher.publish()
        // Each student's public name, for their own page and `salvo submit` to tell them.
        try folder.store.setPublicNames(published.publicNames)
    }
}
