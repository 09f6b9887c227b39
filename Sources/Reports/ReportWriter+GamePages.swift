import Dispatch
import Foundation

extension ReportWriter {
    /// Writes `games/NNN.html` (``GamesPage``) when the run has more games than the index
    /// lists (``IndexPage/inlineGameLimit``), on all cores; nothing otherwise.
    static func writeGamePages(results: ResultsDocument, folder: String) throws(ReportError) {
        guard results.games.count > IndexPage.inlineGameLimit else { return }
        let directory = folder + "/" + ReportLayout.games
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: directory, detail: error.localizedDescription)
        }
        let failures = FirstFailure()
        DispatchQueue.concurrentPerform(iterations: GamesPage.pageCount(gameCount: results.games.count)) { page in
            do throws(ReportError) {
                try save(Data(GamesPage.render(results, number: page + 1).utf8), to: folder + "/" + ReportLayout.gamesPage(number: page + 1))
            } catch {
                failures.record(error)
            }
        }
        if let failure = failures.first { throw failure }
    }
}
