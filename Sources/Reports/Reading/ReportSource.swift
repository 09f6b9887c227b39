import Foundation
import Tournament

/// Where a report's games come from, read twice and never held all at once: first in journal
/// order, to find the record that counts for each game (``GameSlots``), then in schedule order
/// a batch at a time, by the locations the first pass kept. A journal file
/// (``JournalFileSource``) or records in memory (``RunJournal``, for tests and small runs).
public protocol ReportSource: Sendable {
    /// The configuration the run started with.
    var configuration: TournamentConfig { get }
    /// What the sandbox of the machine that started the run could not enforce (the journal's
    /// `unenforced`), a sentence each.
    var unenforced: [String] { get }
    /// Calls `body` with every entry after the first, in journal order, with its location.
    func scan(_ body: (JournalEntry, JournalStream.Location) -> Void) throws(ReportError)
    /// The records of the `finished` entries at `locations`, in the order given.
    func records(at locations: [JournalStream.Location]) throws(ReportError) -> [GameRecord]
}

/// A run's journal file, streamed (``Tournament/JournalStream``).
public struct JournalFileSource: ReportSource {
    public let path: String
    public let configuration: TournamentConfig
    public let unenforced: [String]
    private let stream: JournalStream

    /// Opens `DIRECTORY/journal.jsonl` and reads its first line.
    public init(directory: String) throws(ReportError) {
        let path = (directory as NSString).appendingPathComponent(ReportLayout.journal)
        guard FileManager.default.fileExists(atPath: path) else { throw .missingJournal(path: path) }
        try self.init(path: path)
    }

    /// Opens the journal at `path` and reads its first line.
    public init(path: String) throws(ReportError) {
        self.path = path
        do {
            stream = try JournalStream(path: path)
        } catch {
            throw Self.error(error, path: path)
        }
        guard case .started(let start) = stream.first else { throw .noConfiguration(path: path) }
        configuration = start.configuration
        unenforced = start.unenforced
    }

    public func scan(_ body: (JournalEntry, JournalStream.Location) -> Void) throws(ReportError) {
        do {
            try stream.forEach { entry, location in body(entry, location) }
        } catch let failure as JournalStream.Failure {
            throw Self.error(failure, path: path)
        } catch {
            throw .damagedJournal(path: path, detail: "\(error)")
        }
    }

    public func records(at locations: [JournalStream.Location]) throws(ReportError) -> [GameRecord] {
        let entries: [JournalEntry]
        do {
            entries = try stream.entries(at: locations)
        } catch {
            throw Self.error(error, path: path)
        }
        return entries.compactMap { entry in
            if case .finished(let record) = entry { return record }
            return nil
        }
    }

    static func error(_ failure: JournalStream.Failure, path: String) -> ReportError {
        switch failure {
        case .cannotRead(let detail): .damagedJournal(path: path, detail: "it cannot be read: \(detail)")
        case .damaged(let line, let detail): .damagedJournal(path: path, detail: (line > 0 ? "line \(line): " : "") + RunJournal.shortened(detail))
        case .empty: .noConfiguration(path: path)
        }
    }
}

extension RunJournal: ReportSource {
    /// A season's nights, then every record, earlier versions' included (``allFinished``).
    public func scan(_ body: (JournalEntry, JournalStream.Location) -> Void) throws(ReportError) {
        for night in nights { body(.night(night), JournalStream.Location(offset: -1, length: 0)) }
        for (position, record) in allFinished.enumerated() {
            body(.finished(record), JournalStream.Location(offset: Int64(position), length: 0))
        }
    }

    public func records(at locations: [JournalStream.Location]) throws(ReportError) -> [GameRecord] {
        let all = allFinished
        return locations.map { all[Int($0.offset)] }
    }
}

/// The first pass over a journal: for each game, by schedule index, where its counting record
/// lies (its last win or forfeit, else its last attempt) and how many times it was attempted.
/// 16 bytes a game: the one part of a report that grows with the games.
struct GameSlots {
    struct Slot {
        var offset: Int64 = 0
        var length: Int32 = 0
        var attempts: UInt16 = 0
        var rated = false
    }

    private(set) var slots: [Slot] = []
    private(set) var noResultAttempts = 0
    private(set) var games = 0
    /// Indices below 0 or implausibly far past the schedule, kept apart.
    private(set) var outliers: [Int: Slot] = [:]
    private(set) var limit: Int

    init(plannedGames: Int) {
        limit = max(1_000, plannedGames * 4)
        slots.reserveCapacity(min(plannedGames, 10_000_000))
    }

    /// Makes room for indices below `end`: a season's night announces its games this way.
    mutating func expect(upTo end: Int) {
        limit = max(limit, end * 2)
    }

    mutating func add(_ record: GameRecord, at location: JournalStream.Location) {
        let rated = record.termination != .noResult
        if !rated { noResultAttempts += 1 }
        let index = record.index
        var slot: Slot
        if index >= 0 && index < limit {
            if index >= slots.count { slots.append(contentsOf: repeatElement(Slot(), count: index + 1 - slots.count)) }
            slot = slots[index]
        } else {
            slot = outliers[index] ?? Slot()
        }
        if slot.attempts == 0 { games += 1 }
        slot.attempts = slot.attempts == .max ? .max : slot.attempts + 1
        if rated || !slot.rated {
            slot.offset = location.offset
            slot.length = location.length
            slot.rated = rated
        }
        if index >= 0 && index < limit { slots[index] = slot } else { outliers[index] = slot }
    }

    /// Every attempted game's index and slot, in schedule order.
    var ordered: [(index: Int, slot: Slot)] {
        var all: [(index: Int, slot: Slot)] = []
        all.reserveCapacity(games)
        for index in outliers.keys.sorted() where index < 0 { all.append((index, outliers[index] ?? Slot())) }
        for (index, slot) in slots.enumerated() where slot.attempts > 0 { all.append((index, slot)) }
        for index in outliers.keys.sorted() where index >= 0 { all.append((index, outliers[index] ?? Slot())) }
        return all
    }
}

extension ReportSource {
    /// The record of the game `id`, read as a stream: a server game id (any attempt's, the
    /// last line with it), else a schedule index (the record that counts for that game).
    public func record(id: String) throws(ReportError) -> GameRecord? {
        let index = Int(id)
        var byId: GameRecord?
        var counting: GameRecord?
        try scan { entry, _ in
            guard case .finished(let record) = entry else { return }
            if record.gameId == id { byId = record }
            if let index, record.index == index, record.termination != .noResult || counting?.termination != .win && counting?.termination != .forfeit
            {
                counting = record
            }
        }
        return byId ?? counting
    }
}
