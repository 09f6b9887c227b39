import Foundation
import Reports
import Synchronization

/// The season's standings (`GET /api/standings`, the leaderboard, `salvo arena status`): the
/// members of a results.json's standings, read again only when the file changed. The public
/// read the published season's (`public/results.json`: each student under their public name,
/// never their login); the instructor the season's own.
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
    private let cache = Mutex<(modified: Date, document: Document)?>(nil)

    /// The standings of the report in `folder` (a season's, or its publication's).
    public init(folder: String) {
        resultsPath = folder + "/" + ReportLayout.results
    }

    /// The standings now; an empty table named `tournament` before the first batch.
    public func document(tournament: String) -> Document {
        let modified = (try? FileManager.default.attributesOfItem(atPath: resultsPath)[.modificationDate] as? Date) ?? nil
        guard let modified else { return Document(tournament: tournament, generatedAt: nil, games: 0, standings: []) }
        if let cached = cache.withLock({ $0 }), cached.modified == modified { return cached.document }
        guard let data = FileManager.default.contents(atPath: resultsPath), let results = try? ReportJSON.decoder().decode(ResultsDocument.self, from: data) else {
            return Document(tournament: tournament, generatedAt: nil, games: 0, standings: [])
        }
        let document = Document(tournament: results.tournament, generatedAt: results.generatedAt, games: results.progress.ratedGames, standings: results.standings)
        cache.withLock { $0 = (modified, document) }
        return document
    }
}
