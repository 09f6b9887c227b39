import Dispatch
import Foundation
import Submissions
import Tournament

#if canImport(Glibc)
import Glibc
#else
#error("Salvo builds and runs on Linux only: see docs/platform.md")
#endif

/// POSIX `write(2)`, named apart from `ReportWriter.write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

/// The file-writing edge of reports: builds every report of a run and writes them into its
/// folder: `results.json`, `index.html`, the replays packed a thousand to a file with their one
/// viewer (``ReplayPack``, ``ReplayViewerPage``), `games/NNN.html` (``GamesPage``) and
/// `bots/STEM.html` for every bot (``BotPage``); with ``Options/replayFiles``, also
/// `replays/NNNN.json` per game.
///
/// It reads the journal as a stream, twice (``ReportSource``): once to find each game's
/// counting record, then in schedule order a batch at a time, folding each game into what the
/// pages need (``ResultsTally``, ``BotGames``, the pack being filled, the page of games being
/// filled) and writing results.json's games as it goes (``ResultsGamesWriter``). Memory grows
/// with the bots and pairings, and by about 80 bytes a game (where each record lies, and each
/// bot's rows of games); files are written plainly, without an fsync each (they can always be
/// rebuilt from the journal).
///
/// ```swift
/// let written = try ReportWriter.write(directory: "reports/demo")
/// print(written.index)   // reports/demo/index.html
/// ```
public enum ReportWriter {
    /// What was written, as paths.
    public struct Written: Sendable {
        public let results: String
        public let index: String
        /// Games whose replay the viewer shows.
        public let replayCount: Int
        /// The bots' pages written into `bots/`.
        public let botPageCount: Int
        /// standings.csv, when asked for (``Options/csv``).
        public var csv: String?
    }

    /// How to write a report.
    public struct Options: Sendable {
        /// Also write `replays/NNNN.json` for every game, in the replay schema.
        public var replayFiles = false
        /// The run's folder as the bots' pages name it in `salvo rematch` commands (the output
        /// folder when nil).
        public var rematchFolder: String?
        /// Redact every record and the configuration for publishing (``PublicRedaction``).
        public var redaction: PublicRedaction?
        /// Pages for `salvo publish` (``Publication``): its submissions' ledger, and no stderr
        /// and no `salvo rematch` commands on the bots' pages.
        public var publication: Publication?
        /// Also write the standings as CSV, `standings.csv` (``StandingsCSV``).
        public var csv = false

        public init(
            replayFiles: Bool = false, rematchFolder: String? = nil, redaction: PublicRedaction? = nil, publication: Publication? = nil,
            csv: Bool = false
        ) {
            self.csv = csv
            self.replayFiles = replayFiles
            self.rematchFolder = rematchFolder
            self.redaction = redaction
            self.publication = publication
        }
    }

    /// Games decoded and folded at a time.
    static let batchSize = 1_024

    /// Rebuilds the reports of the run in `directory` from its journal alone, read as a stream.
    @discardableResult
    public static func write(directory: String, generatedAt: Date = Date(), options: Options = Options()) throws(ReportError) -> Written {
        try write(source: JournalFileSource(directory: directory), directory: directory, generatedAt: generatedAt, options: options)
    }

    /// Writes the reports of `journal` (records in memory) into `directory`; the bots' pages
    /// name the run's folder `rematchFolder` in their `salvo rematch` commands (`directory` when nil).
    @discardableResult
    public static func write(journal: RunJournal, directory: String, generatedAt: Date = Date(), rematchFolder: String? = nil) throws(ReportError)
        -> Written
    {
        try write(source: journal, directory: directory, generatedAt: generatedAt, options: Options(rematchFolder: rematchFolder))
    }

