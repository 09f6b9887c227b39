import BattleshipClient
import Foundation

/// Runs a whole tournament through the API: the schedule's games, `concurrency` at a time,
/// each finished game appended to the journal as it ends. Rerunning with the same journal
/// continues where the last run stopped: finished games are neither played nor counted twice;
/// games that were in flight are abandoned on the server and played again.
///
/// ```swift
/// let runner = TournamentRunner(config: config, serverURL: url, client: client, journal: journal)
/// let records = try await runner.run { event in print(event) }
/// ```
public struct TournamentRunner: Sendable {
    /// Why a run cannot go on.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// How many times a game that ends with no result is played before the run gives up on it.
    public static let maximumAttempts = 3

    public let config: TournamentConfig
    public let serverURL: String
    let client: BattleshipAPIClient
    let journal: Journal
    let stop: StopRequest
    let logDirectory: String?

    public init(config: TournamentConfig, serverURL: String, client: BattleshipAPIClient, journal: Journal, stop: StopRequest = StopRequest(), logDirectory: String? = nil) {
        self.config = config
        self.serverURL = serverURL
        self.client = client
        self.journal = journal
        self.stop = stop
        self.logDirectory = logDirectory
    }

    /// A digest of what fixes the schedule, so a journal is never continued with another tournament.
    public static func digest(of config: TournamentConfig) -> String {
        let bots = config.bots.map { "\($0.name)=\($0.kind)" }.joined(separator: ";")
        let text = "\(config.format.rawValue)|\(config.gamesPerPairing)|\(config.seed)|\(bots)"
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return String(hash, radix: 16)
    }

    /// Plays every game that has no rated result in the journal yet; returns every rated
    /// record (earlier runs' and this one's), in schedule order.
    public func run(progress: @escaping @Sendable (ProgressEvent) -> Void = { _ in }) async throws -> [GameRecord] {
        let schedule = Schedule.games(for: config)
        let digest = Self.digest(of: config)
        var rated: [Int: GameRecord] = [:]
        var started = false
        let journalPath = journal.path
        for entry in try Journal.read(path: journalPath) {
            switch entry {
            case .started(let name, let journalDigest, _, _):
                guard journalDigest == digest else {
                    throw Failure(description: "The journal \(journalPath) belongs to another configuration of `\(name)` (different bots, format, games or seed); choose another --output or remove that folder")
                }
                started = true
            case .finished(let record) where record.termination != .noResult:
                rated[record.index] = record
            default:
                break
            }
        }
        if !started {
            try await journal.append(.started(name: config.name, configurationDigest: digest, totalGames: schedule.count, configuration: config))
        }
        progress(.started(total: schedule.count, alreadyDone: rated.count))

        var queue = schedule.filter { rated[$0.index] == nil }.map { (game: $0, attempt: 1) }[...]
        let runner = GameRunner(config: config, serverURL: serverURL, client: client, journal: journal, logDirectory: logDirectory)
        try await withThrowingTaskGroup(of: (ScheduledGame, Int, GameRecord).self) { group in
            var inFlight = 0
            func startNext() {
                guard !stop.isRequested, let next = queue.popFirst() else { return }
                inFlight += 1
                group.addTask { (next.game, next.attempt, try await runner.play(next.game)) }
            }
            for _ in 0..<config.concurrency { startNext() }
            while inFlight > 0, let (game, attempt, record) = try await group.next() {
                inFlight -= 1
                try await journal.append(.finished(record))
                if record.termination == .noResult {
                    progress(.willRerun(index: game.index, reason: record.reason ?? "no result"))
                    if attempt < Self.maximumAttempts { queue.append((game, attempt + 1)) }
                } else {
                    rated[game.index] = record
                    progress(.gameFinished(record, done: rated.count, total: schedule.count))
                }
                startNext()
            }
        }
        return rated.keys.sorted().compactMap { rated[$0] }
    }
}
