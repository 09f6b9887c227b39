import Bots
import DurationUnits
import Foundation

/// The one encoding of a tournament's settings: the file's members of the `configuration`
/// member of the journal's `started` line (docs/journal.md), written with `JSONEncoder` and
/// read with `JSONDecoder`, beside the run's (``RunContext``'s encoding) in the same object.
/// Durations are whole milliseconds (`…Ms`); the seed is a decimal string, since it may exceed
/// what a JSON number keeps exactly elsewhere. A setting at its default that later versions
/// added (`placement`, `tellOpponent`, `matchmaking` with its `ratingInterval`) is left out, and a member left out takes the tournament
/// file's default, so older journals still read. A value that is not acceptable (a seed `x`)
/// is refused naming its member.
///
/// One setting reads the other way round: `timeControl` (`"10+0.1"`) is written whenever the
/// run has a clock, the default included, and left out for none, since the journals written
/// before clocks hold no such member and their games were played without one: a member left
/// out reads as no clock, never as the file's default.
extension TournamentSettings: Codable {
    enum CodingKeys: String, CodingKey {
        case name, format, rounds, bots, gamesPerPairing, concurrency, pollIntervalMs, rateLimit, server, seed
        case output, stallTimeoutMs, wakeLocalOpponent, placement, tellOpponent, sprt, timeControl, matchmaking, ratingInterval
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(format.rawValue, forKey: .format)
        try container.encodeIfPresent(rounds, forKey: .rounds)
        try container.encode(bots, forKey: .bots)
        try container.encode(gamesPerPairing, forKey: .gamesPerPairing)
        try container.encode(concurrency, forKey: .concurrency)
        try container.encode(Int(pollInterval.wholeMilliseconds), forKey: .pollIntervalMs)
        try container.encodeIfPresent(rateLimit, forKey: .rateLimit)
        try container.encode(server.text, forKey: .server)
        try container.encode(String(seed), forKey: .seed)
        try container.encode(outputDirectory, forKey: .output)
        try container.encode(Int(stallTimeout.wholeMilliseconds), forKey: .stallTimeoutMs)
        try container.encode(wakeLocalOpponent, forKey: .wakeLocalOpponent)
        if placement != .server { try container.encode(placement.rawValue, forKey: .placement) }
        if tellOpponent { try container.encode(true, forKey: .tellOpponent) }
        try container.encodeIfPresent(sprt, forKey: .sprt)
        try container.encodeIfPresent(timeControl?.description, forKey: .timeControl)
        if case .adaptive(let interval) = matchmaking {
            try container.encode(matchmaking.name, forKey: .matchmaking)
            try container.encode(interval, forKey: .ratingInterval)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(name: try container.decode(String.self, forKey: .name), bots: try container.decode([BotEntry].self, forKey: .bots))
        format = try container.decodeCase(forKey: .format, "format") ?? format
        rounds = try container.decodeIfPresent(Int.self, forKey: .rounds)
        gamesPerPairing = try container.decodeIfPresent(Int.self, forKey: .gamesPerPairing) ?? gamesPerPairing
        concurrency = try container.decodeIfPresent(Int.self, forKey: .concurrency) ?? concurrency
        pollInterval = try container.decodeIfPresent(Int.self, forKey: .pollIntervalMs).map { .milliseconds($0) } ?? pollInterval
        rateLimit = try container.decodeIfPresent(Double.self, forKey: .rateLimit)
        if let text = try container.decodeIfPresent(String.self, forKey: .server) {
            guard let choice = ServerChoice(parsing: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .server, in: container, debugDescription: "a server other than \(ServerChoice.expected)")
            }
            server = choice
        }
        if let text = try container.decodeIfPresent(String.self, forKey: .seed) {
            guard let seed = UInt64(text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .seed, in: container, debugDescription: "a seed that is not a whole number from 0 to 2^64-1")
            }
            self.seed = seed
        }
        outputDirectory = try container.decodeIfPresent(String.self, forKey: .output) ?? outputDirectory
        stallTimeout = try container.decodeIfPresent(Int.self, forKey: .stallTimeoutMs).map { .milliseconds($0) } ?? stallTimeout
        wakeLocalOpponent = try container.decodeIfPresent(Bool.self, forKey: .wakeLocalOpponent) ?? wakeLocalOpponent
        placement = try container.decodeCase(forKey: .placement, "placement") ?? placement
        tellOpponent = try container.decodeIfPresent(Bool.self, forKey: .tellOpponent) ?? tellOpponent
        sprt = try container.decodeIfPresent(SPRTSettings.self, forKey: .sprt)
        // Left out: a journal of a run without a clock, or of a Salvo before clocks.
        timeControl = nil
        if let text = try container.decodeIfPresent(String.self, forKey: .timeControl) {
            guard let control = TimeControl(parsing: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .timeControl, in: container, debugDescription: "a time control other than \(TimeControl.expected)")
            }
            timeControl = control
        }
        if let name = try container.decodeIfPresent(String.self, forKey: .matchmaking), name != MatchmakingSetting.roundRobin.name {
            guard name == "adaptive" else {
                throw DecodingError.dataCorruptedError(
                    forKey: .matchmaking, in: container,
                    debugDescription: "a matchmaking other than \(MatchmakingSetting.names.joined(separator: " or "))")
            }
            matchmaking = .adaptive(
                ratingInterval: try container.decodeIfPresent(Double.self, forKey: .ratingInterval) ?? MatchmakingSetting.defaultRatingInterval)
        }
    }
}
