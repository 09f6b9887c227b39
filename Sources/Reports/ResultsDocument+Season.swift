import Foundation

extension ResultsDocument {
    /// A season's history (``Tournament/SeasonNight``): the standings as they stood after each
    /// night, and every version rated on one scale. Absent for any other tournament.
    public struct SeasonSection: Hashable, Sendable, Codable {
        /// One point per night: its current entries' ratings over the games between the
        /// versions current that night, played up to its end.
        public var nights: [Night]
        /// Every version that played, rated in one fit with each version a player of its own.
        public var versions: [Version]

        public init(nights: [Night], versions: [Version]) {
            self.nights = nights
            self.versions = versions
        }
    }

    /// The standings after one night.
    public struct Night: Hashable, Sendable, Codable {
        public var number: Int
        public var startedAt: Date
        /// Games the night played (a night's games with a result).
        public var gamesPlayed: Int
        public var entries: [NightEntry]

        public init(number: Int, startedAt: Date, gamesPlayed: Int, entries: [NightEntry]) {
            self.number = number
            self.startedAt = startedAt
            self.gamesPlayed = gamesPlayed
            self.entries = entries
        }
    }

    /// One entry's line of a night's standings.
    public struct NightEntry: Hashable, Sendable, Codable {
        public var bot: String
        /// Its version that night; absent for a listed bot.
        public var version: String?
        /// Absent when its games did not allow a fit.
        public var rating: Estimate?
        public var games: Int

        public init(bot: String, version: String?, rating: Estimate?, games: Int) {
            self.bot = bot
            self.version = version
            self.rating = rating
            self.games = games
        }
    }

    /// One version rated among all versions.
    public struct Version: Hashable, Sendable, Codable {
        public var bot: String
        /// Absent for a listed bot.
        public var version: String?
        /// The nights in which it was current: the first and the last.
        public var firstNight: Int
        public var lastNight: Int
        public var rating: Estimate?
        public var games: Int
        /// Whether it is the entry's current version.
        public var latest: Bool
        /// Whether it is the entry's best-rated version (one per entry with a fit).
        public var best: Bool

        public init(bot: String, version: String?, firstNight: Int, lastNight: Int, rating: Estimate?, games: Int, latest: Bool, best: Bool) {
            self.bot = bot
            self.version = version
            self.firstNight = firstNight
            self.lastNight = lastNight
            self.rating = rating
            self.games = games
            self.latest = latest
            self.best = best
        }
    }
}
