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

    /// What ``reserveUpload(login:at:quota:)`` came to.
    public enum Reservation: Sendable, Hashable {
        /// The place is taken: the new ``ArenaSubmission/State/receiving`` row.
        case taken(ArenaSubmission)
        /// `login` has `count` counted uploads in the last 24 hours (those arriving too), the
        /// oldest at `oldest`; `attempts` when it is the cap on every upload, refused ones too.
        case full(count: Int, oldest: Date?, attempts: Bool)
    }

    /// Takes a place in `login`'s daily quota (``ArenaQuota``) for an upload whose request
    /// begins at `date`, in one write transaction: the count of their uploads in the 24 hours
    /// before `date` (those still arriving included) and the new row, so that any number of
    /// uploads at once take at most the places left. The row is
    /// ``ArenaSubmission/State/receiving`` until ``completeUpload(_:receivedAt:state:reason:bytes:)``,
    /// or removed by ``dropUpload(_:)``.
    public func reserveUpload(login: String, at date: Date, quota: ArenaQuota) throws(ArenaError) -> Reservation {
        var reservation = Reservation.full(count: 0, oldest: nil, attempts: false)
        try write { db in
            let recent = Self.counted(login, before: date)
            let versions = recent.filter(Self.notRefused)
            let (counted, all) = (try versions.fetchCount(db), try recent.fetchCount(db))
            if counted >= quota.perDay {
                reservation = .full(
                    count: counted, oldest: try versions.order(ArenaSubmission.Columns.receivedAt).fetchOne(db)?.receivedAt, attempts: false)
                return
            }
            if all >= quota.attemptsPerDay {
                reservation = .full(count: all, oldest: try recent.order(ArenaSubmission.Columns.receivedAt).fetchOne(db)?.receivedAt, attempts: true)
                return
            }
            var row = ArenaSubmission(login: login, receivedAt: date, state: .receiving, archive: ArenaFolder.uploadName(at: date), archiveBytes: 0)
            try row.insert(db)
            reservation = .taken(row)
        }
        return reservation
    }

    /// `login`'s uploads of the 24 hours before `date` that the instructor did not give back:
    /// what the quota counts (``ArenaQuota``).
    static func counted(_ login: String, before date: Date) -> QueryInterfaceRequest<ArenaSubmission> {
        ArenaSubmission.filter(
            ArenaSubmission.Columns.login == login && ArenaSubmission.Columns.receivedAt > date.addingTimeInterval(-86_400)
                && ArenaSubmission.Columns.givenBack == false
        )
    }

    /// The uploads that take one of the quota's places: those not refused.
    static let notRefused = ArenaSubmission.Columns.state != ArenaSubmission.State.refused.rawValue

    /// How many of `login`'s uploads in the 24 hours before `date` count against their quota's
    /// places (``ArenaQuota/perDay``): those not refused and not given back.
    public func countedUploads(of login: String, at date: Date) throws(ArenaError) -> Int {
        try read { db in
            try Self.counted(login, before: date).filter(Self.notRefused).fetchCount(db)
        }
    }

    /// Gives `login` back up to `count` of the uploads counted against their quota in the 24
    /// hours before `date`, the newest first; how many were given.
    public func giveUploads(login: String, count: Int, at date: Date = Date()) throws(ArenaError) -> Int {
        var given = 0
        try write { db in
            guard try Student.fetchOne(db, key: login) != nil else { throw ArenaError.notListed(login) }
            let counted = try Self.counted(login, before: date).order(ArenaSubmission.Columns.id.desc).limit(max(0, count)).fetchAll(db)
            for var row in counted {
                row.givenBack = true
                try row.update(db)
            }
            given = counted.count
        }
        return given
    }

    /// Upload `id`'s body is whole and on disk (`bytes` of it) at `receivedAt`: it is
    /// `state` (queued, or late) from now on.
    public func completeUpload(_ id: Int64, receivedAt: Date, state: ArenaSubmission.State, reason: String?, bytes: Int) throws(ArenaError)
        -> ArenaSubmission?
    {
        try modify(id) { row in
            row.receivedAt = receivedAt
            row.updatedAt = receivedAt
            row.state = state
            row.reason = reason
            row.archiveBytes = bytes
        }
    }

    /// Removes upload `id` whose body never arrived whole: its place in the quota is given back.
    public func dropUpload(_ id: Int64) throws(ArenaError) {
        try write { db in _ = try ArenaSubmission.deleteOne(db, key: id) }
    }

    /// After a stop: the uploads whose bodies were arriving are removed (none was
    /// acknowledged); how many. Their partial files are the caller's to remove.
    public func dropUnfinishedUploads() throws(ArenaError) -> Int {
        var count = 0
        try write { db in
            count = try ArenaSubmission.filter(ArenaSubmission.Columns.state == ArenaSubmission.State.receiving.rawValue).deleteAll(db)
        }
        return count
    }

    /// Marks uploads `ids` as having had their archives removed.
    public func markPruned(_ ids: [Int64]) throws(ArenaError) {
        try write { db in
            _ = try ArenaSubmission.filter(keys: ids).updateAll(db, Column("archivePruned").set(to: true))
        }
    }

    /// Moves upload `id` to `state`, with a reason and version when given; `checked` when the
    /// move ends its check (it passed or was refused), recorded as its ``ArenaSubmission/checkedAt``.
    public func update(
        _ id: Int64, to state: ArenaSubmission.State, reason: String? = nil, version: String? = nil, checked: Bool = false, at date: Date = Date()
    ) throws(ArenaError) {
        try modify(id) { row in
            row.state = state
            if let reason { row.reason = reason }
            if let version { row.version = version }
            if checked { row.checkedAt = date }
            row.updatedAt = date
        }
    }

    /// Upload `id`'s check begins (again, after a restart): `building`, from its first step, at `date`.
    public func beginCheck(_ id: Int64, at date: Date = Date()) throws(ArenaError) {
        try modify(id) { row in
            row.state = .building
            row.lines = Data("[]".utf8)
            row.checkStartedAt = date
            row.checkedAt = nil
            row.updatedAt = date
        }
    }

    /// Appends a line of the check to upload `id`, for its owner to follow as it happens.
    public func append(_ line: BotCheck.Line, to id: Int64) throws(ArenaError) {
        try modify(id) { row in
            row.lines = try JSONFormat.encoder(pretty: false, escapingSlashes: true).encode(try row.checkLines() + [line])
            row.updatedAt = Date()
        }
    }

    /// Upload `id` goes back to the queue, its check's lines cleared (the host failed it).
    public func requeue(_ id: Int64, at date: Date = Date()) throws(ArenaError) {
        try modify(id) { row in
            row.state = .queued
            row.lines = Data("[]".utf8)
            row.checkStartedAt = nil
            row.updatedAt = date
        }
    }

    /// Changes upload `id`'s row with `change` and writes it, in one transaction; the row as
    /// written, nil when there is none.
    @discardableResult
    func modify(_ id: Int64, _ change: (inout ArenaSubmission) throws -> Void) throws(ArenaError) -> ArenaSubmission? {
        var changed: ArenaSubmission?
        try write { db in
            guard var row = try ArenaSubmission.fetchOne(db, key: id) else { return }
            try change(&row)
            try row.update(db)
            changed = row
        }
        return changed
    }

    /// After a stop: uploads caught mid-check go back to the queue (their check starts again).
    public func requeueInterrupted() throws(ArenaError) -> Int {
        var count = 0
        try write { db in
            count = try ArenaSubmission.filter(
                [ArenaSubmission.State.building.rawValue, ArenaSubmission.State.checking.rawValue].contains(ArenaSubmission.Columns.state)
            )
            .updateAll(db, ArenaSubmission.Columns.state.set(to: ArenaSubmission.State.queued.rawValue), Column("lines").set(to: Data("[]".utf8)))
        }
        return count
    }
}