    /// Writes the reports of the games of `source` into `directory`.
    @discardableResult
    public static func write(source: some ReportSource, directory: String, generatedAt: Date = Date(), options: Options = Options())
        throws(ReportError) -> Written
    {
        let folder = (directory as NSString).standardizingPath
        let replays = folder + "/" + ReportLayout.replays

        // Pass 1: where each game's counting record lies. A damaged journal stops the report
        // here, before anything of the folder's last report is touched.
        var config = source.configuration
        var slots = GameSlots(plannedGames: config.scheduler.plannedGames)
        var serverIDs: Set<String> = []
        var nights: [SeasonNight] = []
        let redacting = options.redaction != nil
        try source.scan { entry, location in
            switch entry {
            case .finished(let record):
                slots.add(record, at: location)
                if redacting { serverIDs.formUnion([record.gameId] + record.players.map(\.playerId)) }
            case .created(_, _, let gameId, let creatorPlayerId) where redacting: serverIDs.formUnion([gameId, creatorPlayerId])
            case .joined(_, let joinerPlayerId) where redacting: serverIDs.insert(joinerPlayerId)
            case .night(let night):
                nights.append(night)
                slots.expect(upTo: night.indices.upperBound)
            default: break
            }
        }
        // A season's standings are its last night's entries (docs/scoring.md, "A season"),
        // their copies where they are now (a season's folder may have moved since).
        let absoluteFolder = URL(fileURLWithPath: folder).standardizedFileURL.path
        if let last = nights.last?.movingCopies(to: absoluteFolder + "/" + ResultsBuilder.submissionsFolder + "/bots") {
            config.bots = last.bots
            config.context.seasonNight = last
        }
        let redaction = options.redaction
        let ids = Set(serverIDs.filter { $0.count >= 4 })
        serverIDs = []

        for path in [replays, folder + "/" + ReportLayout.bots] {
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(path: path, detail: error.localizedDescription)
            }
        }
        try removeOldReplays(in: replays, keepFiles: options.replayFiles)

        var ordered = slots.ordered
        var noResultAttempts = slots.noResultAttempts
        slots = GameSlots(plannedGames: 0)

        // A season only: every game read once more, into the history (every version's games),
        // and sorted: the current versions' games make the standings; every game, the rest
        // included, is listed with its replay.
        var season: SeasonHistory?
        var counting: Set<Int>?
        if !nights.isEmpty {
            var history = SeasonHistory(nights: nights)
            var current: [(index: Int, slot: GameSlots.Slot)] = []
            noResultAttempts = 0
            let scheduler = config.scheduler
            try forEachBatch(of: ordered, in: source) { (batch, records) throws(ReportError) in
                for (position, record) in records.enumerated() {
                    history.add(record)
                    guard scheduler.countsInStandings(record) else { continue }
                    let game = batch[batch.startIndex + position]
                    current.append(game)
                    noResultAttempts += Int(game.slot.attempts) - (game.slot.rated ? 1 : 0)
                }
            }
            counting = Set(current.map(\.index))
            season = history
        }
        // A local report names no host path either: the run's folder and the working folder
        // become relative, the home folder `~`, in the bots' commands and the games' texts.
        var localPaths: PublicRedaction?
        if let redaction {
            config = redaction.apply(to: config)
        } else {
            let local = PublicRedaction(
                runFolder: absoluteFolder, workingDirectory: config.context.workingDirectory ?? FileManager.default.currentDirectoryPath)
            config.bots = config.bots.map(local.apply(to:))
            config.context.seasonNight = config.context.seasonNight.map(local.apply(to:))
            localPaths = local
        }

