import Foundation
import Tournament

/// What the live page shows, as a value: the standings so far, progress and the rate it goes
/// at, the last finished games and the forfeits. Fed one ``Tournament/ProgressEvent`` at a
/// time; it never holds a server id (see ``LiveGame``, ``LiveForfeit``).
///
/// Live standings rank by score (wins in percent of games), then wins, then name: the rating
/// fit of the report is left to the end of the run (results.json, index.html).
public struct LiveBoard: Sendable {
    /// Where the run is.
    public enum Phase: String, Sendable {
        /// Started, the server not answering yet.
        case starting
        case playing
        /// Ctrl-C was pressed: the games in flight finish, no new one starts.
        case stopping
        /// Every game has a result.
        case finished
        /// Stopped before the end; the same command continues it.
        case stopped
        /// The run failed; the message is in the terminal.
        case failed
    }

    /// How many finished games and forfeits are kept for the page.
    public static let recentLimit = 20
    public static let forfeitLimit = 50

    public let tournament: String
    public private(set) var phase: Phase = .starting
    /// Games with a rated result, this run's and earlier runs', of `total`.
    public private(set) var done = 0
    public private(set) var total: Int
    /// Games an earlier run had finished when this one started.
    public private(set) var alreadyDone = 0
    /// When this run's games began, for the rate and the ETA.
    public private(set) var startedAt: Date?
    /// When the last game finished (or the run ended), for the rate.
    public private(set) var lastUpdate: Date?
    /// Attempts that ended without a result and are played again.
    public private(set) var reruns = 0
    /// Forfeits so far, all of them (the list keeps the last ``forfeitLimit``).
    public private(set) var forfeitCount = 0
    /// The last games finished, newest first.
    public private(set) var recent: [LiveGame] = []
    /// The last forfeits, newest first.
    public private(set) var forfeits: [LiveForfeit] = []
    /// The SPRT's decision, once made.
    public private(set) var sprtDecision: String?
    /// Where the report is written when the run ends (`FOLDER/index.html`, the folder by its
    /// own name), for the page's final state; nil when unknown.
    public var reportPath: String?
    private var rows: [String: LiveStanding]
    private let botOrder: [String]

    /// An empty board for `bots` of `tournament`, `total` games scheduled.
    public init(tournament: String, bots: [String], total: Int) {
        self.tournament = tournament
        self.total = total
        botOrder = bots
        rows = Dictionary(bots.map { ($0, LiveStanding(bot: $0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The board after `event`, which happened at `now`.
    public mutating func apply(_ event: ProgressEvent, at now: Date) {
        switch event {
        case .started(let total, let alreadyDone):
            self.total = total
            self.alreadyDone = alreadyDone
            done = alreadyDone
            startedAt = now
            if phase == .starting { phase = .playing }
        case .gameFinished(let record, let done, let total):
            self.done = done
            self.total = total
            lastUpdate = now
            add(record)
        case .willRerun, .abandoned:
            reruns += 1
        case .sprtDecided(let tally):
            sprtDecision = tally.verdict
        case .roundPaired:
            // A Swiss round's pairings: the board shows games and standings as they come.
            break
        }
    }

    /// The server answers and games are about to start.
    public mutating func markPlaying() {
        if phase == .starting { phase = .playing }
    }

    /// The run ends (or is asked to end) in `phase`.
    public mutating func mark(_ phase: Phase, at now: Date) {
        self.phase = phase
        if phase != .stopping { lastUpdate = now }
    }

    private mutating func add(_ record: GameRecord) {
        recent.insert(LiveGame(record), at: 0)
        if recent.count > Self.recentLimit { recent.removeLast() }
        guard let winner = record.winner else { return }
        let winnerBot = record.player(winner).bot, loserBot = record.player(winner.opponent).bot
        rows[winnerBot, default: LiveStanding(bot: winnerBot)].wins += 1
        rows[loserBot, default: LiveStanding(bot: loserBot)].losses += 1
        if let forfeit = LiveForfeit(record) {
            forfeitCount += 1
            rows[loserBot, default: LiveStanding(bot: loserBot)].forfeits[forfeit.kind, default: 0] += 1
            forfeits.insert(forfeit, at: 0)
            if forfeits.count > Self.forfeitLimit { forfeits.removeLast() }
        } else {
            rows[winnerBot, default: LiveStanding(bot: winnerBot)].shotsInWins += record.shotCount(of: winner)
            rows[winnerBot, default: LiveStanding(bot: winnerBot)].winsBySinking += 1
        }
    }

    /// Every bot's row, best first: by score, then wins, then name; ranked from 1.
    public var standings: [LiveStanding] {
        let known = Set(botOrder)
        let all = botOrder.compactMap { rows[$0] } + rows.values.filter { !known.contains($0.bot) }
        let sorted = all.sorted { a, b in
            if a.scorePercent != b.scorePercent { return a.scorePercent > b.scorePercent }
            if a.wins != b.wins { return a.wins > b.wins }
            return a.bot < b.bot
        }
        return sorted.enumerated().map { position, row in
            var row = row
            row.rank = position + 1
            return row
        }
    }

    /// Games finished per second by this run so far; nil before two data points.
    public var gamesPerSecond: Double? {
        guard let startedAt, let lastUpdate, done > alreadyDone else { return nil }
        let elapsed = lastUpdate.timeIntervalSince(startedAt)
        return elapsed > 0 ? Double(done - alreadyDone) / elapsed : nil
    }

    /// Seconds until every game has a result at the rate so far; nil when unknown or done.
    public var etaSeconds: Double? {
        guard phase == .playing, let rate = gamesPerSecond, rate > 0, total > done else { return nil }
        return Double(total - done) / rate
    }
}
