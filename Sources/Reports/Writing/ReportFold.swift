import Dispatch
import Foundation
import JSONCoding
import Submissions
import Tournament

/// The second pass of ``ReportWriter``: each game, in schedule order, folded into what the
/// pages need and written where it goes (results.json's games, the page of games, the pack of
/// replays); ``finish(generatedAt:runFolder:)`` then writes the pages that need every game
/// counted (results.json, index.html, the viewer, the bots' pages).
struct ReportFold {
    let config: TournamentConfig
    let folder: String
    /// Games the first pass found, each counted once.
    let gameCount: Int
    let replayFiles: Bool
    var tally: ResultsTally
    /// A season's history (``SeasonHistory``), for results.json's `season`.
    var season: ResultsDocument.SeasonSection?
    /// What the run's sandbox could not enforce (the journal's `unenforced`).
    var unenforced: [String] = []
    /// Set for `salvo publish`: its ledger, and public bots' pages.
    var publication: Publication?
    /// The standings results.json was written with (after ``finish(generatedAt:runFolder:)``).
    private(set) var standings: [ResultsDocument.Standing] = []
    private var bots: [String: BotGames] = [:]
    private var games: ResultsGamesWriter
    /// Every game's entry when the index lists them (few games); else none.
    private var inline: [ResultsDocument.GameEntry] = []
    private var page: [ResultsDocument.GameEntry] = []
    private var pageRanges: [ClosedRange<Int>] = []
    private var pack: ReplayPack.Builder?
    private var indexLimit = 0

    init(config: TournamentConfig, folder: String, gameCount: Int, replayFiles: Bool) throws(ReportError) {
        self.config = config
        self.folder = folder
        self.gameCount = gameCount
        self.replayFiles = replayFiles
        tally = ResultsTally(config: config)
        games = try ResultsGamesWriter(path: folder + "/" + ReportLayout.results + ".games")
        if gameCount > IndexPage.inlineGameLimit {
            let directory = folder + "/" + ReportLayout.games
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(path: directory, detail: error.localizedDescription)
            }
        }
    }

    /// Folds in `record`, the record that counts for its game (attempted `attempts` times),
    /// and its `replay`. Games come in schedule order. A season's game that is not in the
    /// standings (`counts` false: an earlier version's, a retired entry's) is listed with its
    /// replay, and counted nowhere.
    /// A season's game names the `night` that played it.
    mutating func add(_ record: GameRecord, attempts: Int, replay: ReplayDocument, counts: Bool = true, night: Int? = nil) throws(ReportError) {
        if counts {
            tally.add(record, attempts: attempts)
            var seen: [String] = []
            for player in record.players where !seen.contains(player.bot) {
                seen.append(player.bot)
                bots[player.bot, default: BotGames(bot: player.bot)].add(record)
            }
        }
        let entry = ResultsBuilder.entry(
            record, attempts: attempts, replayFile: replayFiles, season: config.context.isSeason || config.context.seasonNight != nil,
            countsInStandings: counts, night: night)
        try games.append(entry)
        if gameCount <= IndexPage.inlineGameLimit {
            inline.append(entry)
        } else {
            page.append(entry)
            if page.count == GamesPage.pageSize { try writePage() }
        }
        let number = ReplayPack.number(of: record.index)
        if let current = pack, current.number != number { try write(current) }
        if pack?.number != number { pack = ReplayPack.Builder(number: number) }
        pack?.add(replay)
        indexLimit = max(indexLimit, record.index + 1)
    }

    private mutating func writePage() throws(ReportError) {
        guard let first = page.first, let last = page.last else { return }
        let number = pageRanges.count + 1
        pageRanges.append(first.index...last.index)
        let html = GamesPage.render(
            tournament: config.name, games: page, number: number,
            count: GamesPage.pageCount(gameCount: gameCount), total: gameCount
        )
        try ReportWriter.save(Array(html.utf8), to: folder + "/" + ReportLayout.gamesPage(number: number))
        page.removeAll(keepingCapacity: true)
    }

    private mutating func write(_ builder: ReplayPack.Builder) throws(ReportError) {
        guard builder.number >= 0 else { return }
        try ReportWriter.save(builder.bytes(), to: folder + "/" + ReportLayout.pack(number: builder.number))
    }

    /// Writes results.json, index.html, the viewer and the bots' pages.
    mutating func finish(generatedAt: Date, runFolder: String) throws(ReportError) -> ReportWriter.Written {
        if let current = pack { try write(current) }
        pack = nil
        if !page.isEmpty { try writePage() }
        let ledger = publication.map(\.ledger) ?? SubmissionLedger.read(workFolder: folder + "/" + ResultsBuilder.submissionsFolder)
        var results = ResultsBuilder.build(config: config, tally: tally, generatedAt: generatedAt, submissions: ledger)
        results.season = season
        results.configuration.unenforced = unenforced.isEmpty ? nil : unenforced
        standings = results.standings
        let resultsPath = folder + "/" + ReportLayout.results
        let indexPath = folder + "/" + ReportLayout.index
        let head: Data
        do {
            head = try JSONFormat.file(results)
        } catch {
            // Only non-finite numbers fail to encode; the builder never produces them.
            throw .cannotWrite(path: resultsPath, detail: "\(error)")
        }
        try games.assemble(head: head, to: resultsPath)
        let list = IndexPage.GameList(count: gameCount, inline: inline, pages: pageRanges)
        try ReportWriter.save(Array(IndexPage.render(results, games: list).utf8), to: indexPath)
        if results.standings.count > IndexPage.inlineTableBotLimit {
            try ReportWriter.save(Array(TablePage.crosstable(results).utf8), to: folder + "/" + ReportLayout.crosstable)
            if !results.likelihoodOfSuperiority.isEmpty {
                try ReportWriter.save(Array(TablePage.superiority(results).utf8), to: folder + "/" + ReportLayout.superiority)
            }
            try ReportWriter.save(Array(TablePage.shotsToWin(results).utf8), to: folder + "/" + ReportLayout.shotsToWin)
        }
        try ReportWriter.save(
            Array(ReplayViewerPage.render(tournament: config.name, indexLimit: indexLimit).utf8), to: folder + "/" + ReportLayout.viewer)
        let botPages = try writeBotPages(results: results, runFolder: runFolder)
        return ReportWriter.Written(results: resultsPath, index: indexPath, replayCount: gameCount, botPageCount: botPages)
    }

    /// Writes `bots/STEM.html` for every bot of `results` (on all cores) and returns how many.
    private func writeBotPages(results: ResultsDocument, runFolder: String) throws(ReportError) -> Int {
        let files = BotFileNames.assign(results)
        let names = results.standings.map(\.bot)
        let board = tally.board
        let bots = self.bots
        let folder = self.folder
        let published = publication != nil
        let failures = FirstFailure()
        DispatchQueue.concurrentPerform(iterations: names.count) { position in
            let bot = names[position]
            guard let stem = files[bot] else { return }
            var input = BotPage.Input(
                bot: bot, results: results, games: bots[bot] ?? BotGames(bot: bot), tally: board.tally(of: bot),
                files: files, runFolder: runFolder
            )
            input.published = published
            do throws(ReportError) {
                try ReportWriter.save(Array(BotPage.render(input).utf8), to: folder + "/" + ReportLayout.botPage(stem: stem))
            } catch {
                failures.record(error)
            }
        }
        if let failure = failures.first { throw failure }
        return names.count
    }
}
