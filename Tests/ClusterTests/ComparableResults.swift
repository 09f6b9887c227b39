import Foundation
import JSONCoding
import Reports

/// A run's results.json, read, and cut to what must not depend on the server's game ids, the
/// clock or the process: what makes two runs "the same tournament".
enum ComparableResults {
    static func read(_ folder: String) throws -> ResultsDocument {
        try JSONFormat.decoder().decode(ResultsDocument.self, from: Data(contentsOf: URL(fileURLWithPath: folder + "/results.json")))
    }

    /// Everything but when the report was built, each game's server id and duration, and
    /// the attempts that ended with no result (a request that timed out on a loaded machine
    /// has the game played again: that is the machine's history, not the tournament's).
    static func of(_ document: ResultsDocument) -> ResultsDocument {
        var copy = document
        copy.generatedAt = Date(timeIntervalSince1970: 0)
        copy.progress.gamesWithoutResult = 0
        copy.terminations.noResultAttempts = 0
        copy.games = copy.games.map { game in
            var game = game
            game.gameId = ""
            game.durationMilliseconds = 0
            game.attempts = 1
            return game
        }
        return copy
    }

    /// `folder`'s results, cut.
    static func of(_ folder: String) throws -> ResultsDocument {
        of(try read(folder))
    }
}
