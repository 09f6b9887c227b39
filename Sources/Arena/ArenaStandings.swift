import Foundation
import Reports
import Synchronization

/// The season's standings as the public sees them (`GET /api/standings`, the leaderboard):
/// the members of results.json's standings, each student shown by their roster name, never
/// their login. Read from `season/results.json` again only when the file changed.
public final class ArenaStandings: Sendable {
    /// The public document.
    public struct Document: Codable, Hashable, Sendable {
        public var tournament: String
        /// When the season's report was written (the last batch); nil before the first.
        public var generatedAt: Date?
        /// Rated games so far (of the current versions).
        public var games: Int
        public var standings: [ResultsDocument.Standing]
    }

    let resultsPath: String
    let names: @Sendable () -> [String: String]
    private let cache = Mutex<(modified: Date, document: Document)?>(nil)

    /// The standings of the season in `seasonFolder`; `names` gives each login's public name.
    public init(seasonFolder: String, names: @escaping @Sendable () -> [String: String]) {
        resultsPath = seasonFolder + "/" + ReportLayout.results
        self.names = names
    }

    /// The standings now; an empty table named `tournament` before the first batch.
    public func document(tournament: String) -> Document {
        let modified = (try? FileManager.default.attributesOfItem(atPath: resultsPath)[.modificationDate] as? Date) ?? nil
        guard let modified else { return Document(tournament: tournament, generatedAt: nil, games: 0, standings: []) }
        if let cached = cache.withLock({ $0 }), cached.modified == modified { return cached.document }
        guard let data = FileManager.default.contents(atPath: resultsPath), let results = try? ReportJSON.decoder().decode(ResultsDocument.self, from: data) else {
            return Document(tournament: tournament, generatedAt: nil, games: 0, standings: [])
        }
        let shown = names()
        let standings = results.standings.map { standing in
            var standing = standing
            standing.bot = shown[standing.bot.lowercased()] ?? standing.bot
            return standing
        }
        let document = Document(tournament: results.tournament, generatedAt: results.generatedAt, games: results.progress.ratedGames, standings: standings)
        cache.withLock { $0 = (modified, document) }
        return document
    }
}
