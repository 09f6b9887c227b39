import Foundation
import HTMLText
import JSONCoding
import Reports
import Synchronization

/// The season's standings (`GET /api/standings`, the leaderboard, `salvo arena status`): the
/// members of a results.json's standings, read again only when the file changed (another
/// inode, size or modification time to the nanosecond). The public
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
    /// The file's standings and history chart, as last read, and which file that was.
    private let cache = Mutex<(file: FileIdentity, document: Document, chart: Markup)?>(nil)

    /// A file as `stat` tells it apart: a publish swaps in a new file (a new inode), and two
    /// publishes within one second have the same whole-second modification time.
    struct FileIdentity: Equatable {
        let inode: UInt64
        let size: Int64
        let seconds: Int
        let nanoseconds: Int

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            seconds = info.st_mtim.tv_sec
            nanoseconds = info.st_mtim.tv_nsec
        }
    }

    /// The standings of the report in `folder` (a season's, or its publication's).
    public init(folder: String) {
        resultsPath = folder + "/" + ReportLayout.results
    }

    /// The standings now; an empty table named `tournament` before the first batch. Throws
    /// ``ArenaError/unreadable(path:detail:)`` when results.json is there but cannot be read.
    public func document(tournament: String) throws(ArenaError) -> Document {
        try read(tournament: tournament).document
    }

    /// The standings and the season's history chart (``Reports/SeasonChart``) now: an empty
    /// table named `tournament` and no chart before the first batch; ``ArenaError/unreadable(path:detail:)``
    /// when results.json is there but cannot be read or is not a report, never an empty table.
    public func read(tournament: String) throws(ArenaError) -> (document: Document, chart: Markup) {
        let empty = (Document(tournament: tournament, generatedAt: nil, games: 0, standings: []), Markup())
        guard let file = FileIdentity(path: resultsPath) else {
            // None before the first batch; one that cannot be looked at is no empty table.
            var status = stat()
            if stat(resultsPath, &status) != 0, errno == ENOENT { return empty }
            throw .unreadable(path: resultsPath, detail: "it cannot be looked at: \(String(cString: strerror(errno)))")
        }
        if let cached = cache.withLock({ $0 }), cached.file == file { return (cached.document, cached.chart) }
        let results: ResultsDocument
        do {
            results = try JSONFormat.decoder().decode(ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: resultsPath)))
        } catch {
            throw .unreadable(path: resultsPath, detail: "\(error)")
        }
        let document = Document(
            tournament: results.tournament, generatedAt: results.generatedAt, games: results.progress.ratedGames, standings: results.standings)
        // The arena plays a batch whenever versions are entered, seconds apart or days.
        let chart = SeasonChart.svg(results.season, step: "Batch")
        cache.withLock { $0 = (file, document, chart) }
        return (document, chart)
    }
}
