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
        /// The nights in which it was current: the first and the last (it may not have been
        /// current in every night between: see ``nightsPlayed`` and ``backOn``).
        public var firstNight: Int
        public var lastNight: Int
        /// The nights in which it played at least one game, in order.
        public var nightsPlayed: [Int]
        /// The nights on which its entry went back to it from a later version, in order.
        public var backOn: [Int]
        /// Its rating on the season's scale: every version of every night in one fit. Not the
        /// standings' rating, which ranks the current versions alone.
        public var rating: Estimate?
        public var games: Int
        /// Whether it is the entry's current version.
        public var latest: Bool
        /// Whether it is the entry's best-rated version (one per entry with a fit).
        public var best: Bool

        public init(
            bot: String, version: String?, firstNight: Int, lastNight: Int, nightsPlayed: [Int] = [], backOn: [Int] = [],
            rating: Estimate?, games: Int, latest: Bool, best: Bool
        ) {
            self.bot = bot
            self.version = version
            self.firstNight = firstNight
            self.lastNight = lastNight
            self.nightsPlayed = nightsPlayed
            self.backOn = backOn
            self.rating = rating
            self.games = games
            self.latest = latest
            self.best = best
        }

        private enum CodingKeys: String, CodingKey {
            case bot, version, firstNight, lastNight, nightsPlayed, backOn, rating, games, latest, best
        }

        /// Reads results.json files written before `nightsPlayed` and `backOn` (0.3): those
        /// members are then empty.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            bot = try container.decode(String.self, forKey: .bot)
            version = try container.decodeIfPresent(String.self, forKey: .version)
            firstNight = try container.decode(Int.self, forKey: .firstNight)
            lastNight = try container.decode(Int.self, forKey: .lastNight)
            nightsPlayed = try container.decodeIfPresent([Int].self, forKey: .nightsPlayed) ?? []
            backOn = try container.decodeIfPresent([Int].self, forKey: .backOn) ?? []
            rating = try container.decodeIfPresent(Estimate.self, forKey: .rating)
            games = try container.decode(Int.self, forKey: .games)
            latest = try container.decode(Bool.self, forKey: .latest)
            best = try container.decode(Bool.self, forKey: .best)
        }
    }
}