        // Pass 2: the standings' games in schedule order, a batch at a time.
        var fold = try ReportFold(config: config, folder: folder, gameCount: ordered.count, replayFiles: options.replayFiles)
        fold.tally.noResultAttempts = noResultAttempts
        let published = options.publication != nil
        try forEachBatch(of: ordered, in: source) { (batch, records) throws(ReportError) in
            var records = records
            if let redaction { records = records.map { redaction.apply(to: $0, ids: ids) } }
            if let localPaths { records = records.map(localPaths.applyPaths(to:)) }
            // A published page shows no bot's stderr (each student reads theirs on their private page).
            if published {
                records = records.map {
                    var record = $0
                    record.stderrTail = nil
                    return record
                }
            }
            let replays = try prepare(records, tournament: config.name, folder: folder, replayFiles: options.replayFiles)
            for (position, record) in records.enumerated() {
                try fold.add(
                    record, attempts: Int(batch[batch.startIndex + position].slot.attempts), replay: replays[position],
                    counts: counting?.contains(record.index) ?? true, night: SeasonNight.number(ofGame: record.index, in: nights)
                )
            }
        }
        fold.season = season?.section
        fold.unenforced = source.unenforced
        fold.publication = options.publication
        var written = try fold.finish(generatedAt: generatedAt, runFolder: options.rematchFolder ?? directory)
        if options.csv { written.csv = try StandingsCSV.write(fold.standings, folder: folder) }
        return written
    }

    /// Reads the records at `games`' slots from `source`, ``batchSize`` at a time, in order.
    static func forEachBatch(
        of games: [(index: Int, slot: GameSlots.Slot)], in source: some ReportSource,
        _ body: (ArraySlice<(index: Int, slot: GameSlots.Slot)>, [GameRecord]) throws(ReportError) -> Void
    ) throws(ReportError) {
        var start = 0
        while start < games.count {
            let batch = games[start..<min(games.count, start + batchSize)]
            start += batch.count
            try body(batch, try source.records(at: batch.map { JournalStream.Location(offset: $0.slot.offset, length: $0.slot.length) }))
        }
    }

    /// The replays of `records`, built on all cores; with `replayFiles`, each written to
    /// `replays/NNNN.json` too.
    static func prepare(_ records: [GameRecord], tournament: String, folder: String, replayFiles: Bool) throws(ReportError) -> [ReplayDocument] {
        let workers = max(1, min(records.count / 16, ProcessInfo.processInfo.activeProcessorCount * 2))
        let share = (records.count + workers - 1) / workers
        let results = ReplayShares(count: workers)
        let failures = FirstFailure()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var replays: [ReplayDocument] = []
            for record in records[min(records.count, worker * share)..<min(records.count, (worker + 1) * share)] {
                let replay = ReplayBuilder.replay(of: record, tournament: tournament)
                if replayFiles {
                    do throws(ReportError) {
                        try save(ReplayJSONWriter.file(replay), to: folder + "/" + ReportLayout.replayJSON(index: record.index))
                    } catch {
                        failures.record(error)
                    }
                }
                replays.append(replay)
            }
            results.set(worker, replays)
        }
        if let failure = failures.first { throw failure }
        return results.all
    }

    /// Removes what an earlier report left in `replays/`: its packs, and (unless this report
    /// writes them again) its files per game, so the folder never mixes two reports.
    static func removeOldReplays(in replays: String, keepFiles: Bool) throws(ReportError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: replays) else { return }
        for name in names {
            let pack = name.hasPrefix("pack-") && name.hasSuffix(".js")
            let perGame = name.first?.isNumber == true && (name.hasSuffix(".json") || name.hasSuffix(".html"))
            if pack || (perGame && !(keepFiles && name.hasSuffix(".json"))) { unlink(replays + "/" + name) }
        }
    }

    /// Writes `data` to `path`, replacing what was there.
    static func save(_ data: Data, to path: String) throws(ReportError) {
        try save([UInt8](data), to: path)
    }

    /// Writes `bytes` to `path`, replacing what was there.
    static func save(_ bytes: [UInt8], to path: String) throws(ReportError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .cannotWrite(path: path, detail: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        try writeAll(bytes, to: descriptor, path: path)
    }

    /// Writes all of `bytes` to the open file `descriptor` (`path` for errors).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(ReportError) {
        let failed: Int32? = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard let base = raw.baseAddress else { return nil }
                let written = systemWrite(descriptor, base + offset, raw.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return errno }
                offset += written
            }
            return nil
        }
        if let failed { throw .cannotWrite(path: path, detail: String(cString: strerror(failed))) }
    }
}

/// The first error of the parallel replay and bot page writers.
final class FirstFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var error: ReportError?

    func record(_ error: ReportError) {
        lock.lock()
        if self.error == nil { self.error = error }
        lock.unlock()
    }

    var first: ReportError? {
        lock.lock()
        defer { lock.unlock() }
        return error
    }
}

/// The replays of a batch, one share per worker, each written once.
private final class ReplayShares: @unchecked Sendable {
    private let lock = NSLock()
    private var shares: [[ReplayDocument]]

    init(count: Int) {
        shares = Array(repeating: [], count: count)
    }

    func set(_ worker: Int, _ replays: [ReplayDocument]) {
        lock.lock()
        shares[worker] = replays
        lock.unlock()
    }

    var all: [ReplayDocument] {
        lock.lock()
        defer { lock.unlock() }
        return shares.flatMap { $0 }
    }
}
