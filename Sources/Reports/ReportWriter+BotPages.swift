import Dispatch
import Foundation
import Tournament

extension ReportWriter {
    /// Writes `bots/STEM.html` for every bot of `results` (on all cores) and returns how many;
    /// `runFolder` is the folder as the rematch commands on the pages name it.
    static func writeBotPages(results: ResultsDocument, history: GameHistory, folder: String, runFolder: String, published: Bool = false) throws(ReportError) -> Int {
        let directory = folder + "/" + ReportLayout.bots
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory, detail: error.localizedDescription)
        }
        let files = BotFileNames.assign(results)
        let bots = results.standings.map(\.bot)
        let records = gamesByBot(history.games)
        let failures = FirstFailure()
        DispatchQueue.concurrentPerform(iterations: bots.count) { position in
            let bot = bots[position]
            guard let stem = files[bot] else { return }
            var input = BotPage.Input(bot: bot, results: results, records: records[bot] ?? [], files: files, runFolder: runFolder)
            input.published = published
            let page = BotPage.render(input)
            do throws(ReportError) {
                try save(Data(page.utf8), to: folder + "/" + ReportLayout.botPage(stem: stem))
            } catch {
                failures.record(error)
            }
        }
        if let failure = failures.first { throw failure }
        return bots.count
    }

    /// The games of each bot, in the order given (a game of a bot against itself once).
    static func gamesByBot(_ games: [GameRecord]) -> [String: [GameRecord]] {
        var byBot: [String: [GameRecord]] = [:]
        for record in games {
            let names = record.players.map(\.bot)
            for (position, bot) in names.enumerated() where !names[..<position].contains(bot) {
                byBot[bot, default: []].append(record)
            }
        }
        return byBot
    }
}
