import Foundation
import Scoring
import Tournament

/// What the live page shows, as a value: the standings so far, progress and the rate it goes
/// at, the last finished games and the forfeits. Fed one ``Tournament/ProgressEvent`` at a
/// time; it never holds a server id (see ``LiveGame``, ``LiveForfeit``).
///
/// The standings are a ``Scoring/Scoreboard`` fed the same records as the terminal and the
/// report, earlier runs' included, so they rank and count as those do (by score, then wins,
/// then name); the rating fit is left to the end of the run (results.json, index.html).
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
    /// Every rated game the standings count so far, this run's and earlier runs' (a season's
    /// earlier nights' between its current versions).
    public private(set) var scoreboard: Scoreboard

    /// An empty board for `bots` of `tournament`, `total` games scheduled.
    public init(tournament: String, bots: [String], total: Int) {
        self.tournament = tournament
        self.total = total
        scoreboard = Scoreboard(bots: bots)
    }

    /// The board after `event`, which happened at `now`.
    public mutating func apply(_ event: ProgressEvent, at now: Date) {
        switch event {
        case .started(let total, let alreadyDone, let standings):
            self.total = total
            self.alreadyDone = alreadyDone
            done = alreadyDone
            for record in standings { scoreboard.add(record) }
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
        scoreboard.add(record)
        if let forfeit = LiveForfeit(record) {
            forfeitCount += 1
            forfeits.insert(forfeit, at: 0)
            if forfeits.count > Self.forfeitLimit { forfeits.removeLast() }
        }
    }

    /// Every bot's row, best first, in the scoreboard's order; ranked from 1.
    public var standings: [LiveStanding] {
        scoreboard.standings.enumerated().map { LiveStanding(rank: $0 + 1, tally: $1) }
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
