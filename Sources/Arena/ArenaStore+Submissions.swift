import Foundation
import GRDB
import JSONCoding
import Orchestrator

extension ArenaStore {
    /// Records a new upload (its file already durable); the row with its id.
    public func insert(_ submission: ArenaSubmission) throws(ArenaError) -> ArenaSubmission {
        var row = submission
        try write { db in try row.insert(db) }
        return row
    }

    /// The upload `id`, if `login` owns it (nil for another's or a missing one: the two look alike).
    public func submission(_ id: Int64, of login: String) throws(ArenaError) -> ArenaSubmission? {
        try read { db in try ArenaSubmission.fetchOne(db, key: id).flatMap { $0.login.lowercased() == login.lowercased() ? $0 : nil } }
    }

    /// `login`'s uploads, newest first.
    public func submissions(of login: String, limit: Int = 50) throws(ArenaError) -> [ArenaSubmission] {
        try read { db in
            try ArenaSubmission.filter(ArenaSubmission.Columns.login == login).order(ArenaSubmission.Columns.id.desc).limit(limit).fetchAll(db)
        }
    }

    /// The last uploads of everyone, newest first (`salvo arena status`).
    public func recentSubmissions(limit: Int = 20) throws(ArenaError) -> [ArenaSubmission] {
        try read { db in try ArenaSubmission.order(ArenaSubmission.Columns.id.desc).limit(limit).fetchAll(db) }
    }

    /// Uploads in `states`, oldest first.
    public func submissions(in states: [ArenaSubmission.State]) throws(ArenaError) -> [ArenaSubmission] {
        try read { db in
            try ArenaSubmission.filter(states.map(\.rawValue).contains(ArenaSubmission.Columns.state)).order(ArenaSubmission.Columns.id).fetchAll(db)
        }
    }

    /// How many uploads `login` made since `date` (the daily quota counts them all, refused ones too), and the oldest of them.
    public func uploads(of login: String, since date: Date) throws(ArenaError) -> (count: Int, oldest: Date?) {
        try read { db in
            let request = ArenaSubmission.filter(ArenaSubmission.Columns.login == login && ArenaSubmission.Columns.receivedAt > date)
            return (try request.fetchCount(db), try request.order(ArenaSubmission.Columns.receivedAt).fetchOne(db)?.receivedAt)
        }
    }

    /// Moves upload `id` to `state`, with a reason and version when given; `checked` when the
    /// move ends its check (it passed or was refused), recorded as its ``ArenaSubmission/checkedAt``.
    public func update(_ id: Int64, to state: ArenaSubmission.State, reason: String? = nil, version: String? = nil, checked: Bool = false, at date: Date = Date()) throws(ArenaError) {
        try write { db in
            guard var row = try ArenaSubmission.fetchOne(db, key: id) else { return }
            row.state = state
            if let reason { row.reason = reason }
            if let version { row.version = version }
            if checked { row.checkedAt = date }
            row.updatedAt = date
            try row.update(db)
        }
    }

    /// Upload `id`'s check begins (again, after a restart): `building`, from its first step, at `date`.
    public func beginCheck(_ id: Int64, at date: Date = Date()) throws(ArenaError) {
        try write { db in
            guard var row = try ArenaSubmission.fetchOne(db, key: id) else { return }
            row.state = .building
            row.lines = Data("[]".utf8)
            row.checkStartedAt = date
            row.checkedAt = nil
            row.updatedAt = date
            try row.update(db)
        }
    }

    /// Appends a line of the check to upload `id`, for its owner to follow as it happens.
    public func append(_ line: BotCheck.Line, to id: Int64) throws(ArenaError) {
        try write { db in
            guard var row = try ArenaSubmission.fetchOne(db, key: id) else { return }
            var lines = row.checkLines
            lines.append(line)
            row.lines = try JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(lines)
            row.updatedAt = Date()
            try row.update(db)
        }
    }

    /// After a stop: uploads caught mid-check go back to the queue (their check starts again).
    public func requeueInterrupted() throws(ArenaError) -> Int {
        var count = 0
        try write { db in
            count = try ArenaSubmission.filter([ArenaSubmission.State.building.rawValue, ArenaSubmission.State.checking.rawValue].contains(ArenaSubmission.Columns.state))
                .updateAll(db, ArenaSubmission.Columns.state.set(to: ArenaSubmission.State.queued.rawValue), Column("lines").set(to: Data("[]".utf8)))
        }
        return count
    }
}
