import Foundation
import GRDB
import JSONCoding
import Orchestrator

/// One upload and what became of it, a row of the arena's store: durable before its upload is
/// acknowledged, updated at each step, shown to its owner alone (`GET /api/submissions/ID`).
public struct ArenaSubmission: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "submission"

    /// Where an upload is.
    public enum State: String, Codable, Sendable, CaseIterable {
        /// Its body is arriving: the row holds its place in the day's quota, taken when the
        /// request began; it is removed, and the place given back, if the body never arrives
        /// whole (``ArenaStore/reserveUpload(login:at:quota:)``).
        case receiving
        /// Saved, waiting for its turn.
        case queued
        /// Unpacked; being copied and built as a night would.
        case building
        /// Built; going through the protocol's steps and games against a built-in.
        case checking
        /// Passed its check; its folder is in place, to be entered with the next batch (at
        /// once, or at the night for `schedule: nightly`).
        case waiting
        /// Entered into the season: its missing games are played.
        case entered
        /// Not entered, with ``ArenaSubmission/reason``.
        case refused
        /// Received after the deadline: kept, not entered.
        case late
        /// A later upload of the same student passed before this one was entered.
        case replaced

        /// Whether nothing more will happen to it.
        public var isFinal: Bool { [.entered, .refused, .late, .replaced].contains(self) }
    }

    public var id: Int64?
    public var login: String
    /// When its last byte was on disk (the deadline's clock); while ``State/receiving``, when
    /// its request began.
    public var receivedAt: Date
    public var state: State
    /// Why it was refused, late or replaced; nil otherwise.
    public var reason: String?
    /// The check's lines so far, JSON (``BotCheck/Line``).
    public var lines: Data
    /// The upload's file in `DIR/uploads`, and its size.
    public var archive: String
    public var archiveBytes: Int
    /// Whether the file was removed to keep its student within their disk budget
    /// (``ArenaDiskBudget``); the row and its check stay.
    public var archivePruned: Bool = false
    /// Whether the instructor gave it back: it no longer counts against its student's quota
    /// (`salvo arena roster DIR --give-uploads LOGIN N`).
    public var givenBack: Bool = false
    /// The version it was entered as (12 hex digits); nil until entered.
    public var version: String?
    public var updatedAt: Date
    /// When its check began (the last time, after a restart); nil before.
    public var checkStartedAt: Date?
    /// When its check ended, passed or refused; nil before. `checkedAt - receivedAt` is how
    /// long its student waited to know whether the version will play.
    public var checkedAt: Date?

    public init(login: String, receivedAt: Date, state: State, archive: String, archiveBytes: Int, reason: String? = nil) {
        self.login = login
        self.receivedAt = receivedAt
        self.state = state
        self.archive = archive
        self.archiveBytes = archiveBytes
        self.reason = reason
        lines = Data("[]".utf8)
        updatedAt = receivedAt
    }

    /// The check's lines, decoded; throws when the stored column is not a list of lines (a
    /// damaged store), never an empty list in its place.
    public func checkLines() throws -> [BotCheck.Line] {
        try JSONFormat.decoder().decode([BotCheck.Line].self, from: lines)
    }

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    public enum Columns {
        public static let id = Column("id")
        public static let login = Column("login")
        public static let receivedAt = Column("receivedAt")
        public static let state = Column("state")
        public static let givenBack = Column("givenBack")
    }
}
