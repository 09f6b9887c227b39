import Yams

extension TournamentFileReader {
    /// The most rounds a Swiss tournament may have.
    static let maximumRounds = 1_000

    /// `rounds: R`, which `format: swiss` needs and no other format takes.
    func rounds(_ values: [String: Node], format: TournamentFormat) throws(TournamentFileError) -> Int? {
        switch (format, values["rounds"]) {
        case (.swiss, let node?):
            return try integer(node, "rounds", 1...Self.maximumRounds)
        case (.swiss, nil):
            throw fail(
                values["format"],
                "`format: swiss` needs `rounds:`, the number of rounds to play (e.g. `rounds: 7`; about log2 of the number of bots, plus two, ranks a field well)"
            )
        case (_, let node?):
            throw fail(
                node,
                "`rounds` applies to `format: swiss` only, and this file's format is \(format.rawValue); add `format: swiss` or remove `rounds:`")
        case (_, nil):
            return nil
        }
    }
}

extension TournamentFileReader {
    /// `matchmaking: round-robin` (the default) or `matchmaking: adaptive`, with
    /// `rating_interval: E` (Elo either way, adaptive only): a season's (`bots_from:`) round
    /// robin only may be adaptive.
    func matchmaking(_ values: [String: Node], format: TournamentFormat, season: Bool) throws(TournamentFileError) -> MatchmakingSetting {
        var interval: Double?
        if let node = values["rating_interval"] {
            guard let value = node.float, MatchmakingSetting.ratingIntervals.contains(value) else {
                throw fail(
                    node,
                    "`rating_interval` must be a number of Elo points from \(Int(MatchmakingSetting.ratingIntervals.lowerBound)) to \(Int(MatchmakingSetting.ratingIntervals.upperBound)): the 95% interval's half-width a version's rating is settled at (50 unless the file says)"
                )
            }
            interval = value
        }
        guard let node = values["matchmaking"] else {
            if let node = values["rating_interval"] {
                throw fail(node, "`rating_interval` is the target of `matchmaking: adaptive`; add that, or remove `rating_interval:`")
            }
            return .roundRobin
        }
        let name = try string(node, "matchmaking")
        switch name {
        case MatchmakingSetting.roundRobin.name:
            if let node = values["rating_interval"] {
                throw fail(node, "`rating_interval` is the target of `matchmaking: adaptive`, and this file says round-robin; remove one of them")
            }
            return .roundRobin
        case "adaptive":
            guard season else {
                throw fail(
                    node,
                    "`matchmaking: adaptive` chooses a season's games night after night, and this file has no `bots_from:`; add it, or remove `matchmaking:`"
                )
            }
            guard format == .roundRobin else {
                throw fail(
                    node, "`matchmaking: adaptive` replaces a round robin's games, and this file's format is \(format.rawValue); remove one of them")
            }
            return .adaptive(ratingInterval: interval ?? MatchmakingSetting.defaultRatingInterval)
        default:
            throw fail(node, "`matchmaking` must be \(MatchmakingSetting.names.map { "`\($0)`" }.joined(separator: " or ")); got `\(name)`")
        }
    }
}
